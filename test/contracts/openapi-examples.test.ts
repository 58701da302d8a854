import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const spec = JSON.parse(fs.readFileSync(path.join(root, "schema/openapi.json"), "utf8"));
const examples: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(root, "build/codegen/openapi-examples.json"), "utf8"));

const bodies = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([route, item]) =>
  Object.entries(item)
    .filter(([, operation]) => operation.requestBody)
    .map(([method, operation]) => ({ route, method, operation })),
);

describe("request body examples in schema/openapi.json", () => {
  it("every request body has an example, and every example belongs to an operation", () => {
    expect(bodies.filter(({ operation }) => operation.requestBody.content["application/json"].example === undefined).map((b) => b.operation.operationId)).toEqual([]);
    const operationIds = new Set(bodies.map((b) => b.operation.operationId));
    expect(Object.keys(examples).filter((id) => !operationIds.has(id))).toEqual([]);
  });

  it("every example is valid against its request body schema", () => {
    // OpenAPI 3.0 schemas: `nullable`, `example` and int32/double formats are not JSON Schema keywords ajv checks.
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(spec, "openapi");
    const invalid: string[] = [];
    for (const { route, method, operation } of bodies) {
      const pointer = `/paths/${route.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/requestBody/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: `openapi#${pointer}` });
      if (!validate(operation.requestBody.content["application/json"].example)) invalid.push(`${operation.operationId}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(invalid).toEqual([]);
  });
});
