import { ExpressionSyntaxError, type ExpressionNode, type ExpressionType } from "./expression-ast";

export type VariableTypes = Readonly<Record<string, ExpressionType>>;

/**
 * Static types, so that mistakes are found when the definition is validated rather than when the
 * builder evaluates the expression. Rules: arithmetic and `< <= > >=` take numbers; `== !=` take
 * two values of the same type; `and or not` take booleans; `if(c, a, b)` takes a boolean and two
 * values of the same type.
 */
export function typeOf(node: ExpressionNode, variables: VariableTypes): ExpressionType {
  switch (node.type) {
    case "literal":
      return typeof node.value as ExpressionType;
    case "variable":
      if (!Object.hasOwn(variables, node.name)) {
        const names = Object.keys(variables);
        const available = names.length === 0 ? "none" : names.join(", ");
        throw new ExpressionSyntaxError(`unknown variable "${node.name}"; available: ${available}`, node.offset);
      }
      return variables[node.name];
    case "unary":
      if (node.operator === "-") {
        requireType(node.operand, "number", "-", variables);
        return "number";
      }
      requireType(node.operand, "boolean", "not", variables);
      return "boolean";
    case "binary":
      return binaryType(node, variables);
    case "call":
      return callType(node, variables);
  }
}

function binaryType(node: Extract<ExpressionNode, { type: "binary" }>, variables: VariableTypes): ExpressionType {
  switch (node.operator) {
    case "and":
    case "or":
      requireType(node.left, "boolean", node.operator, variables);
      requireType(node.right, "boolean", node.operator, variables);
      return "boolean";
    case "==":
    case "!=": {
      const left = typeOf(node.left, variables);
      const right = typeOf(node.right, variables);
      if (left !== right) {
        throw new ExpressionSyntaxError(`cannot compare a ${left} with a ${right} using ${node.operator}`, node.offset);
      }
      return "boolean";
    }
    case "<":
    case "<=":
    case ">":
    case ">=":
      requireType(node.left, "number", node.operator, variables);
      requireType(node.right, "number", node.operator, variables);
      return "boolean";
    default:
      requireType(node.left, "number", node.operator, variables);
      requireType(node.right, "number", node.operator, variables);
      return "number";
  }
}

function callType(node: Extract<ExpressionNode, { type: "call" }>, variables: VariableTypes): ExpressionType {
  const arity = node.name === "if" ? 3 : node.name === "min" || node.name === "max" ? 2 : 1;
  if (node.args.length !== arity) {
    const noun = arity === 1 ? "argument" : "arguments";
    throw new ExpressionSyntaxError(`${node.name} takes ${arity} ${noun}, got ${node.args.length}`, node.offset);
  }
  if (node.name === "if") {
    requireType(node.args[0], "boolean", "the condition of if", variables);
    const whenTrue = typeOf(node.args[1], variables);
    const whenFalse = typeOf(node.args[2], variables);
    if (whenTrue !== whenFalse) {
      throw new ExpressionSyntaxError(`both branches of if must have the same type (${whenTrue} vs ${whenFalse})`, node.offset);
    }
    return whenTrue;
  }
  for (const arg of node.args) requireType(arg, "number", node.name, variables);
  return "number";
}

function requireType(node: ExpressionNode, expected: ExpressionType, usedBy: string, variables: VariableTypes): void {
  const actual = typeOf(node, variables);
  if (actual !== expected) {
    throw new ExpressionSyntaxError(`${usedBy} needs a ${expected}, got a ${actual}`, node.offset);
  }
}
