// Conditions of Route nodes, webhook responsePathways and edges, evaluated on the variable store with real files' operators.

/** What an operator does; every spelling of one operator maps to the same kind. */
type OperatorKind = "equal" | "notEqual" | "contains" | "notContains" | "empty" | "notEmpty" | "greater" | "less" | "atLeast" | "atMost";

/**
 * Every spelling the simulator understands (lower-cased) and what it does. Real files use "==", "!=", "is", "less
 * than"; the rest are common forms. `CONDITION_OPERATORS` and `evaluateCondition` both read this one table.
 */
const OPERATORS = {
  "==": "equal",
  "=": "equal",
  is: "equal",
  equals: "equal",
  "equal to": "equal",
  "is equal to": "equal",
  "!=": "notEqual",
  "is not": "notEqual",
  "not equals": "notEqual",
  "not equal to": "notEqual",
  "is not equal to": "notEqual",
  contains: "contains",
  "does not contain": "notContains",
  "not contains": "notContains",
  "greater than": "greater",
  ">": "greater",
  "less than": "less",
  "<": "less",
  ">=": "atLeast",
  "greater than or equal": "atLeast",
  "greater than or equal to": "atLeast",
  "<=": "atMost",
  "less than or equal": "atMost",
  "less than or equal to": "atMost",
  "is empty": "empty",
  "does not exist": "empty",
  "is not empty": "notEmpty",
  exists: "notEmpty",
} as const satisfies Record<string, OperatorKind>;

/** Operators the simulator understands (lower-cased), every alias included. */
export const CONDITION_OPERATORS = Object.keys(OPERATORS) as readonly (keyof typeof OPERATORS)[];

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
  const kind: OperatorKind | undefined = Object.hasOwn(OPERATORS, op) ? OPERATORS[op as keyof typeof OPERATORS] : undefined;
  switch (kind) {
    case "equal":
      return { holds: equal(actual, expected) };
    case "notEqual":
      return { holds: !equal(actual, expected) };
    case "contains":
      return { holds: asText(actual).toLowerCase().includes(asText(expected).toLowerCase()) };
    case "notContains":
      return { holds: !asText(actual).toLowerCase().includes(asText(expected).toLowerCase()) };
    case "empty":
      return { holds: asText(actual) === "" };
    case "notEmpty":
      return { holds: asText(actual) !== "" };
  }
  const x = asNumber(actual);
  const y = asNumber(expected);
  const ordered = (f: (a: number, b: number) => boolean): ConditionOutcome => ({ holds: x !== undefined && y !== undefined && f(x, y) });
  switch (kind) {
    case "greater":
      return ordered((a, b) => a > b);
    case "less":
      return ordered((a, b) => a < b);
    case "atLeast":
      return ordered((a, b) => a >= b);
    case "atMost":
      return ordered((a, b) => a <= b);
  }
  return { holds: false, unknownOperator: operator };
}
