import type { PlayoutValidationResult } from "../../../services/playout-validation-service";

/** Exactly one of `definition` and `scheduleFile`. */
export interface PlayoutValidationRequest {
  /** The YAML playout definition itself; its imports resolve under `<dataDir>/definitions/`. */
  definition?: string;
  /** Absolute path of a definition file on the server; its imports resolve relative to its folder. */
  scheduleFile?: string;
}

/** One problem of a definition, located in the file it was found in. */
export interface PlayoutValidationErrorDto {
  /** `definition` for text sent in the request, `definitions/<path>` for its imports; otherwise the file's absolute path. */
  file: string;
  /** 1-based. @isInt */
  line: number;
  /** 1-based. @isInt */
  column: number;
  /** Where in the document, e.g. `playout[3].duration`; empty for the document itself. */
  path: string;
  message: string;
}

export interface PlayoutValidationDto {
  /** True when the definition (and every import) has no errors. */
  valid: boolean;
  /** Every problem, in file order (main file first, then imports), then line and column. */
  errors: PlayoutValidationErrorDto[];
}

export function toPlayoutValidationDto(result: PlayoutValidationResult): PlayoutValidationDto {
  return {
    valid: result.valid,
    errors: result.errors.map(({ file, line, column, path, message }) => ({ file, line, column, path, message })),
  };
}
