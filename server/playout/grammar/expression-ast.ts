/** Static and runtime value types of the expression language. */
export type ExpressionType = "number" | "boolean" | "string";
export type ExpressionValue = number | boolean | string;

export type ArithmeticOperator = "+" | "-" | "*" | "/" | "%";
export type ComparisonOperator = "==" | "!=" | "<" | "<=" | ">" | ">=";
export type LogicalOperator = "and" | "or";
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator;
export type FunctionName = "if" | "abs" | "ceiling" | "floor" | "round" | "min" | "max";

/**
 * Parsed expression tree. Spellings are normalised: `=` is `==`, `<>` is `!=`, `&&`/`||`/`!` are
 * `and`/`or`/`not`, function names are lower case. `offset` is the 0-based character position of
 * the node in the source text.
 */
export type ExpressionNode =
  | { type: "literal"; value: ExpressionValue; offset: number }
  | { type: "variable"; name: string; offset: number }
  | { type: "unary"; operator: "-" | "not"; operand: ExpressionNode; offset: number }
  | { type: "binary"; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode; offset: number }
  | { type: "call"; name: FunctionName; args: ExpressionNode[]; offset: number };

/** Thrown inside the expression grammar only; `compile*` turns it into a failed GrammarResult. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
