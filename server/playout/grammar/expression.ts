import { ExpressionSyntaxError, type ExpressionNode, type ExpressionType } from "./expression-ast";
import { evaluateNode, type VariableValue, type VariableValues } from "./expression-evaluate";
import { parseExpression } from "./expression-parser";
import { typeOf } from "./expression-typecheck";
import { failure, success, type GrammarResult } from "./grammar-result";

export type { ExpressionNode, ExpressionType, ExpressionValue } from "./expression-ast";
export type { VariableValue } from "./expression-evaluate";
export { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH } from "./expression-parser";

/**
 * The small expression language used by `skip_items`, `pad_until.tomorrow` and
 * `mid_roll.expression` (reference §2.6-2.8), our own safe subset of NCalc:
 * - literals: numbers (`12`, `1.5`, `.5`, `1e3`), `true`/`false`, strings in single quotes;
 * - variables by name or in brackets (`count`, `[count]`), from a fixed list per context;
 * - `+ - * / %`, `== = != <>`, `< <= > >=`, `and && or || not !`, parentheses;
 * - functions `if(c, a, b)`, `abs`, `ceiling`, `floor`, `round`, `min(a, b)`, `max(a, b)`;
 *   keywords and function names are case-insensitive, variable names are not.
 * Compilation parses and type-checks once; `evaluate` never throws for well-typed variables.
 */
export interface CompiledExpression<TVars, TResult> {
  /** The expression text as written in the definition. */
  readonly source: string;
  readonly ast: ExpressionNode;
  evaluate(variables: TVars): TResult;
}

/** Declares each variable's static type; the builder must pass a value for every one. */
export type VariableTypesOf<TVars> = { readonly [K in keyof TVars & string]: ExpressionType };

type VariableRecord<TVars> = { readonly [K in keyof TVars]: VariableValue };

/**
 * A number-valued expression, evaluated to an integer: rounded down, and NaN or ±Infinity become 0
 * (the upstream coercion for counts).
 */
export function compileIntegerExpression<TVars extends VariableRecord<TVars>>(
  source: string,
  variables: VariableTypesOf<TVars>,
): GrammarResult<CompiledExpression<TVars, number>> {
  const ast = compileTree(source, variables, "number");
  if (!ast.ok) return ast;
  return success({
    source,
    ast: ast.value,
    evaluate: (values: TVars) => toInteger(evaluateNode(ast.value, values as unknown as VariableValues) as number),
  });
}

/** A boolean-valued expression. */
export function compileBooleanExpression<TVars extends VariableRecord<TVars>>(
  source: string,
  variables: VariableTypesOf<TVars>,
): GrammarResult<CompiledExpression<TVars, boolean>> {
  const ast = compileTree(source, variables, "boolean");
  if (!ast.ok) return ast;
  return success({
    source,
    ast: ast.value,
    evaluate: (values: TVars) => evaluateNode(ast.value, values as unknown as VariableValues) === true,
  });
}

/** A fixed integer written as a YAML number, in the same shape as a compiled expression. */
export function constantInteger<TVars>(value: number): CompiledExpression<TVars, number> {
  const result = toInteger(value);
  return { source: String(value), ast: { type: "literal", value, offset: 0 }, evaluate: () => result };
}

/** A fixed boolean written as a YAML boolean, in the same shape as a compiled expression. */
export function constantBoolean<TVars>(value: boolean): CompiledExpression<TVars, boolean> {
  return { source: String(value), ast: { type: "literal", value, offset: 0 }, evaluate: () => value };
}

function compileTree(
  source: string,
  variables: Readonly<Record<string, ExpressionType>>,
  expected: ExpressionType,
): GrammarResult<ExpressionNode> {
  try {
    const ast = parseExpression(source);
    const actual = typeOf(ast, variables);
    if (actual !== expected) return failure(`expression must produce a ${expected}, but produces a ${actual}`, 0);
    return success(ast);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return failure(error.message, error.offset);
    throw error;
  }
}

function toInteger(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const whole = Math.floor(value);
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, whole)) || 0;
}
