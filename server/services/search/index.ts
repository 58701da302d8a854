/**
 * The search query language of smart collections and media search: a pure parser from query text to
 * the `SearchNode` tree (defined in `server/db/search/ast.ts`, compiled to SQL in `server/db/search`).
 */
export * from "../../db/search/ast";
export { SearchQueryError } from "./errors";
export { closestMatch, SEARCH_FIELD_NAMES, SEARCH_FIELDS, type FieldSpec } from "./fields";
export { MAX_NESTING, parseSearchQuery } from "./parser";
export {
  expandSmartCollections,
  MAX_SMART_COLLECTION_DEPTH,
  MAX_SMART_COLLECTION_EXPANSIONS,
  parseAndExpandSearchQuery,
  validateSmartCollectionQuery,
  type ExpandOptions,
  type SmartCollectionResolver,
} from "./expand";
