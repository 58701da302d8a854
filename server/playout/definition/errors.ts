/** One problem found in a definition, located so a person can go and fix it. */
export interface DefinitionError {
  /** The main file's name, or an import's resolved file name. */
  file: string;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
  /** Where in the document, e.g. `playout[3].duration`; empty for the document itself. */
  path: string;
  message: string;
}
