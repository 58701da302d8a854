import { checkReferences } from "./check-references";
import { checkRollSequences, checkSequenceCycles } from "./check-sequences";
import type { DefinitionError } from "./errors";
import { flattenedSize } from "./flattened-size";
import { loadImports, type ImportReader, type LoadedImport } from "./imports";
import { registerKeys } from "./key-registry";
import { loadFile, type ContentEntry, type LoadedFile, type SequenceEntry } from "./load-file";
import { MAX_FLATTENED_INSTRUCTIONS, type PlayoutDefinition, type SequenceDefinition } from "./model";

export interface ValidateOptions {
  /** Name of the main file, used in errors and source locations. */
  fileName: string;
  /** Reads `import` entries; without it any `import` is an error. */
  readImport?: ImportReader;
}

export interface ValidationResult {
  valid: boolean;
  /** Every problem found, in file order (main file first, then imports), then line and column. */
  errors: DefinitionError[];
  /** Present exactly when `valid`. */
  definition?: PlayoutDefinition;
}

/** Parses and validates a YAML playout definition and its imports; pure, never throws on bad input. */
export function validateDefinition(text: string, options: ValidateOptions): ValidationResult {
  const errors: DefinitionError[] = [];
  const main = loadFile(text, options.fileName, "main", errors);
  const imports = loadImports(main, options.readImport, errors);
  const files = [main, ...imports.map((loaded) => loaded.file)];

  const content = registerKeys(files.flatMap((file) => file.content), "content");
  const sequences = registerKeys(files.flatMap((file) => file.sequences), "sequence");
  const references = files.flatMap((file) => file.references);
  const allImportsRead = imports.length === main.imports.length;
  checkReferences(
    references,
    { keys: new Set(content.keys()), complete: allImportsRead && files.every((file) => file.contentKeysKnown) },
    { keys: new Set(sequences.keys()), complete: allImportsRead && files.every((file) => file.sequenceKeysKnown) },
  );
  checkRollSequences(references, sequences);
  checkSequenceCycles(references, sequences);

  let definition: PlayoutDefinition | undefined;
  if (errors.length === 0) {
    definition = assemble(main, imports, content, sequences);
    if (flattenedSize(definition.playout, definition.sequences, MAX_FLATTENED_INSTRUCTIONS) > MAX_FLATTENED_INSTRUCTIONS) {
      main.report.atKey(
        ["playout"],
        `the playout has more than ${MAX_FLATTENED_INSTRUCTIONS} instructions once sequences are inserted; reduce repeat counts or nesting`,
      );
      definition = undefined;
    }
  }
  return { valid: errors.length === 0, errors: sortErrors(errors, files), definition };
}

/** Only called without errors, when every element has a model. */
function assemble(
  main: LoadedFile,
  imports: LoadedImport[],
  contentByKey: ReadonlyMap<string, ContentEntry>,
  sequenceByKey: ReadonlyMap<string, SequenceEntry>,
): PlayoutDefinition {
  const content = [...contentByKey.values()].map((entry, index) => ({ ...entry.source!, index }));
  const sequences = new Map<string, SequenceDefinition>();
  for (const [key, entry] of sequenceByKey) {
    sequences.set(key, { key, items: entry.items.map((item) => item.instruction!), location: entry.location });
  }
  return {
    content,
    contentByKey: new Map(content.map((source) => [source.key, source])),
    sequences,
    reset: main.reset.map((instruction) => instruction!),
    playout: main.playout.map((instruction) => instruction!),
    imports: imports.map(({ entry, file }) => ({ path: entry.path, fileName: file.fileName, location: entry.location })),
  };
}

function sortErrors(errors: DefinitionError[], files: LoadedFile[]): DefinitionError[] {
  const fileOrder = new Map(files.map((file, i) => [file.fileName, i]));
  return errors
    .map((error, i) => ({ error, i }))
    .sort(
      (a, b) =>
        (fileOrder.get(a.error.file) ?? 0) - (fileOrder.get(b.error.file) ?? 0) ||
        a.error.line - b.error.line ||
        a.error.column - b.error.column ||
        a.i - b.i,
    )
    .map(({ error }) => error);
}
