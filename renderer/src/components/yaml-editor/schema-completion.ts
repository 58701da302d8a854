/**
 * Completion of keys and enum values from the committed JSON schema of the YAML playout format
 * (schema/yaml-playout.schema.json): the schema is the server's contract, not a rule of the UI.
 */
import playoutSchema from "../../../../schema/yaml-playout.schema.json";
import type { CursorContext } from "./yaml-path";

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode | boolean>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
}

export interface SchemaSuggestion {
  label: string;
  /** What to insert. */
  apply: string;
  detail?: string;
  kind: "property" | "enum";
}

const root = playoutSchema as unknown as SchemaNode & { $defs: Record<string, SchemaNode> };

function resolve(node: SchemaNode | boolean | undefined): SchemaNode | undefined {
  if (!node || node === true) return undefined;
  let current = node;
  for (let guard = 0; current.$ref && guard < 20; guard++) {
    const name = current.$ref.replace("#/$defs/", "");
    current = root.$defs[name];
    if (!current) return undefined;
  }
  return current;
}

/** Every object form a node may take (the alternatives of oneOf/anyOf, flattened). */
function alternatives(node: SchemaNode | undefined): SchemaNode[] {
  const resolved = resolve(node);
  if (!resolved) return [];
  const choices = resolved.oneOf ?? resolved.anyOf;
  if (choices && !resolved.properties) return choices.flatMap((c) => alternatives(c));
  return [resolved];
}

/** The schemas of the mapping at `path` (several when a oneOf is not yet decided). */
function mappingsAt(path: CursorContext["path"]): SchemaNode[] {
  let nodes: SchemaNode[] = [root];
  for (const segment of path) {
    const next: SchemaNode[] = [];
    for (const node of nodes.flatMap((n) => alternatives(n))) {
      const child = "key" in segment ? resolve(node.properties?.[segment.key]) : resolve(node.items);
      if (child) next.push(child);
    }
    nodes = next;
  }
  return nodes.flatMap((n) => alternatives(n));
}

function typeLabel(node: SchemaNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.enum) return node.enum.join(" | ");
  if (Array.isArray(node.type)) return node.type.join(" | ");
  if (node.type === "null") return "marker";
  return node.type ?? (node.oneOf || node.anyOf ? "one of several forms" : undefined);
}

/** What may be typed at the cursor: keys of the mapping, or the values of an enum-typed key. */
export function schemaSuggestions(context: CursorContext): SchemaSuggestion[] {
  const forms = mappingsAt(context.path).filter((form) => context.siblings.every((key) => form.properties && key in form.properties));
  if (context.valueOf !== undefined) {
    const values = new Set<string>();
    for (const form of forms) {
      const property = resolve(form.properties?.[context.valueOf]);
      if (!property) continue;
      for (const value of property.enum ?? []) values.add(String(value));
      const types = Array.isArray(property.type) ? property.type : [property.type];
      if (types.includes("boolean")) ["true", "false"].forEach((v) => values.add(v));
    }
    return [...values].map((value) => ({ label: value, apply: value, kind: "enum" }));
  }
  const keys = new Map<string, SchemaSuggestion>();
  for (const form of forms) {
    for (const [key, value] of Object.entries(form.properties ?? {})) {
      if (context.siblings.includes(key) || keys.has(key)) continue;
      const property = resolve(value);
      const marker = property?.type === "null";
      keys.set(key, { label: key, apply: marker ? `${key}:` : `${key}: `, detail: typeLabel(property) ?? form.description, kind: "property" });
    }
  }
  return [...keys.values()];
}
