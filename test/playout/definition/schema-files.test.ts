import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, test } from "vitest";
import { yamlPlayoutImportSchema, yamlPlayoutSchema } from "../../../server/playout/definition/json-schema";

// Regenerate with: UPDATE_SCHEMA_FILES=1 npx vitest run test/playout/definition/schema-files.test.ts
const SCHEMA_DIR = path.resolve(__dirname, "../../../schema");
const FILES = [
  { name: "yaml-playout.schema.json", schema: yamlPlayoutSchema },
  { name: "yaml-playout-import.schema.json", schema: yamlPlayoutImportSchema },
];

describe("schema files in schema/", () => {
  for (const { name, schema } of FILES) {
    const expected = JSON.stringify(schema, null, 2) + "\n";
    const file = path.join(SCHEMA_DIR, name);
    if (process.env.UPDATE_SCHEMA_FILES === "1") fs.writeFileSync(file, expected);

    test(`${name} matches the exported schema object`, () => {
      expect(fs.readFileSync(file, "utf8")).toBe(expected);
    });
  }

  test("both schemas compile under ajv strict mode", () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    expect(() => ajv.compile(yamlPlayoutSchema)).not.toThrow();
    expect(() => ajv.compile(yamlPlayoutImportSchema)).not.toThrow();
  });

  test("the main schema is titled YAML Playout and targets draft 2020-12", () => {
    expect(yamlPlayoutSchema.title).toBe("YAML Playout");
    expect(yamlPlayoutSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });
});
