import type { FullText, ItemTextField, MatchValue } from "./full-text";
import { planWords } from "./full-text";
import { join, raw, sql, type SqlFragment } from "./sql-fragment";

/** FTS5 column filters of `media_item_fts` per full-text field. */
const ITEM_COLUMNS: Record<ItemTextField, string> = {
  default: "{title originalTitle plot}",
  title: "{title}",
  plot: "{plot}",
};

interface FtsTable {
  table: string;
  terms: string;
}

const ITEM_FTS: FtsTable = { table: "media_item_fts", terms: "media_item_fts_terms" };
const TAG_FTS: FtsTable = { table: "media_tag_fts", terms: "media_tag_fts_terms" };

/** An FTS5 string: the text in double quotes, inner quotes doubled. Never SQL; it is bound as a parameter. */
function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A subquery selecting the rowids of `fts` rows matching the value in `columns` (an FTS5 column
 * filter, or null for every column); null when the value has no words. `word*` is an FTS prefix
 * query; other wildcards expand through the FTS vocabulary to the indexed words they match.
 */
function matchingRows(fts: FtsTable, columns: string | null, value: MatchValue): SqlFragment | null {
  const plan = planWords(value);
  if (!plan) return null;
  const scope = (expression: string) => (columns ? `${columns} : (${expression})` : expression);
  const matching = (expression: string) => sql`SELECT rowid FROM ${raw(fts.table)} WHERE ${raw(fts.table)} MATCH ${scope(expression)}`;
  if (plan.kind === "phrase") {
    // Words and prefixes: one FTS phrase, `"star" + "wa" *`.
    return matching(plan.words.map((word) => (word.prefix ? `${ftsString(word.text)} *` : ftsString(word.text))).join(" + "));
  }
  const sets = plan.words.map((word) => {
    if (word.kind === "word") return matching(ftsString(word.text));
    if (word.kind === "prefix") return matching(`${ftsString(word.text)} *`);
    // The indexed terms matching the pattern, OR-ed into one FTS expression inside SQLite; an
    // empty phrase ("") when none matches, which matches no row.
    const prefix = columns ? `${columns} : (` : "(";
    const expression = sql`IFNULL((SELECT ${prefix} || group_concat('"' || replace(term, '"', '""') || '"', ' OR ') || ')' FROM ${raw(fts.terms)} WHERE term GLOB ${word.pattern}), '""')`;
    return sql`SELECT rowid FROM ${raw(fts.table)} WHERE ${raw(fts.table)} MATCH ${expression}`;
  });
  return join(sets, " INTERSECT ");
}

export const sqliteFullText: FullText = {
  items(alias, field, value) {
    const rows = matchingRows(ITEM_FTS, ITEM_COLUMNS[field], value);
    return rows && sql`${raw(alias)}."id" IN (${rows})`;
  },
  tags(alias, value) {
    const rows = matchingRows(TAG_FTS, null, value);
    return rows && sql`${raw(alias)}."id" IN (${rows})`;
  },
};
