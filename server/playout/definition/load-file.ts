import { checkElement } from "./check-element";
import { ElementReader } from "./element-reader";
import type { DefinitionError } from "./errors";
import { FileReport } from "./file-report";
import type { ContentForm, ElementKind, FormSpec } from "./forms";
import type { ContentSource, Instruction, ResetInstruction, SourceLocation } from "./model";
import { normaliseContent } from "./normalise-content";
import { normaliseInstruction, normaliseResetInstruction } from "./normalise-instruction";
import type { Path } from "./path";
import type { ElementOwner, Reference } from "./references";
import { describeSchemaError, reportSchemaProblems } from "./schema-messages";
import { validateDocumentShape, type FileKind } from "./schema-validation";
import { parseYamlSource } from "./yaml-source";

export interface ImportEntry {
  path: string;
  valuePath: Path;
  location: SourceLocation;
}

export interface ContentEntry {
  key?: string;
  keyPath: Path;
  report: FileReport;
  source?: ContentSource;
}

export interface SequenceItem {
  form?: FormSpec;
  path: Path;
  report: FileReport;
  instruction?: Instruction;
}

export interface SequenceEntry {
  key?: string;
  keyPath: Path;
  report: FileReport;
  location: SourceLocation;
  items: SequenceItem[];
}

/** One file read into per-element models plus what must be resolved across files. */
export interface LoadedFile {
  fileName: string;
  report: FileReport;
  imports: ImportEntry[];
  content: ContentEntry[];
  sequences: SequenceEntry[];
  reset: Array<ResetInstruction | undefined>;
  playout: Array<Instruction | undefined>;
  references: Reference[];
  /** False when some content key of this file could not be read, so references to it cannot be judged. */
  contentKeysKnown: boolean;
  /** Likewise for sequence keys. */
  sequenceKeysKnown: boolean;
}

const EMPTY_FILE_MESSAGES: Readonly<Record<FileKind, string>> = {
  main: `the file is empty; a playout definition needs "playout" and "content" (or "import")`,
  import: `the file is empty; an imported file needs "content" or "sequence"`,
};

/** Parses and checks one file (the main definition or an import) on its own. */
export function loadFile(text: string, fileName: string, kind: FileKind, sink: DefinitionError[]): LoadedFile {
  const parsed = parseYamlSource(text);
  const report = new FileReport(fileName, parsed.index, sink);
  const file: LoadedFile = {
    fileName,
    report,
    imports: [],
    content: [],
    sequences: [],
    reset: [],
    playout: [],
    references: [],
    contentKeysKnown: false,
    sequenceKeysKnown: false,
  };
  for (const problem of parsed.problems) report.atPosition(problem.position, problem.path, problem.message);
  if (parsed.malformed) return file;
  if (parsed.data === null) {
    report.atValue([], EMPTY_FILE_MESSAGES[kind]);
    return file;
  }
  const problems = validateDocumentShape(parsed.data, kind).map((error) => describeSchemaError(error, parsed.data, []));
  reportSchemaProblems(problems.filter((problem) => problem !== undefined), report);
  if (!isMapping(parsed.data)) return file;
  new FileLoader(file, sink).load(parsed.data);
  return file;
}

function isMapping(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The list is absent, or a non-empty list whose entries all have a string `key`. */
function keysReadable(data: Readonly<Record<string, unknown>>, list: string): boolean {
  if (!Object.hasOwn(data, list)) return true;
  const entries = data[list];
  return Array.isArray(entries) && entries.length > 0 && entries.every((entry) => isMapping(entry) && typeof entry.key === "string");
}

function listAt(data: Readonly<Record<string, unknown>>, key: string): unknown[] {
  const value = Object.hasOwn(data, key) ? data[key] : undefined;
  return Array.isArray(value) ? value : [];
}

class FileLoader {
  constructor(
    private readonly file: LoadedFile,
    private readonly sink: DefinitionError[],
  ) {}

  load(data: Readonly<Record<string, unknown>>): void {
    const { report } = this.file;
    this.file.contentKeysKnown = keysReadable(data, "content");
    this.file.sequenceKeysKnown = keysReadable(data, "sequence");
    listAt(data, "import").forEach((entry, i) => {
      if (typeof entry === "string") this.file.imports.push({ path: entry, valuePath: ["import", i], location: report.location(["import", i]) });
    });
    listAt(data, "content").forEach((entry, i) => this.file.content.push(this.loadContent(entry, ["content", i])));
    listAt(data, "sequence").forEach((entry, i) => {
      const sequence = this.loadSequence(entry, ["sequence", i]);
      if (sequence) this.file.sequences.push(sequence);
    });
    listAt(data, "reset").forEach((entry, i) => {
      this.file.reset.push(this.loadElement("reset", entry, ["reset", i], { section: "reset" }).model as ResetInstruction | undefined);
    });
    listAt(data, "playout").forEach((entry, i) => {
      this.file.playout.push(this.loadElement("instruction", entry, ["playout", i], { section: "playout" }).model as Instruction | undefined);
    });
  }

  private loadContent(entry: unknown, path: Path): ContentEntry {
    const key = isMapping(entry) && typeof entry.key === "string" ? entry.key : undefined;
    const { model } = this.loadElement("content", entry, path, { section: "content" });
    return { key, keyPath: [...path, "key"], report: this.file.report, source: model as ContentSource | undefined };
  }

  private loadSequence(entry: unknown, path: Path): SequenceEntry | undefined {
    if (!isMapping(entry)) return undefined;
    const { report } = this.file;
    const key = typeof entry.key === "string" ? entry.key : undefined;
    if (key !== undefined && key.trim() === "") report.atValue([...path, "key"], "key must not be empty");
    const owner: ElementOwner = { section: "sequence", sequenceKey: key };
    const items = listAt(entry, "items").map((item, j): SequenceItem => {
      const itemPath = [...path, "items", j];
      const { form, model } = this.loadElement("instruction", item, itemPath, owner);
      return { form, path: itemPath, report, instruction: model as Instruction | undefined };
    });
    return { key, keyPath: [...path, "key"], report, location: report.location(path), items };
  }

  /** Checks one list element against its form and builds its model. */
  private loadElement(
    element: ElementKind,
    entry: unknown,
    path: Path,
    owner: ElementOwner,
  ): { form?: FormSpec; model?: ContentSource | Instruction | ResetInstruction } {
    const errorsBefore = this.sink.length;
    const form = checkElement(element, entry, path, this.file.report);
    if (!form || !isMapping(entry)) return { form };
    const reader = new ElementReader(this.file.report, path, entry, owner, this.file.references);
    const model =
      element === "content"
        ? normaliseContent(form as ContentForm, reader)
        : element === "reset"
          ? normaliseResetInstruction(form, reader)
          : normaliseInstruction(form, reader);
    // Every element left out of the model must have been reported, or the model would be incomplete.
    if (!model && this.sink.length === errorsBefore) this.file.report.atValue(path, "this entry could not be read");
    return { form, model };
  }
}
