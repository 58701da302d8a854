import fs from "node:fs";
import path from "node:path";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { buildGraphqlSchema } from "../../server/api/graphql/schema";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("committed contracts (run `npm run contracts` after changing the API)", () => {
  it("schema/openapi.json equals the document generated from the controllers", () => {
    const generated = read("server/api/rest/generated/openapi.json");
    expect(JSON.parse(read("schema/openapi.json"))).toEqual(JSON.parse(generated));
  });

  it("schema/schema.graphql equals the schema built from the resolvers", async () => {
    expect(read("schema/schema.graphql")).toBe(printSchema(await buildGraphqlSchema()) + "\n");
  });

  it("every OpenAPI path is versioned and every operation is in the group general", () => {
    const spec = JSON.parse(read("schema/openapi.json"));
    const paths = Object.keys(spec.paths);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      expect(p).toMatch(/^\/api\/v[0-9]+\//);
      for (const [method, operation] of Object.entries<Record<string, unknown>>(spec.paths[p])) {
        expect(operation["x-group"], `${method} ${p}`).toBe("general");
        const exempt = p.startsWith("/api/v1/scan/") || p.startsWith("/api/v1/scripted/playout/build/");
        if (method !== "get" && exempt) expect(operation.security ?? [], `${method} ${p}`).toEqual([]);
        else if (method !== "get") expect(operation.security, `${method} ${p}`).toEqual([{ writeKey: [] }]);
      }
    }
  });
});
