/** How a YAML value reads in an error message: `a string ("abc")`, `an integer (30)`, `a list`. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "no value";
  if (typeof value === "string") return `a string (${quote(value)})`;
  if (typeof value === "number") return Number.isInteger(value) ? `an integer (${value})` : `a number (${value})`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a list";
  return "a mapping";
}

/** JSON-quoted, shortened to stay readable in one line. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "true or false",
  null: "no value",
  array: "a list",
  object: "a mapping",
};

/** `["integer", "string"]` → `an integer or a string`; `["boolean", "string"]` → `a boolean or a string`. */
export function describeTypes(types: readonly string[]): string {
  if (types.length === 1) return TYPE_NAMES[types[0]] ?? types[0];
  return types.map((type) => (type === "boolean" ? "a boolean" : (TYPE_NAMES[type] ?? type))).join(" or ");
}
