// Changes that usually mean something was lost by accident: a label, a variable or a route gone, a node still pointed at.
import { getEdgeEntryIndex, getFlowWays } from "../graph/index.js";
import { getEdgeLabel, getNodes, isObject, nodeData } from "../model/pathway.js";
import type { Pathway, PathwayEdge, PathwayNode } from "../model/schema.js";
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

/**
 * A node's own ways on other than edges (Route routes, fallback, webhook response routes, press target), read from the
 * flow model of the node alone, keyed by kind, target and condition.
 */
function nodeWays(node: PathwayNode): Map<string, string> {
  const keys = new Map<string, string>();
  for (const way of getFlowWays({ nodes: [node], edges: [] } as unknown as Pathway)) {
    const where =
      way.kind === "route"
        ? `routes[${way.ref}]`
        : way.kind === "response"
          ? `responsePathways[${way.ref}]`
          : way.kind === "fallback"
            ? "fallbackNodeId"
            : "targetNodeAfterPress";
    keys.set(`${way.kind}\u0000${way.to}\u0000${way.label}`, `${where} → ${way.to}${way.label ? ` (${way.label})` : ""}`);
  }
  return keys;
}

/** Losses inside one node kept from `a` to `b`: extractVars entries and routes that are gone. */
export function getNodeLosses(a: PathwayNode, b: PathwayNode, indexA: number): LikelyLoss[] {
  const losses: LikelyLoss[] = [];
  const kept = new Set(extractVarNames(b));
  for (const name of extractVarNames(a)) {
    if (!kept.has(name)) {
      losses.push({
        type: "extract-var-removed",
        nodeId: b.id,
        pointer: toJsonPointer(["nodes", indexA, "data", "extractVars"]),
        message: `extractVars entry "${name}" removed from node ${nameOf(b)}: later uses of {{${name}}} get no value.`,
      });
    }
  }
  const after = nodeWays(b);
  for (const [key, where] of nodeWays(a)) {
    if (!after.has(key))
      losses.push({
        type: "route-removed",
        nodeId: b.id,
        pointer: toJsonPointer(["nodes", indexA, "data"]),
        message: `route ${where} removed from node ${nameOf(b)}.`,
      });
  }
  return losses;
}

/** An edge losing its label, or removed with no edge left between the same nodes. */
export function getEdgeLoss(edge: Record<string, unknown>, index: number, removed: boolean, labelAfter: string | undefined): LikelyLoss | undefined {
  const label = getEdgeLabel(edge as PathwayEdge);
  const ends = `${String(edge.source)} → ${String(edge.target)}`;
  if (removed)
    return {
      type: "edge-removed",
      pointer: toJsonPointer(["edges", index]),
      message: `edge ${ends}${label ? ` "${label}"` : ""} removed: no way left from ${String(edge.source)} to ${String(edge.target)}.`,
    };
  if (label !== undefined && label.trim() !== "" && (labelAfter === undefined || labelAfter.trim() === "")) {
    return {
      type: "edge-label-removed",
      pointer: toJsonPointer(["edges", index]),
      message: `edge ${ends} lost its label "${label}": the agent no longer knows when to take it.`,
    };
  }
  return undefined;
}

/**
 * Ways on in `b` (edges, routes, fallbacks, response routes, press targets, from the flow model) that still name node
 * ids `b` no longer has (`goneIds`: removed id -> its name): one loss per removed node, naming the first few.
 */
export function getDanglingReferences(b: unknown, goneIds: ReadonlyMap<string, string | undefined>): LikelyLoss[] {
  if (goneIds.size === 0 || !isObject(b) || !Array.isArray(b.nodes)) return [];
  const refs = new Map<string, { from: string; pointer: string }[]>();
  const note = (id: string, from: string, pointer: string) => {
    const list = refs.get(id) ?? [];
    if (!list.some((r) => r.from === from)) list.push({ from, pointer });
    refs.set(id, list);
  };
  const nodeIndex = new Map(getNodes(b).map((n) => [n.node.id, n.index]));
  for (const way of getFlowWays(b as Pathway)) {
    const name =
      way.kind === "edge" || way.kind === "voicemail"
        ? `edge ${way.from} → ${way.to}`
        : `node ${way.from} ${way.kind === "route" ? `routes[${way.ref}]` : way.kind === "response" ? `responsePathways[${way.ref}]` : way.kind === "fallback" ? "fallbackNodeId" : "targetNodeAfterPress"}`;
    const edgeIndex = getEdgeEntryIndex(way);
    const at = (end: "source" | "target") => {
      if (edgeIndex !== undefined) return toJsonPointer(["edges", edgeIndex, end]);
      const base = ["nodes", nodeIndex.get(way.from) ?? 0, "data"];
      const field =
        way.kind === "route"
          ? ["routes", way.ref, "targetNodeId"]
          : way.kind === "response"
            ? ["responsePathways", way.ref, 3, "id"]
            : way.kind === "fallback"
              ? ["fallbackNodeId"]
              : ["targetNodeAfterPress"];
      return toJsonPointer(end === "target" ? [...base, ...field] : base);
    };
    if (way.toIndex < 0 && goneIds.has(way.to)) note(way.to, name, at("target"));
    if (way.fromIndex < 0 && goneIds.has(way.from)) note(way.from, name, at("source"));
  }
  return [...refs].map(([id, list]) => {
    const shown = list
      .slice(0, 3)
      .map((r) => r.from)
      .join(", ");
    const more = list.length > 3 ? ` and ${list.length - 3} more` : "";
    return {
      type: "dangling-reference",
      nodeId: id,
      pointer: list[0]!.pointer,
      message: `node ${goneIds.get(id) ? `"${goneIds.get(id)}" (id ${id})` : id} was removed but ${list.length} reference${list.length === 1 ? "" : "s"} still point at it: ${shown}${more}.`,
    };
  });
}
