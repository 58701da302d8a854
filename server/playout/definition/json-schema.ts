import { CONTENT_DEFS, INSTRUCTION_DEFS, RESET_DEFS, ref, type JsonSchema } from "./json-schema-defs";

export type { JsonSchema } from "./json-schema-defs";

export const YAML_PLAYOUT_SCHEMA_ID = "urn:airwave:schema:yaml-playout";
export const YAML_PLAYOUT_IMPORT_SCHEMA_ID = "urn:airwave:schema:yaml-playout-import";
const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** "At least one of these keys", written so that ajv's strictRequired accepts it. */
function atLeastOneOf(keys: string[]): JsonSchema[] {
  return keys.map((key) => ({ properties: { [key]: true }, required: [key] }));
}

/** The YAML Playout schema (spec §2); written to schema/yaml-playout.schema.json. */
export const yamlPlayoutSchema: JsonSchema = {
  $schema: DRAFT_2020_12,
  $id: YAML_PLAYOUT_SCHEMA_ID,
  title: "YAML Playout",
  description: "A playout definition: content sources, reusable sequences, reset instructions and playout instructions.",
  type: "object",
  properties: {
    import: { type: "array", minItems: 1, items: { type: "string" } },
    content: { type: "array", minItems: 1, items: ref("content") },
    sequence: { type: "array", items: ref("sequenceDefinition") },
    reset: { type: "array", items: ref("resetInstruction") },
    playout: { type: "array", minItems: 1, items: ref("instruction") },
  },
  required: ["playout"],
  anyOf: atLeastOneOf(["import", "content"]),
  additionalProperties: false,
  $defs: { ...CONTENT_DEFS, ...INSTRUCTION_DEFS, ...RESET_DEFS },
};

/** Schema of a file listed under `import`: only `content` and `sequence`, at least one of them. */
export const yamlPlayoutImportSchema: JsonSchema = {
  $schema: DRAFT_2020_12,
  $id: YAML_PLAYOUT_IMPORT_SCHEMA_ID,
  title: "YAML Playout Import",
  description: "A file imported by a YAML Playout definition; it adds content and sequences.",
  type: "object",
  properties: {
    content: { type: "array", minItems: 1, items: ref("content") },
    sequence: { type: "array", items: ref("sequenceDefinition") },
  },
  anyOf: atLeastOneOf(["content", "sequence"]),
  additionalProperties: false,
  $defs: { ...CONTENT_DEFS, ...INSTRUCTION_DEFS },
};
