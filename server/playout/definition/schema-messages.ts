import type { ErrorObject } from "ajv/dist/2020";
import { describeTypes, describeValue, quote } from "./describe-value";
import type { FileReport } from "./file-report";
import { formatPath, type Path, type PathSegment } from "./path";
import { suggest } from "./suggest";

/** An ajv error restated for a person: where to look and what to change. */
export interface SchemaProblem {
  path: Path;
  /** `key`: point at the property name (unknown properties); `value`: at the value. */
  anchor: "key" | "value";
  message: string;
  /** For a missing required property: its name. */
  missing?: string;
  /** For an unknown property: the property it probably misspells. */
  suggested?: string;
}

/** The form an element was matched to, so that a second identifying key can be explained. */
export interface FormContext {
  noun: "instruction" | "content definition";
  formKey: string;
  /** Keys that identify other forms of the same list. */
  otherFormKeys: ReadonlySet<string>;
}

/**
 * Rewrites one ajv error. `data` is the value ajv validated and `base` its path in the document.
 * Returns undefined for errors that another error already explains.
 */
export function describeSchemaError(
  error: ErrorObject,
  data: unknown,
  base: Path,
  context?: FormContext,
): SchemaProblem | undefined {
  const relative = toSegments(error.instancePath, data);
  const path = [...base, ...relative];
  const value = valueAt(data, relative);
  switch (error.keyword) {
    case "required": {
      if (error.schemaPath.startsWith("#/anyOf/")) return undefined;
      const missing = String(error.params.missingProperty);
      return { path, anchor: "value", message: `missing required property "${missing}"`, missing };
    }
    case "anyOf":
      return { path, anchor: "value", message: describeAlternativesMissing(error) };
    case "additionalProperties":
      return describeUnknownProperty(String(error.params.additionalProperty), path, error, context);
    case "type":
      return { path, anchor: "value", message: describeWrongType(error, path, value) };
    case "enum":
      return { path, anchor: "value", message: describeBadEnum(error.params.allowedValues as unknown[], value) };
    case "minItems": {
      const limit = Number(error.params.limit);
      return { path, anchor: "value", message: `expected at least ${limit} item${limit === 1 ? "" : "s"}, got an empty list` };
    }
    default:
      return { path, anchor: "value", message: error.message ?? "invalid value" };
  }
}

/** `/playout/3/duration` → `["playout", 3, "duration"]`, telling list indexes from keys by the data. */
function toSegments(pointer: string, data: unknown): PathSegment[] {
  if (pointer === "") return [];
  const segments: PathSegment[] = [];
  let current = data;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const segment: PathSegment = Array.isArray(current) ? Number(key) : key;
    segments.push(segment);
    current = current !== null && typeof current === "object" ? (current as Record<PathSegment, unknown>)[segment] : undefined;
  }
  return segments;
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let current = data;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

function describeAlternativesMissing(error: ErrorObject): string {
  const branches = ((error.parentSchema as { anyOf?: Array<{ required?: string[] }> } | undefined)?.anyOf ?? []);
  const keys = branches.flatMap((branch) => branch.required ?? []).map((key) => `"${key}"`);
  return keys.length > 0 ? `missing required property ${keys.join(" or ")}` : (error.message ?? "invalid value");
}

function describeUnknownProperty(key: string, objectPath: Path, error: ErrorObject, context?: FormContext): SchemaProblem {
  const path = [...objectPath, key];
  if (context?.otherFormKeys.has(key)) {
    return {
      path,
      anchor: "key",
      message: `"${key}" cannot be combined with "${context.formKey}"; each ${context.noun} has exactly one form (split it in two)`,
    };
  }
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const allowed = Object.keys(properties);
  const guess = suggest(key, allowed);
  if (guess) return { path, anchor: "key", message: `unknown property "${key}"; did you mean "${guess}"?`, suggested: guess };
  return { path, anchor: "key", message: `unknown property "${key}"; allowed here: ${allowed.join(", ")}` };
}

/**
 * Reports problems, leaving out "missing required property X" when a misspelt property in the
 * same mapping already says "did you mean X?".
 */
export function reportSchemaProblems(problems: readonly SchemaProblem[], report: FileReport): void {
  const explained = new Set(
    problems.filter((p) => p.suggested !== undefined).map((p) => `${formatPath(p.path.slice(0, -1))}\u0000${p.suggested}`),
  );
  for (const problem of problems) {
    if (problem.missing !== undefined && explained.has(`${formatPath(problem.path)}\u0000${problem.missing}`)) continue;
    if (problem.anchor === "key") report.atKey(problem.path, problem.message);
    else report.atValue(problem.path, problem.message);
  }
}

/** Hints for text fields that people tend to write as numbers. */
const TEXT_FIELD_HINTS: Readonly<Record<string, string>> = {
  duration: `write a duration with a unit in quotes, e.g. "30 minutes"`,
  pad_until: `write a time of day in quotes, e.g. "18:30"`,
  wait_until: `write a time of day in quotes, e.g. "18:30"`,
  rewind: `write a time span in quotes, e.g. "00:05:30"`,
};

function describeWrongType(error: ErrorObject, path: Path, value: unknown): string {
  const expected = ([] as string[]).concat(error.params.type as string | string[]);
  const property = path.length > 0 ? path[path.length - 1] : undefined;
  if (expected.length === 1 && expected[0] === "null" && typeof property === "string") {
    return `"${property}" takes no value; write "${property}:" with nothing after it`;
  }
  const message = `expected ${describeTypes(expected)}, got ${describeValue(value)}`;
  const hint = typeHint(expected, typeof property === "string" ? property : undefined, value);
  return hint ? `${message}; ${hint}` : message;
}

function typeHint(expected: string[], property: string | undefined, value: unknown): string | undefined {
  const scalar = typeof value === "number" || typeof value === "boolean";
  if (expected.length === 1 && expected[0] === "string" && scalar) {
    return (property && TEXT_FIELD_HINTS[property]) ?? "put the value in quotes to make it a string";
  }
  if (expected.includes("integer") && typeof value === "string" && /^-?\d+$/.test(value.trim())) {
    return "remove the quotes to make it a number";
  }
  if (expected.includes("integer") && typeof value === "number") return "use a whole number";
  if (expected.includes("boolean") && typeof value === "string" && /^(yes|no|on|off|true|false)$/i.test(value.trim())) {
    return "write true or false without quotes";
  }
  return undefined;
}

function describeBadEnum(allowed: unknown[], value: unknown): string {
  const message = `expected one of ${allowed.map(String).join(", ")}; got ${typeof value === "string" ? quote(value) : describeValue(value)}`;
  const guess = typeof value === "string" ? suggest(value, allowed.map(String)) : undefined;
  return guess ? `${message} (did you mean "${guess}"?)` : message;
}
