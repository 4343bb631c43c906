// Read-only helpers over a loaded pathway value that stay safe on malformed input.
import { getNodeType } from "./node-types/index.js";
import type { PathwayEdge, PathwayNode, NodeData } from "./schema.js";

/** A JSON object; everything the toolkit reads is checked against this first. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own property `key` of `value`, or undefined; never reads through the prototype (`__proto__` keys are data). */
export function prop(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** A node entry together with its index in `nodes[]`, so findings can point at it. */
export interface IndexedNode {
  node: PathwayNode;
  index: number;
}

/** An edge together with its index in `edges[]`. */
export interface IndexedEdge {
  edge: PathwayEdge;
  index: number;
}

/**
 * True for the `{globalConfig: {...}}` pseudo-entry real files keep inside nodes[]: it has no `type` and no `data`,
 * whatever else the editor gave it (an `id`, a `position`, a size), so it is never a node of the flow.
 */
export function isGlobalConfigEntry(entry: unknown): boolean {
  return isObject(entry) && "globalConfig" in entry && !("type" in entry) && !("data" in entry);
}

/** Node entries that look like nodes (objects with a string id), skipping the globalConfig pseudo-entry. */
export function getNodes(pathway: unknown): IndexedNode[] {
  const nodes = prop(pathway, "nodes");
  if (!Array.isArray(nodes)) return [];
  const result: IndexedNode[] = [];
  nodes.forEach((entry, index) => {
    if (isObject(entry) && typeof entry.id === "string" && !isGlobalConfigEntry(entry)) {
      result.push({ node: entry as PathwayNode, index });
    }
  });
  return result;
}

/** Edges that look like edges (objects); malformed ones are the shape check's business. */
export function getEdges(pathway: unknown): IndexedEdge[] {
  const edges = prop(pathway, "edges");
  if (!Array.isArray(edges)) return [];
  const result: IndexedEdge[] = [];
  edges.forEach((edge, index) => {
    if (isObject(edge)) result.push({ edge: edge as PathwayEdge, index });
  });
  return result;
}

/** The node's data object, or an empty one when it is missing or malformed. */
export function nodeData(node: PathwayNode): NodeData {
  return isObject(node.data) ? node.data : {};
}

/** The edge label wherever the file keeps it: top level (documented, what the save endpoint reads) or `data.label` (UI exports). */
export function getEdgeLabel(edge: PathwayEdge): string | undefined {
  if (typeof edge.label === "string") return edge.label;
  const label = prop(edge.data, "label");
  return typeof label === "string" ? label : undefined;
}

/** True when the node is a transfer (documented `Transfer Node` or the real `Transfer Call`). */
export function isTransferNode(node: PathwayNode): boolean {
  return getNodeType(node.type)?.flow.exit === "transfer";
}

/** True for a node that ends the conversation: End Call or a transfer. */
export function isTerminalNode(node: PathwayNode): boolean {
  const exit = getNodeType(node.type)?.flow.exit;
  return exit === "end-call" || exit === "transfer";
}

/** True for a global node (`data.isGlobal: true`); "global" is not a node type. */
export function isGlobalNode(node: PathwayNode): boolean {
  return nodeData(node).isGlobal === true;
}

/** True for the start node (`data.isStart: true`). */
export function isStartNode(node: PathwayNode): boolean {
  return nodeData(node).isStart === true;
}

/** How messages name a node: `"Greeting" (id 1)`, or just the id when it has no name. */
export function describeNode(node: PathwayNode): string {
  const name = nodeData(node).name;
  return typeof name === "string" && name.trim() !== "" ? `"${name}" (id ${node.id})` : `id ${node.id}`;
}
