import type { PatternPart, SearchNode, TextValue } from "../../db/search/ast";
import { columnOf, SearchQueryError } from "./errors";
import { closestMatch, SEARCH_FIELD_NAMES, SEARCH_FIELDS, type FieldSpec } from "./fields";
import { tokenize, type Token, type ValueToken } from "./lexer";
import { addDays, parseDaySpan, parseKind, parseLanguage, parsePeriod, parseState, parseWholeNumber, TYPE_VALUES, type DaySpan } from "./values";

/** Parentheses and prefix operators may nest this deep. */
export const MAX_NESTING = 200;

/** The field a bare value belongs to: free text at the top, `genre` inside `genre:(comedy OR drama)`. */
interface ValueContext {
  name: string;
  spec: FieldSpec;
}

type ValueShape =
  | { kind: "single"; token: ValueToken }
  | { kind: "present"; token: ValueToken }
  | { kind: "compare"; token: ValueToken; op: "<" | "<=" | ">" | ">="; opToken: Token }
  | { kind: "range"; open: Token; lower: ValueToken | null; upper: ValueToken | null; lowerInclusive: boolean; upperInclusive: boolean };

/**
 * Parses a search query into its syntax tree, checking every field name and value.
 *
 * Grammar (Lucene-like, as ErsatzTV users write it):
 * - `query := or`, `or := and ("OR" and)*`, `and := unary (["AND"] unary)*`,
 *   `unary := ("NOT" | "-" | "!") unary | "+" unary | primary`,
 *   `primary := "(" or ")" | field ":" value | field ":" "(" or ")" | value`.
 * - Precedence: NOT binds tightest, then AND, then OR: `a OR b c` is `a OR (b AND c)`.
 * - **Adjacent clauses are joined with AND** (Lucene's default would be OR): users write
 *   `type:episode show_title:"X"` meaning episodes of X, and a search box narrows as one types.
 * - A query that is only negative (`NOT genre:horror`) matches everything except what it names
 *   (Lucene would match nothing).
 * - Values: a word, a quoted phrase, a wildcard (`*` any run, `?` one character, also leading),
 *   `*` alone (the field has a value), ranges `[a TO b]` / `{a TO b}` (mixed brackets allowed, `*` for an
 *   open end) and comparisons `<`, `<=`, `>`, `>=` for numeric and date fields.
 * - Bare values search the title, original title and plot.
 *
 * `smart_collection:"Name"` stays in the tree as a reference; see `expandSmartCollections`.
 * Throws `SearchQueryError` with the 1-based column of the offending character.
 */
export function parseSearchQuery(query: string): SearchNode {
  return new Parser(query).parse();
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(private readonly query: string) {
    this.tokens = tokenize(query);
  }

  parse(): SearchNode {
    if (this.peek().type === "eof") throw SearchQueryError.at(1, "the query is empty");
    const node = this.parseOr(null);
    const next = this.peek();
    if (next.type !== "eof") throw this.error(next, `unexpected ${this.describe(next)}`);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.type !== "eof") this.index++;
    return token;
  }

  private position(token: Token | number): number {
    return columnOf(this.query, typeof token === "number" ? token : token.offset);
  }

  private error(token: Token, what: string, hint?: string): SearchQueryError {
    return SearchQueryError.at(this.position(token), what, hint);
  }

  private describe(token: Token): string {
    return token.type === "eof" ? "the end of the query" : `"${this.query.slice(token.offset, token.end)}"`;
  }

  /** A "found …" hint, left out at the end of the query (the position says so already). */
  private found(token: Token): string | undefined {
    return token.type === "eof" ? undefined : `found ${this.describe(token)}`;
  }

  private enter(token: Token): void {
    if (++this.depth > MAX_NESTING) throw this.error(token, `the query nests more than ${MAX_NESTING} levels deep`);
  }

  private parseOr(context: ValueContext | null): SearchNode {
    const first = this.parseAnd(context);
    const children = [first];
    while (this.peek().type === "or") {
      this.next();
      children.push(this.parseAnd(context));
    }
    return children.length === 1 ? first : { type: "or", position: first.position, children: flatten("or", children) };
  }

  private parseAnd(context: ValueContext | null): SearchNode {
    const first = this.parseUnary(context);
    const children = [first];
    for (;;) {
      const token = this.peek();
      if (token.type === "and") {
        this.next();
        children.push(this.parseUnary(context));
      } else if (token.type === "eof" || token.type === "or" || token.type === "rparen" || token.type === "range_close") {
        break;
      } else {
        children.push(this.parseUnary(context));
      }
    }
    return children.length === 1 ? first : { type: "and", position: first.position, children: flatten("and", children) };
  }

  private parseUnary(context: ValueContext | null): SearchNode {
    const token = this.peek();
    if (token.type === "not" || token.type === "plus") {
      this.enter(token);
      this.next();
      const child = this.parseUnary(context);
      this.depth--;
      return token.type === "plus" ? child : { type: "not", position: this.position(token), child };
    }
    return this.parsePrimary(context);
  }

  private parsePrimary(context: ValueContext | null): SearchNode {
    const token = this.peek();
    switch (token.type) {
      case "lparen": {
        this.enter(token);
        this.next();
        const node = this.parseOr(context);
        this.expectClose();
        this.depth--;
        return node;
      }
      case "word":
        if (this.tokens[this.index + 1].type === "colon") return this.parseFieldClause();
        return this.parseValue(context);
      case "phrase":
        return this.parseValue(context);
      case "cmp":
      case "range_open":
        if (context) return this.parseValue(context);
        throw this.error(token, `unexpected ${this.describe(token)}`, "comparisons and ranges need a field, as in minutes:<30 or year:[1990 TO 1999]");
      case "colon":
        throw this.error(token, 'unexpected ":"', "a field name goes before the colon, as in genre:comedy");
      default:
        throw this.error(token, "expected a search term", this.found(token));
    }
  }

  private expectClose(): void {
    const token = this.peek();
    if (token.type !== "rparen") throw this.error(token, 'expected ")"', this.found(token));
    this.next();
  }

  private parseFieldClause(): SearchNode {
    const fieldToken = this.next() as ValueToken;
    this.next(); // the colon
    const name = fieldToken.text.toLowerCase();
    if (name === "*" && fieldToken.wildcard) {
      const value = this.next();
      if (value.type !== "word" || value.text !== "*") throw this.error(value, 'expected "*" after "*:"');
      return { type: "all", position: this.position(fieldToken) };
    }
    const spec = fieldToken.wildcard ? undefined : SEARCH_FIELDS.get(name);
    if (!spec) {
      const suggestion = closestMatch(name, SEARCH_FIELD_NAMES);
      throw this.error(
        fieldToken,
        `unknown field "${fieldToken.text}"`,
        suggestion ? `did you mean "${suggestion}"?` : 'put text that contains ":" in quotes',
      );
    }
    const context = { name, spec };
    const token = this.peek();
    if (token.type === "lparen") {
      this.enter(token);
      this.next();
      const node = this.parseOr(context);
      this.expectClose();
      this.depth--;
      return node;
    }
    const node = this.parseValue(context);
    node.position = this.position(fieldToken);
    return node;
  }

  /** One value: for `context`'s field, or free text when there is none. */
  private parseValue(context: ValueContext | null): SearchNode {
    const shape = this.readValue(context);
    if (!context) return this.freeText(shape);
    return this.build(context, shape);
  }

  private readValue(context: ValueContext | null): ValueShape {
    const token = this.peek();
    const what = context ? `a value for "${context.name}"` : "a search term";
    if (token.type === "word" || token.type === "phrase") {
      this.next();
      if (token.type === "word" && isStar(token.parts)) return { kind: "present", token };
      return { kind: "single", token };
    }
    if (token.type === "cmp") {
      this.next();
      const value = this.peek();
      if (value.type !== "word" && value.type !== "phrase") throw this.error(value, `expected ${what} after "${token.text}"`, this.found(value));
      this.next();
      return { kind: "compare", token: value, op: token.op, opToken: token };
    }
    if (token.type === "range_open") {
      this.next();
      const lower = this.rangeBound(what);
      const to = this.peek();
      if (to.type !== "word" || to.text.toUpperCase() !== "TO") throw this.error(to, 'expected "TO"', this.found(to));
      this.next();
      const upper = this.rangeBound(what);
      const close = this.peek();
      if (close.type !== "range_close") throw this.error(close, 'expected "]" or "}"', this.found(close));
      this.next();
      return { kind: "range", open: token, lower, upper, lowerInclusive: token.inclusive, upperInclusive: close.inclusive };
    }
    throw this.error(token, `expected ${what}`, this.found(token));
  }

  private rangeBound(what: string): ValueToken | null {
    const token = this.peek();
    if (token.type !== "word" && token.type !== "phrase") throw this.error(token, `expected ${what} or "*"`, this.found(token));
    this.next();
    return token.type === "word" && isStar(token.parts) ? null : token;
  }

  private freeText(shape: ValueShape): SearchNode {
    if (shape.kind === "present") return { type: "all", position: this.position(shape.token) };
    if (shape.kind !== "single") throw new Error("unreachable: comparisons and ranges need a field");
    return { type: "text", position: this.position(shape.token), field: "default", value: textValue(shape.token) };
  }

  private build(context: ValueContext, shape: ValueShape): SearchNode {
    const { name, spec } = context;
    const at = shape.kind === "range" ? shape.open : shape.kind === "compare" ? shape.opToken : shape.token;
    const position = this.position(at);
    const noRanges = (): never => {
      if (shape.kind === "range") throw this.error(shape.open, `"${name}" does not take a range`, "ranges work on numeric and date fields");
      throw this.error(at, `"${name}" does not take a comparison`, "comparisons work on numeric and date fields");
    };
    const noWildcards = (token: ValueToken): void => {
      if (token.wildcard) throw this.error(token, `"${name}" does not take wildcards`);
    };
    switch (spec.category) {
      case "text":
        if (shape.kind === "present") return { type: "text", position, field: spec.field, value: { kind: "present" } };
        if (shape.kind !== "single") return noRanges();
        return { type: "text", position, field: spec.field, value: textValue(shape.token) };
      case "guid":
        if (shape.kind === "present") return { type: "guid", position, provider: spec.provider, value: { kind: "present" } };
        if (shape.kind !== "single") return noRanges();
        return { type: "guid", position, provider: spec.provider, value: textValue(shape.token) };
      case "number": {
        if (shape.kind === "present") return { type: "number", position, field: spec.field, min: null, max: null };
        const read = (token: ValueToken): number => {
          noWildcards(token);
          const value = parseWholeNumber(token.text.trim());
          if (value === undefined) throw this.error(token, `invalid value "${token.text}" for "${name}"`, "expected a whole number");
          return value;
        };
        if (shape.kind === "single") {
          const value = read(shape.token);
          return { type: "number", position, field: spec.field, min: value, max: value };
        }
        if (shape.kind === "compare") {
          const value = read(shape.token);
          const [min, max] =
            shape.op === "<" ? [null, value - 1] : shape.op === "<=" ? [null, value] : shape.op === ">" ? [value + 1, null] : [value, null];
          return { type: "number", position, field: spec.field, min, max };
        }
        const lower = shape.lower ? read(shape.lower) : null;
        const upper = shape.upper ? read(shape.upper) : null;
        return {
          type: "number",
          position,
          field: spec.field,
          min: lower === null ? null : shape.lowerInclusive ? lower : lower + 1,
          max: upper === null ? null : shape.upperInclusive ? upper : upper - 1,
        };
      }
      case "date": {
        if (shape.kind === "present") return { type: "date", position, field: spec.field, from: null, to: null };
        const read = (token: ValueToken): DaySpan => {
          const span = readDate(token);
          if (!span) {
            throw this.error(token, `invalid date "${token.text}" for "${name}"`, "use yyyyMMdd or yyyy-mm-dd (or yyyy, yyyyMM for a whole year or month)");
          }
          return span;
        };
        if (shape.kind === "single") {
          const span = read(shape.token);
          return { type: "date", position, field: spec.field, from: span.from, to: span.to };
        }
        if (shape.kind === "compare") {
          const span = read(shape.token);
          const [from, to] =
            shape.op === "<" ? [null, addDays(span.from, -1)] : shape.op === "<=" ? [null, span.to] : shape.op === ">" ? [addDays(span.to, 1), null] : [span.from, null];
          return { type: "date", position, field: spec.field, from, to };
        }
        const lower = shape.lower ? read(shape.lower) : null;
        const upper = shape.upper ? read(shape.upper) : null;
        return {
          type: "date",
          position,
          field: spec.field,
          from: lower === null ? null : shape.lowerInclusive ? lower.from : addDays(lower.to, 1),
          to: upper === null ? null : shape.upperInclusive ? upper.to : addDays(upper.from, -1),
        };
      }
      case "relative_date": {
        if (shape.kind === "present") throw this.error(shape.token, `"${name}" needs a period, not "*"`, 'as in "7 days", "2 weeks", "3 months" or "1 year"');
        if (shape.kind !== "single") return noRanges();
        const period = parsePeriod(shape.token.text);
        if (!period) {
          throw this.error(shape.token, `invalid period "${shape.token.text}" for "${name}"`, 'use "N days", "N weeks", "N months" or "N years", in quotes');
        }
        return { type: "relative_date", position, field: spec.field, amount: period.amount, unit: period.unit };
      }
      case "on_this_day":
        if (shape.kind === "range" || shape.kind === "compare") return noRanges();
        return { type: "on_this_day", position };
      case "kind": {
        if (shape.kind === "present") return { type: "all", position };
        if (shape.kind !== "single") return noRanges();
        noWildcards(shape.token);
        const kind = parseKind(shape.token.text);
        if (!kind) throw this.unknownValue(shape.token, "type", [...TYPE_VALUES.keys()]);
        return { type: "kind", position, kind };
      }
      case "state": {
        if (shape.kind === "present") return { type: "all", position };
        if (shape.kind !== "single") return noRanges();
        noWildcards(shape.token);
        const state = parseState(shape.token.text);
        if (!state) throw this.unknownValue(shape.token, "state", ["normal", "trashed", "unavailable"]);
        return { type: "state", position, state };
      }
      case "language": {
        if (shape.kind === "present") return { type: "language", position, field: spec.field, code: null };
        if (shape.kind !== "single") return noRanges();
        noWildcards(shape.token);
        const code = parseLanguage(shape.token.text);
        if (!code) throw this.error(shape.token, `unknown language "${shape.token.text}"`, "use an ISO 639 code (en, eng, ger) or an English name (german)");
        return { type: "language", position, field: spec.field, code };
      }
      case "smart_collection": {
        if (shape.kind === "range" || shape.kind === "compare") return noRanges();
        // A name is literal text: `?` and `*` in it are not wildcards.
        const text = shape.token.parts.map((part) => (typeof part === "string" ? part : part.wildcard)).join("").trim();
        if (!text) throw this.error(shape.token, "expected the name of a smart collection");
        return { type: "smart_collection", position, name: text };
      }
    }
  }

  private unknownValue(token: ValueToken, field: string, values: readonly string[]): SearchQueryError {
    const suggestion = closestMatch(token.text, values);
    return this.error(token, `unknown ${field} "${token.text}"`, suggestion ? `did you mean "${suggestion}"?` : `use one of ${values.join(", ")}`);
  }
}

function isStar(parts: readonly PatternPart[]): boolean {
  return parts.length > 0 && parts.every((part) => typeof part !== "string" && part.wildcard === "*");
}

function textValue(token: ValueToken): TextValue {
  if (token.wildcard) return { kind: "pattern", parts: token.parts, quoted: token.type === "phrase" };
  return { kind: "exact", text: token.text, quoted: token.type === "phrase" };
}

/** A date, or a date prefix with one trailing `*` (`1999*`, `199905*`) meaning the same span. */
function readDate(token: ValueToken): DaySpan | undefined {
  const parts = token.parts;
  if (!token.wildcard) return parseDaySpan(token.text.trim());
  if (parts.length === 2 && typeof parts[0] === "string" && typeof parts[1] !== "string" && parts[1].wildcard === "*") {
    const prefix = parts[0].replace(/-$/, "");
    if (/^\d{4}(-?\d{2})?$/.test(prefix)) return parseDaySpan(prefix);
  }
  return undefined;
}

function flatten(type: "and" | "or", children: SearchNode[]): SearchNode[] {
  return children.flatMap((child) => (child.type === type ? child.children : [child]));
}
