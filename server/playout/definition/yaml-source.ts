import type { Document, Node, Scalar, YAMLMap } from "yaml";
import { yamlLibrary } from "./yaml-library";
import { formatPath, type Path, type PathSegment } from "./path";
import { SourceIndex, type Position } from "./source-index";

export interface YamlProblem {
  position: Position;
  path: string;
  message: string;
}

export interface ParsedYaml {
  /** Plain JSON-like data: null-prototype objects, arrays, strings, numbers, booleans, null. */
  data: unknown;
  index: SourceIndex;
  problems: YamlProblem[];
  /** True when the text is not well-formed YAML; `data` is then not worth validating. */
  malformed: boolean;
}

/** Guards against deeply nested input and alias expansion ("billion laughs"). */
const MAX_DEPTH = 64;
const MAX_VALUES = 50_000;

/**
 * Parses YAML 1.2 (core schema: a quoted "30" stays a string) and records the position of every
 * value and key. Duplicate keys are reported and the first occurrence is kept.
 */
export function parseYamlSource(text: string): ParsedYaml {
  const { LineCounter, parseDocument } = yamlLibrary();
  const lineCounter = new LineCounter();
  const index = new SourceIndex();
  const problems: YamlProblem[] = [];
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  let document: Document.Parsed;
  try {
    document = parseDocument(text, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: false,
      version: "1.2",
      schema: "core",
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problems.push({ position: { line: 1, column: 1 }, path: "", message: `YAML could not be parsed: ${message}` });
    return { data: null, index, problems, malformed: true };
  }

  for (const error of [...document.errors, ...document.warnings]) {
    problems.push({ position: at(error.pos[0]), path: "", message: yamlMessage(error.code, error.message) });
  }
  if (document.errors.length > 0) return { data: null, index, problems, malformed: true };

  const converter = new Converter(document, text, index, problems, at);
  const data = converter.convert(document.contents, [], 0);
  return { data, index, problems, malformed: false };
}

function yamlMessage(code: string, message: string): string {
  if (code === "MULTIPLE_DOCS") return "the file must hold one YAML document (remove the extra ---)";
  if (code === "TAG_RESOLVE_FAILED") return `${message}; YAML tags are not supported here`;
  return message;
}

class Converter {
  private values = 0;
  private reportedTooLarge = false;

  constructor(
    private readonly document: Document.Parsed,
    private readonly text: string,
    private readonly index: SourceIndex,
    private readonly problems: YamlProblem[],
    private readonly at: (offset: number) => Position,
  ) {}

  /** `key` is the position of the mapping key holding this value, if any. */
  convert(node: unknown, path: Path, depth: number, key?: Position): unknown {
    if (node === null || node === undefined) return null;
    if (depth > MAX_DEPTH) return this.refuse(node, path, `values are nested more than ${MAX_DEPTH} levels deep`);
    this.values += 1;
    if (this.values > MAX_VALUES) {
      if (this.reportedTooLarge) return null;
      this.reportedTooLarge = true;
      return this.refuse(node, path, `the document has more than ${MAX_VALUES} values (check aliases)`);
    }
    const { isAlias, isMap, isScalar, isSeq } = yamlLibrary();
    if (isAlias(node)) {
      const target = node.resolve(this.document);
      if (!target) return this.refuse(node, path, `unknown alias *${node.source}`);
      const data = this.convert(target, path, depth + 1, key);
      if (node.range) this.index.setValuePosition(path, this.at(node.range[0]));
      return data;
    }
    if (isScalar(node)) return this.convertScalar(node, path, key);
    if (isMap(node)) return this.convertMap(node, path, depth, key);
    if (isSeq(node)) {
      this.index.record(path, { key, value: this.nodeStart(node, path) });
      return node.items.map((item, i) => this.convert(item, [...path, i], depth + 1));
    }
    return null;
  }

  private convertScalar(node: Scalar, path: Path, key: Position | undefined): unknown {
    const value: unknown = node.value;
    const position = this.nodeStart(node, path);
    if (value === null || typeof value === "boolean" || typeof value === "number") {
      this.index.record(path, { key, value: position });
      return value;
    }
    if (typeof value === "string") {
      this.index.record(path, { key, value: position, verbatimColumn: this.verbatimColumn(node, value) });
      return value;
    }
    this.index.record(path, { key, value: position });
    this.problems.push({ position, path: formatPath(path), message: "unsupported YAML value; use a string, number or boolean" });
    return String(node.source ?? "");
  }

  private convertMap(node: YAMLMap<unknown, unknown>, path: Path, depth: number, key: Position | undefined): unknown {
    this.index.record(path, { key, value: this.nodeStart(node, path) });
    const result: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const seen = new Set<string>();
    const { isAlias, isScalar } = yamlLibrary();
    for (const pair of node.items) {
      const keyNode = isAlias(pair.key) ? pair.key.resolve(this.document) : pair.key;
      const keyPosition = this.positionOf(pair.key, path);
      if (!isScalar(keyNode) || keyNode.value === null || typeof keyNode.value === "object") {
        this.problems.push({ position: keyPosition, path: formatPath(path), message: "mapping keys must be plain strings" });
        continue;
      }
      const name = String(keyNode.value);
      const childPath: PathSegment[] = [...path, name];
      if (seen.has(name)) {
        this.problems.push({ position: keyPosition, path: formatPath(childPath), message: `duplicate key "${name}"` });
        continue;
      }
      seen.add(name);
      // A key without a value (`? key`) has no node of its own: it is located at its key.
      if (pair.value === null || pair.value === undefined) this.index.record(childPath, { key: keyPosition, value: keyPosition });
      result[name] = this.convert(pair.value, childPath, depth + 1, keyPosition);
    }
    return result;
  }

  private refuse(node: unknown, path: Path, message: string): null {
    this.problems.push({ position: this.positionOf(node, path), path: formatPath(path), message });
    return null;
  }

  private nodeStart(node: Node, path: Path): Position {
    return node.range ? this.at(node.range[0]) : this.index.valuePosition(path);
  }

  private positionOf(node: unknown, path: Path): Position {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? this.at(range[0]) : this.index.valuePosition(path);
  }

  private verbatimColumn(node: Scalar, value: string): number | undefined {
    if (!node.range || value.includes("\n")) return undefined;
    const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
    if (!quoted && node.type !== "PLAIN") return undefined;
    const start = node.range[0] + (quoted ? 1 : 0);
    if (this.text.slice(start, start + value.length) !== value) return undefined;
    return this.at(start).column;
  }
}
