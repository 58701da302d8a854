import { stringify } from "yaml";
import { validateDefinition, type ImportReader, type ValidationResult } from "../../../server/playout/definition";

export const MAIN = "main.yaml";

export function validate(text: string, readImport?: ImportReader): ValidationResult {
  return validateDefinition(text, { fileName: MAIN, readImport });
}

/** Errors reduced to what most assertions care about. */
export function pathsAndMessages(result: ValidationResult): Array<{ path: string; message: string }> {
  return result.errors.map(({ path, message }) => ({ path, message }));
}

export function yamlOf(document: unknown): string {
  return stringify(document);
}

/** A reader over an in-memory set of files, keyed by the path written under `import`. */
export function importsFrom(files: Record<string, string>): ImportReader {
  return (path) => (Object.hasOwn(files, path) ? { fileName: path, text: files[path] } : null);
}

/** A collection every document can point its instructions at. */
export const MOVIES = { collection: "Movies", key: "movies", order: "shuffle" };
/** A sequence that is allowed as a roll. */
export const ADS = { key: "ads", items: [{ count: 1, content: "movies" }] };
