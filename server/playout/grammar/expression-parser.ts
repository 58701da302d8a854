import {
  ExpressionSyntaxError,
  type BinaryOperator,
  type ExpressionNode,
  type FunctionName,
} from "./expression-ast";
import { identifierName, tokenize, type Token } from "./expression-tokenizer";

export const MAX_EXPRESSION_LENGTH = 1000;
/** Nesting of parentheses, function calls and unary operators; keeps recursion shallow. */
export const MAX_EXPRESSION_DEPTH = 32;

export const FUNCTION_NAMES: readonly FunctionName[] = ["if", "abs", "ceiling", "floor", "round", "min", "max"];

/**
 * Recursive-descent parser. Precedence, loosest first:
 * `or ||` < `and &&` < `== = != <>` < `< <= > >=` < `+ -` < `* / %` < unary `- not !`.
 * Binary operators are left-associative.
 */
export function parseExpression(source: string): ExpressionNode {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionSyntaxError(`expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, 0);
  }
  const parser = new Parser(tokenize(source));
  return parser.parseWhole();
}

const BINARY_LEVELS: ReadonlyArray<Readonly<Record<string, BinaryOperator>>> = [
  { or: "or", "||": "or" },
  { and: "and", "&&": "and" },
  { "==": "==", "=": "==", "!=": "!=", "<>": "!=" },
  { "<": "<", "<=": "<=", ">": ">", ">=": ">=" },
  { "+": "+", "-": "-" },
  { "*": "*", "/": "/", "%": "%" },
];

const KEYWORDS = new Set(["and", "or", "not", "true", "false"]);

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseWhole(): ExpressionNode {
    if (this.peek().kind === "end") throw new ExpressionSyntaxError("empty expression", 0);
    const node = this.parseBinary(0);
    const rest = this.peek();
    if (rest.kind !== "end") throw new ExpressionSyntaxError(`unexpected "${rest.text}"`, rest.offset);
    return node;
  }

  private parseBinary(level: number): ExpressionNode {
    if (level === BINARY_LEVELS.length) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    while (true) {
      const operator = this.binaryOperatorAt(level);
      if (operator === undefined) return left;
      const token = this.next();
      const right = this.parseBinary(level + 1);
      left = { type: "binary", operator, left, right, offset: token.offset };
    }
  }

  private binaryOperatorAt(level: number): BinaryOperator | undefined {
    const token = this.peek();
    const isWordOperator = token.kind === "identifier" && !token.bracketed;
    if (token.kind !== "operator" && !isWordOperator) return undefined;
    const spelling = isWordOperator ? token.text.toLowerCase() : token.text;
    return Object.hasOwn(BINARY_LEVELS[level], spelling) ? BINARY_LEVELS[level][spelling] : undefined;
  }

  private parseUnary(): ExpressionNode {
    const token = this.peek();
    const isNot =
      (token.kind === "operator" && token.text === "!") ||
      (token.kind === "identifier" && !token.bracketed && token.text.toLowerCase() === "not");
    const isMinus = token.kind === "operator" && token.text === "-";
    if (!isNot && !isMinus) return this.parsePrimary();
    this.next();
    return this.nested(token.offset, () => ({
      type: "unary",
      operator: isNot ? "not" : "-",
      operand: this.parseUnary(),
      offset: token.offset,
    }));
  }

  private parsePrimary(): ExpressionNode {
    const token = this.next();
    switch (token.kind) {
      case "number":
      case "string":
        return { type: "literal", value: token.value, offset: token.offset };
      case "identifier":
        return this.parseIdentifier(token);
      case "operator":
        if (token.text === "(") {
          const inner = this.nested(token.offset, () => this.parseBinary(0));
          this.expect(")", "missing )");
          return inner;
        }
        throw new ExpressionSyntaxError(`unexpected "${token.text}"`, token.offset);
      case "end":
        throw new ExpressionSyntaxError("unexpected end of expression", token.offset);
    }
  }

  private parseIdentifier(token: Extract<Token, { kind: "identifier" }>): ExpressionNode {
    const lower = token.text.toLowerCase();
    if (!token.bracketed && (lower === "true" || lower === "false")) {
      return { type: "literal", value: lower === "true", offset: token.offset };
    }
    const following = this.peek();
    if (!token.bracketed && following.kind === "operator" && following.text === "(") {
      return this.parseCall(token);
    }
    if (!token.bracketed && KEYWORDS.has(lower)) {
      throw new ExpressionSyntaxError(`unexpected "${token.text}"`, token.offset);
    }
    return { type: "variable", name: identifierName(token), offset: token.offset };
  }

  private parseCall(token: Extract<Token, { kind: "identifier" }>): ExpressionNode {
    const name = token.text.toLowerCase();
    if (!(FUNCTION_NAMES as readonly string[]).includes(name)) {
      throw new ExpressionSyntaxError(
        `unknown function "${token.text}"; available: ${FUNCTION_NAMES.join(", ")}`,
        token.offset,
      );
    }
    this.next();
    return this.nested(token.offset, () => {
      const args: ExpressionNode[] = [];
      if (!this.isOperator(")")) {
        args.push(this.parseBinary(0));
        while (this.isOperator(",")) {
          this.next();
          args.push(this.parseBinary(0));
        }
      }
      this.expect(")", `missing ) after the arguments of ${name}`);
      return { type: "call", name: name as FunctionName, args, offset: token.offset };
    });
  }

  private nested(offset: number, parse: () => ExpressionNode): ExpressionNode {
    this.depth += 1;
    if (this.depth > MAX_EXPRESSION_DEPTH) {
      throw new ExpressionSyntaxError(`expression is nested more than ${MAX_EXPRESSION_DEPTH} levels deep`, offset);
    }
    const node = parse();
    this.depth -= 1;
    return node;
  }

  private isOperator(text: string): boolean {
    const token = this.peek();
    return token.kind === "operator" && token.text === text;
  }

  private expect(text: string, message: string): void {
    const token = this.peek();
    if (token.kind !== "operator" || token.text !== text) throw new ExpressionSyntaxError(message, token.offset);
    this.next();
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.kind !== "end") this.index += 1;
    return token;
  }
}
