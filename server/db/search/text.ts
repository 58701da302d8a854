import type { PatternPart } from "./ast";

/**
 * What FTS5's `unicode61 remove_diacritics 2` tokenizer does to text, done in JavaScript for the
 * pieces the compiler must see as terms itself (wildcards): lowercase, accents removed, and split
 * into runs of letters and digits.
 */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

const SEPARATOR = /[^\p{L}\p{N}\p{Co}]+/u;

export function splitWords(text: string): string[] {
  return foldText(text).split(SEPARATOR).filter(Boolean);
}

/** One word of a wildcard value: folded literal text and wildcards. */
export type PatternWord = PatternPart[];

/** Splits a wildcard value into words the way the tokenizer splits text; wildcards stay in their word. */
export function splitPatternWords(parts: readonly PatternPart[]): PatternWord[] {
  const words: PatternWord[] = [];
  let current: PatternWord = [];
  const endWord = () => {
    if (current.length) words.push(current);
    current = [];
  };
  for (const part of parts) {
    if (typeof part !== "string") {
      current.push(part);
      continue;
    }
    const pieces = foldText(part).split(SEPARATOR);
    pieces.forEach((piece, index) => {
      if (index > 0) endWord();
      if (piece) current.push(piece);
    });
  }
  endWord();
  return words;
}

export type WordMatch =
  | { kind: "word"; text: string }
  | { kind: "prefix"; text: string }
  /** A GLOB pattern over indexed terms (leading or inner wildcards, `?`). */
  | { kind: "glob"; pattern: string }
  /** Only wildcards: any word. */
  | { kind: "any" };

export function classifyWord(word: PatternWord): WordMatch {
  const literal = word.filter((part): part is string => typeof part === "string");
  if (literal.length === 0) return { kind: "any" };
  if (literal.length === word.length) return { kind: "word", text: literal.join("") };
  let end = word.length;
  while (end > 0 && typeof word[end - 1] !== "string" && (word[end - 1] as { wildcard: string }).wildcard === "*") end--;
  const head = word.slice(0, end);
  if (head.every((part) => typeof part === "string")) return { kind: "prefix", text: head.join("") };
  // Folded literal text holds only letters and digits, none of GLOB's special characters.
  return { kind: "glob", pattern: word.map((part) => (typeof part === "string" ? part : part.wildcard)).join("") };
}

/** A LIKE pattern (escape character `\`) matching a whole value. */
export function likePattern(parts: readonly PatternPart[]): string {
  return parts
    .map((part) => (typeof part === "string" ? part.replace(/[\\%_]/g, (ch) => `\\${ch}`) : part.wildcard === "*" ? "%" : "_"))
    .join("");
}
