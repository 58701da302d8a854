/**
 * YAML playout definitions: `validateDefinition` parses a definition (and its imports, through an
 * injected reader), validates it against the YAML Playout schema and the semantic rules, and
 * returns either located errors or the normalised `PlayoutDefinition` model (see model.ts).
 * Pure: no file system, clock or randomness.
 */
export { validateDefinition, type ValidateOptions, type ValidationResult } from "./validate-definition";
export type { DefinitionError } from "./errors";
export type { ImportReader } from "./imports";
export { yamlPlayoutSchema, yamlPlayoutImportSchema, YAML_PLAYOUT_SCHEMA_ID, YAML_PLAYOUT_IMPORT_SCHEMA_ID } from "./json-schema";
export * from "./model";
