/**
 * Escaping for values placed inside an FFmpeg filtergraph. A value passes two parsers: the filtergraph
 * parser (which splits on `,;[]`) and the filter's option parser (which splits on `:` and `=`). Both
 * honour backslash escapes, so a value is escaped for the option level first and the graph level second.
 */

/** Escape a filter option value (level 1: `key=value:key=value`). */
export function escapeOptionValue(value: string): string {
  return value.replace(/[\\':=]/g, (c) => `\\${c}`);
}

/** Escape an already option-escaped string for the filtergraph level (level 2). */
export function escapeGraphLevel(value: string): string {
  return value.replace(/[\\'\[\],;]/g, (c) => `\\${c}`);
}

/** A literal value (file path, text) ready to follow `key=` inside a `-filter_complex` string. */
export function filterValue(value: string): string {
  return escapeGraphLevel(escapeOptionValue(value));
}
