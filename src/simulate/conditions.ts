// Conditions of Route nodes, webhook responsePathways and edges, evaluated on the variable store with real files' operators.

/** Operators the simulator understands (lower-cased); real files use "==", "!=", "is", "less than"; the rest are common forms. */
export const CONDITION_OPERATORS = [
  "==", "=", "is", "equals", "!=", "is not", "not equals", "contains", "does not contain", "not contains",
  "greater than", ">", "less than", "<", ">=", "greater than or equal", "greater than or equal to", "<=",
  "less than or equal", "less than or equal to", "is empty", "is not empty", "exists", "does not exist",
] as const;

function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return undefined;
  const text = asText(value);
  if (text === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function equal(a: unknown, b: unknown): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x === y;
  return asText(a).toLowerCase() === asText(b).toLowerCase();
}

/** The outcome of one condition: whether it holds, or that its operator is unknown. */
export type ConditionOutcome = { holds: boolean; unknownOperator?: string };

/**
 * Evaluates `actual <operator> expected`. Equality compares numbers as numbers and text case-insensitively;
 * ordering operators need two numbers (otherwise false); unknown operators are false and reported.
 */
export function evaluateCondition(actual: unknown, operator: string, expected: unknown): ConditionOutcome {
  const op = operator.trim().toLowerCase();
  switch (op) {
    case "==": case "=": case "is": case "equals": case "equal to": case "is equal to":
      return { holds: equal(actual, expected) };
    case "!=": case "is not": case "not equals": case "not equal to": case "is not equal to":
      return { holds: !equal(actual, expected) };
    case "contains":
      return { holds: asText(actual).toLowerCase().includes(asText(expected).toLowerCase()) };
    case "does not contain": case "not contains":
      return { holds: !asText(actual).toLowerCase().includes(asText(expected).toLowerCase()) };
    case "is empty": case "does not exist":
      return { holds: asText(actual) === "" };
    case "is not empty": case "exists":
      return { holds: asText(actual) !== "" };
  }
  const x = asNumber(actual);
  const y = asNumber(expected);
  const ordered = (f: (a: number, b: number) => boolean): ConditionOutcome => ({ holds: x !== undefined && y !== undefined && f(x, y) });
  switch (op) {
    case ">": case "greater than": return ordered((a, b) => a > b);
    case "<": case "less than": return ordered((a, b) => a < b);
    case ">=": case "greater than or equal": case "greater than or equal to": return ordered((a, b) => a >= b);
    case "<=": case "less than or equal": case "less than or equal to": return ordered((a, b) => a <= b);
  }
  return { holds: false, unknownOperator: operator };
}
