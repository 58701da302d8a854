import type { FullText, ItemTextField, MatchValue } from "./full-text";
import { planWords } from "./full-text";
import { join, raw, sql, type SqlFragment } from "./sql-fragment";

/**
 * The tsvector columns PostgreSQL keeps per text column (migration 0002): one per column, so a phrase
 * never runs from the end of a title into the plot, as FTS5's column filter guarantees.
 */
const ITEM_COLUMNS: Record<ItemTextField, string[]> = {
  default: ["searchTitle", "searchOriginalTitle", "searchPlot"],
  title: ["searchTitle"],
  plot: ["searchPlot"],
};
const TAG_COLUMNS = ["searchName"];

/** A tsquery of words in a row, the last ones possibly prefixes. Folded words hold only letters and digits. */
function phrase(words: ReadonlyArray<{ text: string; prefix: boolean }>): string {
  return words.map((word) => `'${word.text}'${word.prefix ? ":*" : ""}`).join(" <-> ");
}

/** GLOB wildcards as a LIKE pattern; the literal parts are folded letters and digits. */
function globToLike(pattern: string): string {
  return pattern.replace(/\*/g, "%").replace(/\?/g, "_");
}

function anyColumn(alias: string, columns: readonly string[], condition: (column: SqlFragment) => SqlFragment): SqlFragment {
  const parts = columns.map((column) => condition(sql`${raw(alias)}.${raw(`"${column}"`)}`));
  return parts.length === 1 ? parts[0] : sql`(${join(parts, " OR ")})`;
}

function matching(alias: string, columns: readonly string[], value: MatchValue): SqlFragment | null {
  const plan = planWords(value);
  if (!plan) return null;
  const query = (text: string) => anyColumn(alias, columns, (column) => sql`${column} @@ ${text}::tsquery`);
  if (plan.kind === "phrase") return query(phrase(plan.words));
  const each = plan.words.map((word) => {
    if (word.kind === "word") return query(phrase([{ text: word.text, prefix: false }]));
    if (word.kind === "prefix") return query(phrase([{ text: word.text, prefix: true }]));
    const like = globToLike(word.pattern);
    return anyColumn(alias, columns, (column) => sql`EXISTS (SELECT 1 FROM unnest(tsvector_to_array(${column})) AS term WHERE term LIKE ${like})`);
  });
  return sql`(${join(each, " AND ")})`;
}

export const postgresFullText: FullText = {
  items: (alias, field, value) => matching(alias, ITEM_COLUMNS[field], value),
  tags: (alias, value) => matching(alias, TAG_COLUMNS, value),
};
