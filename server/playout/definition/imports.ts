import type { DefinitionError } from "./errors";
import { loadFile, type ImportEntry, type LoadedFile } from "./load-file";

/**
 * Resolves an `import` entry written in `fromFile` (the main file's name). Returns the resolved
 * file name (used in errors and locations) and its text, or null when there is no such file.
 * The validator never touches the file system itself.
 */
export type ImportReader = (path: string, fromFile: string) => { fileName: string; text: string } | null;

export interface LoadedImport {
  entry: ImportEntry;
  file: LoadedFile;
}

/**
 * Reads every import of the main file. Imported files cannot import (their schema forbids it),
 * so the only possible cycles are a file importing itself or the same file twice; both are errors.
 * A missing import is an error (upstream silently builds nothing: reference §1.4, §10 item 3).
 */
export function loadImports(main: LoadedFile, readImport: ImportReader | undefined, sink: DefinitionError[]): LoadedImport[] {
  const loaded: LoadedImport[] = [];
  const firstImportOf = new Map<string, ImportEntry>();
  for (const entry of main.imports) {
    const report = (message: string) => main.report.atValue(entry.valuePath, message);
    if (!readImport) {
      report(`cannot read import "${entry.path}": imports are not available here`);
      continue;
    }
    let resolved: ReturnType<ImportReader>;
    try {
      resolved = readImport(entry.path, main.fileName);
    } catch (error) {
      report(`cannot read import "${entry.path}": ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (resolved === null) {
      report(`import not found: "${entry.path}"`);
      continue;
    }
    if (resolved.fileName === main.fileName) {
      report(`import "${entry.path}" is this file itself`);
      continue;
    }
    const earlier = firstImportOf.get(resolved.fileName);
    if (earlier) {
      report(`"${resolved.fileName}" is already imported at line ${earlier.location.line}`);
      continue;
    }
    firstImportOf.set(resolved.fileName, entry);
    loaded.push({ entry, file: loadFile(resolved.text, resolved.fileName, "import", sink) });
  }
  return loaded;
}
