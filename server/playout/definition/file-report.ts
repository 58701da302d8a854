import type { DefinitionError } from "./errors";
import type { SourceLocation } from "./model";
import { formatPath, type Path } from "./path";
import type { Position, SourceIndex } from "./source-index";

/** Collects errors for one file, turning document paths into line/column. */
export class FileReport {
  constructor(
    readonly file: string,
    readonly index: SourceIndex,
    private readonly sink: DefinitionError[],
  ) {}

  /** At the value found at `path` (or its nearest existing parent). */
  atValue(path: Path, message: string): void {
    this.push(this.index.valuePosition(path), path, message);
  }

  /** At the key of the entry at `path`; use for unknown or misused properties. */
  atKey(path: Path, message: string): void {
    this.push(this.index.keyPosition(path), path, message);
  }

  /** At a character inside the string at `path`, when that can be pinpointed. */
  atText(path: Path, offset: number | undefined, message: string): void {
    this.push(offset === undefined ? this.index.valuePosition(path) : this.index.textPosition(path, offset), path, message);
  }

  atPosition(position: Position, path: string, message: string): void {
    this.sink.push({ file: this.file, line: position.line, column: position.column, path, message });
  }

  location(path: Path): SourceLocation {
    const { line, column } = this.index.valuePosition(path);
    return { file: this.file, line, column };
  }

  private push(position: Position, path: Path, message: string): void {
    this.atPosition(position, formatPath(path), message);
  }
}
