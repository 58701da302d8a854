import type { PlayoutDefinition } from "../playout/definition/model";
import fs from "node:fs";
import path from "node:path";
import { validateDefinition, type DefinitionError, type ImportReader } from "../playout/definition";
import { describeBytes, DomainError } from "./domain-error";
import { locateConfinedFile } from "./files/confined-file";
import { playoutFolders, type PlayoutFolders } from "./files/playout-folders";

/** Definitions sent as text resolve their imports in this folder of the data folder. */
export const DEFINITIONS_FOLDER = "definitions";

/**
 * Largest definition (text, main file or import) that is read and validated: 256 KiB. Hand-written
 * definitions are a few KiB; the parsed YAML tree with positions costs ~40× the text while it is held.
 */
export const MAX_DEFINITION_BYTES = 256 * 1024;

/** The file name errors of a definition sent as text carry (imports carry `definitions/<path>`). */
export const TEXT_DEFINITION_NAME = "definition";

/** The outcome of validating a YAML playout definition; errors are in file, line, column order. */
export interface PlayoutValidationResult {
  valid: boolean;
  errors: DefinitionError[];
  /** The parsed definition, when valid (what a build runs). */
  definition?: PlayoutDefinition;
}

/** Exactly one of the two: a definition's text, or the absolute path of a definition file on the server. */
export interface PlayoutValidationInput {
  definition?: string | null;
  scheduleFile?: string | null;
}

/** A file that could not be read, with a message fit for a validation error. */
class UnreadableFile extends Error {}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a regular file of at most MAX_DEFINITION_BYTES as UTF-8 text. Opens without blocking so a
 * FIFO or device can be refused instead of hanging, and judges the opened file, not the name.
 */
function readDefinitionFile(file: string): string {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    throw new UnreadableFile(describeFsError(error));
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw new UnreadableFile("it is a folder, not a file");
    if (!stat.isFile()) throw new UnreadableFile("it is not a regular file");
    if (stat.size > MAX_DEFINITION_BYTES) throw new UnreadableFile(`the file is larger than the limit of ${describeBytes(MAX_DEFINITION_BYTES)}`);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(fd);
    } catch (error) {
      throw new UnreadableFile(describeFsError(error));
    }
    if (bytes.length > MAX_DEFINITION_BYTES) throw new UnreadableFile(`the file is larger than the limit of ${describeBytes(MAX_DEFINITION_BYTES)}`);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new UnreadableFile("the file is not valid UTF-8 text");
    }
    return text.startsWith("\uFEFF") ? text.slice(1) : text;
  } finally {
    fs.closeSync(fd);
  }
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "ENOTDIR":
      return "a part of the path is not a folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a folder, not a file";
    case "ELOOP":
      return "too many levels of symbolic links";
    default:
      return code ? `the file cannot be read (${code})` : "the file cannot be read";
  }
}

const isInside = (folder: string, target: string): boolean => {
  const relative = path.relative(folder, target);
  return relative !== "" && !relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative);
};

/**
 * An import reader confined to `baseDir`: absolute entries, entries whose `..` leave the folder and
 * entries that a symbolic link leads out of it are refused. It throws with a message for refused or
 * unreadable imports (the validator reports that at the import entry) and returns null for a file
 * that does not exist. `nameOf` gives the name errors and duplicate detection use for a resolved file.
 */
function confinedImportReader(baseDir: string, folderLabel: string, nameOf: (resolved: string) => string): ImportReader {
  let realBase: string | null | undefined;
  return (entry) => {
    if (entry.includes("\0")) throw new Error("the import path contains a NUL character");
    if (path.isAbsolute(entry) || path.win32.isAbsolute(entry)) {
      throw new Error(`an import path must be relative to ${folderLabel}`);
    }
    const resolved = path.resolve(baseDir, entry);
    if (resolved === path.resolve(baseDir)) throw new Error("the import path names a folder, not a file");
    if (!isInside(baseDir, resolved)) throw new Error(`the import path leads outside ${folderLabel}`);
    if (realBase === undefined) {
      try {
        realBase = fs.realpathSync(baseDir);
      } catch {
        realBase = null;
      }
    }
    if (realBase === null) return null;
    let real: string;
    try {
      real = fs.realpathSync(resolved);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      throw new Error(describeFsError(error));
    }
    if (!isInside(realBase, real)) throw new Error(`the import resolves (through a symbolic link) outside ${folderLabel}`);
    try {
      return { fileName: nameOf(resolved), text: readDefinitionFile(real) };
    } catch (error) {
      if (error instanceof UnreadableFile) throw new Error(error.message);
      throw error;
    }
  };
}

/**
 * Validates YAML playout definitions (server/playout/definition) given as text or as a file on the
 * server, with imports read from disk but never from outside the definition's folder. Every
 * problem of the definition, including unreadable or refused files, is a validation error in the
 * result; only a malformed request (not exactly one input, a relative `scheduleFile`) is a DomainError,
 * and text over MAX_DEFINITION_BYTES a TooLarge one (413).
 */
export class PlayoutValidationService {
  private readonly definitionsDir: string;
  private readonly folders: PlayoutFolders;

  constructor(dataDir: string, folders: PlayoutFolders = playoutFolders(dataDir)) {
    this.definitionsDir = path.resolve(dataDir, DEFINITIONS_FOLDER);
    this.folders = folders;
  }

  /** Validates exactly one of `definition` (text) and `scheduleFile` (absolute path on the server). */
  async validate(input: PlayoutValidationInput): Promise<PlayoutValidationResult> {
    const hasText = input.definition !== undefined && input.definition !== null;
    const hasFile = input.scheduleFile !== undefined && input.scheduleFile !== null;
    if (hasText === hasFile) {
      const message = hasText ? "give either definition or scheduleFile, not both" : "give the definition's text or a scheduleFile";
      throw DomainError.validation([
        { field: "definition", message },
        { field: "scheduleFile", message },
      ]);
    }
    return hasText ? this.validateText(input.definition!) : this.validateFile(input.scheduleFile!);
  }

  /** Validates a definition's text; its imports are read from `<dataDir>/definitions/`. */
  async validateText(definition: string): Promise<PlayoutValidationResult> {
    if (Buffer.byteLength(definition, "utf8") > MAX_DEFINITION_BYTES) {
      throw DomainError.tooLarge("definition", MAX_DEFINITION_BYTES);
    }
    const base = this.definitionsDir;
    const readImport = confinedImportReader(base, `the ${DEFINITIONS_FOLDER} folder`, (resolved) =>
      [DEFINITIONS_FOLDER, ...path.relative(base, resolved).split(path.sep)].join("/"),
    );
    return toResult(validateDefinition(stripBom(definition), { fileName: TEXT_DEFINITION_NAME, readImport }));
  }

  /**
   * Validates the definition file at the absolute path `scheduleFile`, which must lie in `<data>/playouts`,
   * `<data>/definitions` or the scripts folder; its imports resolve relative to that file's folder. A file that cannot be read is a validation error naming it.
   */
  async validateFile(scheduleFile: string): Promise<PlayoutValidationResult> {
    if (scheduleFile.trim() === "") throw DomainError.invalid("scheduleFile", "must not be empty");
    if (scheduleFile.includes("\0")) throw DomainError.invalid("scheduleFile", "must not contain a NUL character");
    if (!path.isAbsolute(scheduleFile)) throw DomainError.invalid("scheduleFile", "must be an absolute path");
    const fileName = path.resolve(scheduleFile);
    const { playouts, definitions, scripts } = this.folders;
    const found = locateConfinedFile(fileName, [playouts, definitions, scripts], `the folders definition files are read from (${playouts}, ${definitions} and the scripts folder ${scripts})`);
    if (!found.ok && found.problem === "outside") throw DomainError.invalid("scheduleFile", found.message);
    let text: string;
    try {
      text = readDefinitionFile(fileName);
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      return { valid: false, errors: [{ file: fileName, line: 1, column: 1, path: "", message: `cannot read the file: ${error.message}` }] };
    }
    const readImport = confinedImportReader(path.dirname(fileName), "the definition's folder", (resolved) => resolved);
    return toResult(validateDefinition(text, { fileName, readImport }));
  }
}

const stripBom = (text: string) => (text.startsWith("\uFEFF") ? text.slice(1) : text);

function toResult({ valid, errors, definition }: { valid: boolean; errors: DefinitionError[]; definition?: PlayoutDefinition }): PlayoutValidationResult {
  return { valid, errors, definition };
}
