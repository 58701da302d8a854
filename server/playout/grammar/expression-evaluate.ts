import type { ExpressionNode, ExpressionValue } from "./expression-ast";

/** A function value is called on every read; used for `random`, which draws anew at each use. */
export type VariableValue = ExpressionValue | (() => ExpressionValue);
export type VariableValues = Readonly<Record<string, VariableValue>>;

/**
 * Evaluates a type-checked tree. Numbers are IEEE doubles; `/` is real division; `x / 0` and
 * `x % 0` are 0 (so a bad divisor cannot make a count infinite); `%` keeps the dividend's sign;
 * string `==`/`!=` ignore case; `round` rounds halves to even; `and`, `or` and `if` short-circuit.
 * Runs in time linear in the tree size: there are no loops or user functions.
 */
export function evaluateNode(node: ExpressionNode, variables: VariableValues): ExpressionValue {
  switch (node.type) {
    case "literal":
      return node.value;
    case "variable":
      return readVariable(node.name, variables);
    case "unary": {
      const operand = evaluateNode(node.operand, variables);
      return node.operator === "-" ? -(operand as number) : !(operand as boolean);
    }
    case "binary":
      return evaluateBinary(node, variables);
    case "call":
      return evaluateCall(node, variables);
  }
}

function readVariable(name: string, variables: VariableValues): ExpressionValue {
  const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
  if (value === undefined) throw new Error(`expression variable "${name}" was not provided`);
  return typeof value === "function" ? value() : value;
}

function evaluateBinary(node: Extract<ExpressionNode, { type: "binary" }>, variables: VariableValues): ExpressionValue {
  if (node.operator === "and") return (evaluateNode(node.left, variables) as boolean) && (evaluateNode(node.right, variables) as boolean);
  if (node.operator === "or") return (evaluateNode(node.left, variables) as boolean) || (evaluateNode(node.right, variables) as boolean);
  const left = evaluateNode(node.left, variables);
  const right = evaluateNode(node.right, variables);
  switch (node.operator) {
    case "==":
      return sameValue(left, right);
    case "!=":
      return !sameValue(left, right);
    case "<":
      return (left as number) < (right as number);
    case "<=":
      return (left as number) <= (right as number);
    case ">":
      return (left as number) > (right as number);
    case ">=":
      return (left as number) >= (right as number);
    case "+":
      return (left as number) + (right as number);
    case "-":
      return (left as number) - (right as number);
    case "*":
      return (left as number) * (right as number);
    case "/":
      return right === 0 ? 0 : (left as number) / (right as number);
    case "%":
      return right === 0 ? 0 : (left as number) % (right as number);
  }
}

function sameValue(left: ExpressionValue, right: ExpressionValue): boolean {
  if (typeof left === "string" && typeof right === "string") return left.toLowerCase() === right.toLowerCase();
  return left === right;
}

function evaluateCall(node: Extract<ExpressionNode, { type: "call" }>, variables: VariableValues): ExpressionValue {
  if (node.name === "if") {
    return evaluateNode(node.args[0], variables)
      ? evaluateNode(node.args[1], variables)
      : evaluateNode(node.args[2], variables);
  }
  const args = node.args.map((arg) => evaluateNode(arg, variables) as number);
  switch (node.name) {
    case "abs":
      return Math.abs(args[0]);
    case "ceiling":
      return Math.ceil(args[0]);
    case "floor":
      return Math.floor(args[0]);
    case "round":
      return roundHalfToEven(args[0]);
    case "min":
      return Math.min(args[0], args[1]);
    case "max":
      return Math.max(args[0], args[1]);
  }
}

function roundHalfToEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}
