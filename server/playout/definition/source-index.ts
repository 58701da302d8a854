import { formatPath, type Path } from "./path";

/** 1-based line and column in a source file. */
export interface Position {
  line: number;
  column: number;
}

interface NodePositions {
  value: Position;
  key?: Position;
  /**
   * Column of the first character of a one-line string whose source text is exactly its value
   * (no escapes or folding), so that offsets into the value map to columns.
   */
  verbatimColumn?: number;
}

const START: Position = { line: 1, column: 1 };

/** Where each value (and its key) of a parsed document sits in the source text. */
export class SourceIndex {
  private readonly nodes = new Map<string, NodePositions>();

  record(path: Path, positions: NodePositions): void {
    this.nodes.set(formatPath(path), positions);
  }

  setValuePosition(path: Path, value: Position): void {
    const id = formatPath(path);
    this.nodes.set(id, { ...this.nodes.get(id), value, verbatimColumn: undefined });
  }

  /** The value at `path`, or the nearest recorded ancestor when the value does not exist. */
  valuePosition(path: Path): Position {
    for (let length = path.length; length >= 0; length -= 1) {
      const found = this.nodes.get(formatPath(path.slice(0, length)));
      if (found) return found.value;
    }
    return START;
  }

  /** The key of the mapping entry at `path`; falls back to the value position. */
  keyPosition(path: Path): Position {
    return this.nodes.get(formatPath(path))?.key ?? this.valuePosition(path);
  }

  /** A character inside a string value, when the value is written verbatim on one line. */
  textPosition(path: Path, offset: number): Position {
    const found = this.nodes.get(formatPath(path));
    if (found?.verbatimColumn === undefined) return this.valuePosition(path);
    return { line: found.value.line, column: found.verbatimColumn + offset };
  }
}
