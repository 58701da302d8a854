import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const spec = JSON.parse(fs.readFileSync(path.join(root, "schema/openapi.json"), "utf8"));
const operations = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([route, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, route, operation })),
);

describe("every operation in schema/openapi.json documents itself", () => {
  it("has a summary and a description", () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map((o) => o.name)).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.description?.trim()).map((o) => o.name)).toEqual([]);
  });

  it("declares the errors it can return: 404 where the path names something, 400 or 422 where it takes a body", () => {
    const codes = (operation: any) => Object.keys(operation.responses ?? {});
    expect(operations.filter(({ route, operation }) => route.includes("{") && !codes(operation).includes("404")).map((o) => o.name)).toEqual([]);
    expect(operations.filter(({ operation }) => operation.requestBody && !codes(operation).some((c) => c === "400" || c === "422")).map((o) => o.name)).toEqual([]);
  });
});
