// Changes that usually mean something was lost by accident: a label, a variable or a route gone, a node still pointed at.
import { getEdgeLabel, getEdges, getNodes, isObject, nodeData, type PathwayEdge, type PathwayNode } from "../model/index.js";
import { toJsonPointer } from "./json-value.js";

/** What kind of loss. */
export type LossType = "edge-label-removed" | "edge-removed" | "extract-var-removed" | "route-removed" | "dangling-reference";

/** A change worth a second look before it ships: the reviewer confirms it was meant. */
export interface LikelyLoss {
  type: LossType;
  message: string;
  /** The node the loss is in or about. */
  nodeId?: string;
  /** Where to look: in the first document for things removed, in the second for references left behind. */
  pointer: string;
}

const nameOf = (node: PathwayNode): string => {
  const name = nodeData(node).name;
  return typeof name === "string" && name !== "" ? `"${name}" (id ${node.id})` : `id ${node.id}`;
};

function extractVarNames(node: PathwayNode): string[] {
  const vars = nodeData(node).extractVars;
  if (!Array.isArray(vars)) return [];
  return vars.flatMap((v) => (Array.isArray(v) && typeof v[0] === "string" ? [v[0]] : isObject(v) && typeof v.name === "string" ? [v.name] : []));
}

/** The targets of a node's own routes: Route `routes`, webhook `responsePathways`, as `kind:target` keys. */
function routeKeys(node: PathwayNode): Map<string, string> {
  const data = nodeData(node);
  const keys = new Map<string, string>();
  if (Array.isArray(data.routes)) data.routes.forEach((r, i) => isObject(r) && keys.set(`route:${String(r.targetNodeId)}:${JSON.stringify(r.conditions ?? null)}`, `routes[${i}] → ${String(r.targetNodeId)}`));
  if (Array.isArray(data.responsePathways)) {
    data.responsePathways.forEach((t, i) => {
      if (Array.isArray(t)) keys.set(`response:${JSON.stringify(t.slice(0, 3))}:${isObject(t[3]) ? String(t[3].id) : ""}`, `responsePathways[${i}] (${t.slice(0, 3).map(String).join(" ")})`.replace(/\s+\)/, ")"));
    });
  }
  return keys;
}

/** Losses inside one node kept from `a` to `b`: extractVars entries and routes that are gone. */
export function getNodeLosses(a: PathwayNode, b: PathwayNode, indexA: number): LikelyLoss[] {
  const losses: LikelyLoss[] = [];
  const kept = new Set(extractVarNames(b));
  for (const name of extractVarNames(a)) {
    if (!kept.has(name)) {
      losses.push({ type: "extract-var-removed", nodeId: b.id, pointer: toJsonPointer(["nodes", indexA, "data", "extractVars"]), message: `extractVars entry "${name}" removed from node ${nameOf(b)}: later uses of {{${name}}} get no value.` });
    }
  }
  const after = routeKeys(b);
  for (const [key, where] of routeKeys(a)) {
    if (!after.has(key)) losses.push({ type: "route-removed", nodeId: b.id, pointer: toJsonPointer(["nodes", indexA, "data"]), message: `route ${where} removed from node ${nameOf(b)}.` });
  }
  return losses;
}

/** An edge losing its label, or removed with no edge left between the same nodes. */
export function getEdgeLoss(edge: Record<string, unknown>, index: number, removed: boolean, labelAfter: string | undefined): LikelyLoss | undefined {
  const label = getEdgeLabel(edge as PathwayEdge);
  const ends = `${String(edge.source)} → ${String(edge.target)}`;
  if (removed) return { type: "edge-removed", pointer: toJsonPointer(["edges", index]), message: `edge ${ends}${label ? ` "${label}"` : ""} removed: no way left from ${String(edge.source)} to ${String(edge.target)}.` };
  if (label !== undefined && label.trim() !== "" && (labelAfter === undefined || labelAfter.trim() === "")) {
    return { type: "edge-label-removed", pointer: toJsonPointer(["edges", index]), message: `edge ${ends} lost its label "${label}": the agent no longer knows when to take it.` };
  }
  return undefined;
}

/**
 * References in `b` (edges, routes, fallbacks, response routes, press-button targets) to node ids that `b` no longer
 * has (`goneIds`: removed id -> its name): one loss per removed node, naming the first few things that still point at it.
 */
export function getDanglingReferences(b: unknown, goneIds: ReadonlyMap<string, string | undefined>): LikelyLoss[] {
  if (goneIds.size === 0) return [];
  const present = new Set(getNodes(b).map((n) => n.node.id));
  const refs = new Map<string, { from: string; pointer: string }[]>();
  const check = (target: unknown, pointer: string, from: string) => {
    if (typeof target !== "string" || !goneIds.has(target) || present.has(target)) return;
    const list = refs.get(target) ?? [];
    if (!list.some((r) => r.from === from)) list.push({ from, pointer });
    refs.set(target, list);
  };
  for (const { edge, index } of getEdges(b)) {
    const name = `edge ${String(edge.source)} → ${String(edge.target)}`;
    check(edge.target, toJsonPointer(["edges", index, "target"]), name);
    check(edge.source, toJsonPointer(["edges", index, "source"]), name);
  }
  for (const { node, index } of getNodes(b)) {
    const data = nodeData(node);
    const at = (...path: (string | number)[]) => toJsonPointer(["nodes", index, "data", ...path]);
    if (Array.isArray(data.routes)) data.routes.forEach((r, i) => check(isObject(r) ? r.targetNodeId : undefined, at("routes", i, "targetNodeId"), `node ${nameOf(node)} routes[${i}]`));
    check(data.fallbackNodeId, at("fallbackNodeId"), `node ${nameOf(node)} fallbackNodeId`);
    if (Array.isArray(data.responsePathways)) data.responsePathways.forEach((t, i) => check(Array.isArray(t) && isObject(t[3]) ? t[3].id : undefined, at("responsePathways", i, 3, "id"), `node ${nameOf(node)} responsePathways[${i}]`));
    check(isObject(data.targetNodeAfterPress) ? data.targetNodeAfterPress.id : undefined, at("targetNodeAfterPress", "id"), `node ${nameOf(node)} targetNodeAfterPress`);
  }
  return [...refs].map(([id, list]) => {
    const shown = list.slice(0, 3).map((r) => r.from).join(", ");
    const more = list.length > 3 ? ` and ${list.length - 3} more` : "";
    return { type: "dangling-reference", nodeId: id, pointer: list[0]!.pointer, message: `node ${goneIds.get(id) ? `"${goneIds.get(id)}" (id ${id})` : id} was removed but ${list.length} reference${list.length === 1 ? "" : "s"} still point at it: ${shown}${more}.` };
  });
}
