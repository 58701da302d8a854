/** Media search in SQL: the query model (`ast`) and its compiler to one parameterised WHERE expression. */
export * from "./ast";
export { compileSearchQuery, type CompileOptions, type SqlFragment, type SqlParam } from "./compile";
