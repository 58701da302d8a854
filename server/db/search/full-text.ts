import type { DatabaseKind } from "../raw-query";
import type { TextValue } from "./ast";
import { postgresFullText } from "./full-text-postgres";
import { sqliteFullText } from "./full-text-sqlite";
import type { SqlFragment } from "./sql-fragment";
import { classifyWord, splitPatternWords, splitWords, type WordMatch } from "./text";

export type MatchValue = Exclude<TextValue, { kind: "present" }>;
export type ItemTextField = "default" | "title" | "plot";

/**
 * Word matching over item text and tag names, as a boolean condition on a row alias; null when the
 * value has no words. Both databases tokenize the same way (folded to lower case without accents,
 * split into runs of letters and digits), so the same query finds the same rows.
 */
export interface FullText {
  items(alias: string, field: ItemTextField, value: MatchValue): SqlFragment | null;
  tags(alias: string, value: MatchValue): SqlFragment | null;
}

/** A value as the words to match: one phrase (words and trailing prefixes, in order), or words matched one by one. */
export type WordPlan = { kind: "phrase"; words: Array<{ text: string; prefix: boolean }> } | { kind: "each"; words: Array<Exclude<WordMatch, { kind: "any" }>> };

export function planWords(value: MatchValue): WordPlan | null {
  if (value.kind === "exact") {
    const words = splitWords(value.text);
    return words.length ? { kind: "phrase", words: words.map((text) => ({ text, prefix: false })) } : null;
  }
  const words = splitPatternWords(value.parts)
    .map(classifyWord)
    .filter((word): word is Exclude<WordMatch, { kind: "any" }> => word.kind !== "any");
  if (words.length === 0) return null;
  if (words.every((word) => word.kind !== "glob")) {
    return { kind: "phrase", words: words.map((word) => ({ text: (word as { text: string }).text, prefix: word.kind === "prefix" })) };
  }
  // Some word needs the vocabulary: each word is matched on its own.
  return { kind: "each", words };
}

export function fullTextFor(database: DatabaseKind): FullText {
  return database === "postgres" ? postgresFullText : sqliteFullText;
}
