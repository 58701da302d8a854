export { validateDefinition, type ValidateOptions, type ValidationResult } from "./validate-definition";
export type { DefinitionError } from "./errors";
export type { ImportReader } from "./imports";
export { yamlPlayoutSchema, yamlPlayoutImportSchema, YAML_PLAYOUT_SCHEMA_ID, YAML_PLAYOUT_IMPORT_SCHEMA_ID } from "./json-schema";
export * from "./model";
