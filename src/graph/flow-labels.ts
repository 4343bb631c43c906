// The labels of the ways a node's data gives (a route's conditions, a response route's test), for the flow model's ways.
import { isObject, nodeData, prop } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";

function conditionText(condition: unknown): string {
  if (!isObject(condition)) return "";
  const value = prop(condition, "value");
  const parts = [prop(condition, "field"), prop(condition, "operator"), typeof value === "object" && value !== null ? JSON.stringify(value) : value];
  return parts
    .filter((p) => p !== undefined && p !== null && String(p) !== "")
    .map(String)
    .join(" ");
}

/**
 * The condition a node-data way is taken on: a route's conditions joined by "and" (`kind` 1, the flow model's route code),
 * or a response route's test (`kind` 3); "" for any other way.
 */
export function nodeWayLabel(node: PathwayNode, kind: number, ref: number): string {
  const data = nodeData(node);
  if (kind === 1) {
    const conditions = prop(Array.isArray(data.routes) ? data.routes[ref] : undefined, "conditions");
    return Array.isArray(conditions)
      ? conditions
          .map(conditionText)
          .filter((c) => c !== "")
          .join(" and ")
      : "";
  }
  if (kind === 3) {
    const tuple = Array.isArray(data.responsePathways) ? data.responsePathways[ref] : undefined;
    const [variable, operator, value] = (Array.isArray(tuple) ? tuple : []) as unknown[];
    return operator === "" || operator === undefined ? String(variable ?? "") : conditionText({ field: variable, operator, value });
  }
  return "";
}
