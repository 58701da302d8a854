import type { GrammarResult } from "../grammar/grammar-result";
import type { FileReport } from "./file-report";
import type { SourceLocation } from "./model";
import type { Path } from "./path";
import type { ElementOwner, Reference, RollKind } from "./references";

/**
 * Typed access to the fields of one list element. Type errors were already reported by the
 * schema, so a field of the wrong type only marks the element `failed` and yields a placeholder;
 * a failed element is left out of the model (which is only returned when there are no errors).
 */
export class ElementReader {
  failed = false;

  constructor(
    readonly report: FileReport,
    readonly path: Path,
    private readonly raw: Readonly<Record<string, unknown>>,
    readonly owner: ElementOwner,
    private readonly references: Reference[],
  ) {}

  has(name: string): boolean {
    return Object.hasOwn(this.raw, name);
  }

  value(name: string): unknown {
    return this.has(name) ? this.raw[name] : undefined;
  }

  fieldPath(name: string): Path {
    return [...this.path, name];
  }

  location(): SourceLocation {
    return this.report.location(this.path);
  }

  string(name: string): string {
    return this.optionalString(name) ?? this.placeholder("");
  }

  optionalString(name: string): string | undefined {
    const value = this.value(name);
    if (value === undefined) return undefined;
    return typeof value === "string" ? value : this.placeholder(undefined);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.value(name);
    if (value === undefined) return fallback;
    return typeof value === "boolean" ? value : this.placeholder(fallback);
  }

  integer(name: string, fallback?: number): number {
    const value = this.value(name);
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      this.fail(name, "number is too large");
    }
    return typeof value === "number" && Number.isSafeInteger(value) ? value : this.placeholder(0);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.value(name);
    if (value === undefined) return undefined;
    return (allowed as readonly unknown[]).includes(value) ? (value as T) : this.placeholder(undefined);
  }

  /** Reports a problem with a field's value and leaves the element out of the model. */
  fail(name: string, message: string, offset?: number): void {
    this.report.atText(this.fieldPath(name), offset, message);
    this.failed = true;
  }

  /** Reports a problem with how a field is used (points at its key). */
  failAtKey(name: string, message: string): void {
    this.report.atKey(this.fieldPath(name), message);
    this.failed = true;
  }

  /** Runs a grammar on a string field and reports failures as `<label> "<text>": <reason>`. */
  parse<T>(name: string, label: string, grammar: (text: string) => GrammarResult<T>): T | undefined {
    const text = this.optionalString(name);
    if (text === undefined) return undefined;
    const result = grammar(text);
    if (result.ok) return result.value;
    this.fail(name, `${label}: ${result.message}`, result.offset);
    return undefined;
  }

  /** A content key; recorded so that it can be resolved once every file is read. */
  contentKey(name: string): string {
    const key = this.string(name);
    if (typeof this.value(name) === "string") this.addReference("content", name, key, false);
    return key;
  }

  optionalContentKey(name: string): string | undefined {
    const key = this.optionalString(name);
    if (key !== undefined) this.addReference("content", name, key, false);
    return key;
  }

  /** A sequence key; `roll` when it is switched on as a roll, `inlines` for `sequence: KEY`. */
  sequenceKey(name: string, use: { roll?: RollKind; inlines?: boolean } = {}): string | undefined {
    const key = this.optionalString(name);
    if (key !== undefined) this.addReference("sequence", name, key, use.inlines ?? false, use.roll);
    return key;
  }

  private addReference(target: Reference["target"], name: string, key: string, inlines: boolean, roll?: RollKind): void {
    this.references.push({
      target,
      key,
      path: this.fieldPath(name),
      report: this.report,
      inlines,
      roll,
      ownerSequence: this.owner.sequenceKey,
    });
  }

  private placeholder<T>(value: T): T {
    this.failed = true;
    return value;
  }
}
