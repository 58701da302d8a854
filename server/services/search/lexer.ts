import type { PatternPart } from "../../db/search/ast";
import { columnOf, SearchQueryError } from "./errors";

/** Offsets are UTF-16 indexes into the query; errors convert them to 1-based character columns. */
interface Span {
  offset: number;
  end: number;
}

export type Token = Span &
  (
    | { type: "lparen" | "rparen" | "colon" | "and" | "or" | "not" | "plus" | "eof"; text: string }
    | { type: "range_open" | "range_close"; text: string; inclusive: boolean }
    | { type: "cmp"; text: string; op: "<" | "<=" | ">" | ">=" }
    | { type: "word" | "phrase"; text: string; parts: PatternPart[]; wildcard: boolean }
  );

export type ValueToken = Extract<Token, { type: "word" | "phrase" }>;

/** Characters that end an unquoted word. */
const DELIMITERS = new Set(["(", ")", "[", "]", "{", "}", '"', ":"]);

function isSpace(ch: string): boolean {
  return /\s/.test(ch);
}

class PartsBuilder {
  readonly parts: PatternPart[] = [];
  text = "";
  wildcard = false;
  private literal = "";

  add(ch: string): void {
    this.literal += ch;
    this.text += ch;
  }

  wild(ch: "*" | "?"): void {
    if (this.literal) this.parts.push(this.literal);
    this.literal = "";
    this.parts.push({ wildcard: ch });
    this.text += ch;
    this.wildcard = true;
  }

  finish(): PatternPart[] {
    if (this.literal) this.parts.push(this.literal);
    this.literal = "";
    return this.parts;
  }
}

/**
 * Splits a query into tokens. Unquoted words run until whitespace or one of `( ) [ ] { } " :`; a
 * backslash makes the next character literal (`\:`, `\*`, `\"`). In a word `*` and `?` are
 * wildcards; in a quoted phrase only `*` is (a `?` at the end of a title is common punctuation).
 * `AND`/`&&`, `OR`/`||` and `NOT`/`!` are operators only in capitals, as in Lucene; a `-`, `+` or `!`
 * starting a term is a prefix operator. `<`, `<=`, `>`, `>=` starting a term are comparisons.
 */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (offset: number, what: string, hint?: string): never => {
    throw SearchQueryError.at(columnOf(query, offset), what, hint);
  };
  while (i < query.length) {
    const ch = query[i];
    if (isSpace(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === "(" || ch === ")") {
      tokens.push({ type: ch === "(" ? "lparen" : "rparen", text: ch, offset: start, end: ++i });
      continue;
    }
    if (ch === "[" || ch === "{") {
      tokens.push({ type: "range_open", text: ch, inclusive: ch === "[", offset: start, end: ++i });
      continue;
    }
    if (ch === "]" || ch === "}") {
      tokens.push({ type: "range_close", text: ch, inclusive: ch === "]", offset: start, end: ++i });
      continue;
    }
    if (ch === ":") {
      tokens.push({ type: "colon", text: ch, offset: start, end: ++i });
      continue;
    }
    if (ch === "-" || ch === "+" || ch === "!") {
      tokens.push({ type: ch === "+" ? "plus" : "not", text: ch, offset: start, end: ++i });
      continue;
    }
    if (ch === "<" || ch === ">") {
      const op = query[i + 1] === "=" ? (`${ch}=` as "<=" | ">=") : ch;
      i += op.length;
      tokens.push({ type: "cmp", text: op, op, offset: start, end: i });
      continue;
    }
    if (ch === '"') {
      const builder = new PartsBuilder();
      i++;
      for (;;) {
        if (i >= query.length) fail(query.length, `expected '"'`, `the phrase that starts at position ${columnOf(query, start)} is not closed`);
        const c = query[i];
        if (c === '"') break;
        if (c === "\\") {
          if (i + 1 >= query.length) fail(i, 'expected a character after "\\"');
          builder.add(query[i + 1]);
          i += 2;
          continue;
        }
        if (c === "*") builder.wild("*");
        else builder.add(c);
        i++;
      }
      i++;
      const parts = builder.finish();
      tokens.push({ type: "phrase", text: builder.text, parts, wildcard: builder.wildcard, offset: start, end: i });
      continue;
    }
    const builder = new PartsBuilder();
    let escaped = false;
    while (i < query.length && !isSpace(query[i]) && !DELIMITERS.has(query[i])) {
      const c = query[i];
      if (c === "\\") {
        if (i + 1 >= query.length) fail(i, 'expected a character after "\\"');
        builder.add(query[i + 1]);
        escaped = true;
        i += 2;
        continue;
      }
      if (c === "*" || c === "?") builder.wild(c);
      else if (c === "~" || c === "^") fail(i, `"${c}" is not supported`, 'fuzzy, proximity and boost operators are not part of the query language; put the text in quotes or write "\\' + c + '"');
      else builder.add(c);
      i++;
    }
    const parts = builder.finish();
    const raw = query.slice(start, i);
    if (!escaped && (raw === "AND" || raw === "&&")) tokens.push({ type: "and", text: raw, offset: start, end: i });
    else if (!escaped && (raw === "OR" || raw === "||")) tokens.push({ type: "or", text: raw, offset: start, end: i });
    else if (!escaped && raw === "NOT") tokens.push({ type: "not", text: raw, offset: start, end: i });
    else tokens.push({ type: "word", text: builder.text, parts, wildcard: builder.wildcard, offset: start, end: i });
  }
  tokens.push({ type: "eof", text: "", offset: query.length, end: query.length });
  return tokens;
}
