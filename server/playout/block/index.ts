export { buildBlockPlayout } from "./build";
export { templateFor } from "./effective-blocks";
export type * from "./types";
