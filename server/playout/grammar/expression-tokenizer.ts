import { ExpressionSyntaxError } from "./expression-ast";

export type Token =
  | { kind: "number"; value: number; text: string; offset: number }
  | { kind: "string"; value: string; text: string; offset: number }
  | { kind: "identifier"; text: string; offset: number; bracketed: boolean }
  | { kind: "operator"; text: string; offset: number }
  | { kind: "end"; text: ""; offset: number };

const OPERATORS = ["==", "!=", "<>", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "=", "!", "(", ")", ","];
const NUMBER = /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const WHITESPACE = /\s+/y;

/** Splits an expression into tokens; the list always ends with an `end` token. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (true) {
    WHITESPACE.lastIndex = position;
    if (WHITESPACE.test(source)) position = WHITESPACE.lastIndex;
    if (position >= source.length) break;
    const token = readToken(source, position);
    tokens.push(token);
    position = token.offset + token.text.length;
  }
  tokens.push({ kind: "end", text: "", offset: source.length });
  return tokens;
}

function readToken(source: string, position: number): Token {
  const char = source[position];
  if (char === "'") return readString(source, position);
  if (char === "[") return readBracketedIdentifier(source, position);

  NUMBER.lastIndex = position;
  const number = NUMBER.exec(source);
  if (number) {
    const value = Number(number[0]);
    if (!Number.isFinite(value)) throw new ExpressionSyntaxError(`number "${number[0]}" is too large`, position);
    return { kind: "number", value, text: number[0], offset: position };
  }
  IDENTIFIER.lastIndex = position;
  const identifier = IDENTIFIER.exec(source);
  if (identifier) return { kind: "identifier", text: identifier[0], offset: position, bracketed: false };

  const operator = OPERATORS.find((candidate) => source.startsWith(candidate, position));
  if (operator) return { kind: "operator", text: operator, offset: position };
  throw new ExpressionSyntaxError(`unexpected character "${char}"`, position);
}

/** Single-quoted; `\'` and `\\` are the only escapes. */
function readString(source: string, start: number): Token {
  let value = "";
  let position = start + 1;
  while (position < source.length) {
    const char = source[position];
    if (char === "'") {
      return { kind: "string", value, text: source.slice(start, position + 1), offset: start };
    }
    if (char === "\\") {
      const next = source[position + 1];
      if (next !== "'" && next !== "\\") {
        throw new ExpressionSyntaxError(`unknown escape "\\${next ?? ""}" in string (only \\' and \\\\)`, position);
      }
      value += next;
      position += 2;
      continue;
    }
    value += char;
    position += 1;
  }
  throw new ExpressionSyntaxError("string is not closed with '", start);
}

/** `[name]` is another way to write the variable `name`. */
function readBracketedIdentifier(source: string, start: number): Token {
  const close = source.indexOf("]", start);
  const name = close < 0 ? "" : source.slice(start + 1, close);
  if (close < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new ExpressionSyntaxError("expected a variable name in [brackets]", start);
  }
  return { kind: "identifier", text: source.slice(start, close + 1), offset: start, bracketed: true };
}

/** The identifier's name without brackets. */
export function identifierName(token: Extract<Token, { kind: "identifier" }>): string {
  return token.bracketed ? token.text.slice(1, -1) : token.text;
}
