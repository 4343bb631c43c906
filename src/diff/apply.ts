// Replays a diff's changes on the first pathway, giving the second one up to the ignored fields (and entry order).
import { getEdgeLabel, isObject } from "../model/pathway.js";
import type { PathwayEdge } from "../model/schema.js";
import { getNonNodeEntries, toEndpointKey } from "./diff-pathways.js";
import type { EdgeRef, PathwayChange } from "./diff-types.js";
import { cloneJson, setIn, setOwn } from "./json-value.js";
import { fromEdgeView, fromNodeView, toEdgeView, toNodeView } from "./views.js";

/** Options of `applyChanges`. */
export interface ApplyOptions {
  /** Must match the `includeLayout` the changes were computed with. Default false. */
  includeLayout?: boolean;
}

function applyToView(view: unknown, changes: readonly PathwayChange[]): unknown {
  let result = view;
  for (const c of changes) result = setIn(result, c.path, c.op === "remove" ? undefined : cloneJson(c.after));
  return result;
}

function edgeKey(source: string, target: string, label: string | null): string {
  return JSON.stringify([source, target, label]);
}

/**
 * Applies `changes` (from `getPathwayDiff(a, b)`) to a copy of `a` and returns it; `a` is not modified. The result
 * equals `b` up to the fields the diff ignored and the order of nodes and edges: `getPathwayDiff(result, b)` is empty.
 * Throws when a change names a node or edge that `a` does not have (changes from another pathway).
 */
export function applyChanges(a: unknown, changes: readonly PathwayChange[], options: ApplyOptions = {}): unknown {
  const includeLayout = options.includeLayout ?? false;
  const result: Record<string, unknown> = isObject(a) ? cloneJson(a) : {};
  const nodes: unknown[] = Array.isArray(result.nodes) ? result.nodes : [];
  const edges: unknown[] = Array.isArray(result.edges) ? result.edges : [];

  // Renames first: node ids and the edge endpoints that use them, all at once (so swaps work).
  const renames = new Map(changes.filter((c) => c.entity === "node" && c.op === "rename").map((c) => [c.fromId!, c.nodeId!]));
  if (renames.size > 0) {
    for (const node of nodes) if (isObject(node) && typeof node.id === "string" && renames.has(node.id)) node.id = renames.get(node.id);
    for (const edge of edges) {
      if (!isObject(edge)) continue;
      if (typeof edge.source === "string" && renames.has(edge.source)) edge.source = renames.get(edge.source);
      if (typeof edge.target === "string" && renames.has(edge.target)) edge.target = renames.get(edge.target);
    }
  }

  // Top-level fields.
  const pathwayChanges = changes.filter((c) => c.entity === "pathway");
  if (pathwayChanges.length > 0) {
    const view: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(result)) if (k !== "nodes" && k !== "edges") setOwn(view, k, v);
    const next = applyToView(view, pathwayChanges);
    for (const k of Object.keys(result)) if (k !== "nodes" && k !== "edges") delete result[k];
    if (isObject(next)) for (const [k, v] of Object.entries(next)) if (k !== "nodes" && k !== "edges") setOwn(result, k, v);
  }

  // Node-level changes, resolved against the entries before any is removed.
  const byId = new Map<string, number>();
  nodes.forEach((node, i) => {
    if (isObject(node) && typeof node.id === "string" && !byId.has(node.id)) byId.set(node.id, i);
  });
  const nodeFieldChanges = new Map<number, PathwayChange[]>();
  const removedNodes = new Set<number>();
  const addedNodes: unknown[] = [];
  for (const c of changes) {
    if (c.entity !== "node" || c.op === "rename") continue;
    if (c.op === "add" && c.path.length === 0) {
      addedNodes.push(cloneJson(c.after));
      continue;
    }
    const index = byId.get(c.nodeId!);
    if (index === undefined) throw new Error(`applyChanges: node ${JSON.stringify(c.nodeId)} is not in the pathway; the changes come from another pathway.`);
    if (c.op === "remove" && c.path.length === 0) removedNodes.add(index);
    else nodeFieldChanges.set(index, [...(nodeFieldChanges.get(index) ?? []), c]);
  }
  for (const [index, list] of nodeFieldChanges) {
    const node = nodes[index] as Record<string, unknown>;
    const view = applyToView(toNodeView(node, includeLayout), list);
    nodes[index] = fromNodeView(isObject(view) ? view : {}, node.id as string, node, includeLayout);
  }

  // Edge-level changes, located by endpoints, label and occurrence.
  const occurrences = new Map<string, number>();
  const byRef = new Map<string, number>();
  edges.forEach((edge, i) => {
    if (!isObject(edge)) return;
    const key = edgeKey(toEndpointKey(edge.source), toEndpointKey(edge.target), getEdgeLabel(edge as PathwayEdge) ?? null);
    const n = occurrences.get(key) ?? 0;
    occurrences.set(key, n + 1);
    byRef.set(`${key}#${n}`, i);
  });
  const refKey = (ref: EdgeRef) => `${edgeKey(ref.source, ref.target, ref.label)}#${ref.occurrence}`;
  const edgeFieldChanges = new Map<number, PathwayChange[]>();
  const removedEdges = new Set<number>();
  const addedEdges: unknown[] = [];
  for (const c of changes) {
    if (c.entity !== "edge") continue;
    if (c.op === "add" && c.path.length === 0) {
      addedEdges.push(cloneJson(c.after));
      continue;
    }
    const index = c.edge ? byRef.get(refKey(c.edge)) : undefined;
    if (index === undefined) throw new Error(`applyChanges: edge ${JSON.stringify(c.edge)} is not in the pathway; the changes come from another pathway.`);
    if (c.op === "remove" && c.path.length === 0) removedEdges.add(index);
    else edgeFieldChanges.set(index, [...(edgeFieldChanges.get(index) ?? []), c]);
  }
  for (const [index, list] of edgeFieldChanges) {
    const edge = edges[index] as Record<string, unknown>;
    const view = applyToView(toEdgeView(edge, includeLayout), list);
    edges[index] = fromEdgeView(isObject(view) ? view : {}, edge, includeLayout);
  }

  // The non-node entries of nodes[] (the {globalConfig} pseudo-entry) as one list.
  const extraChanges = changes.filter((c) => c.entity === "globalConfig");
  let extras: unknown[] | undefined;
  let extrasAt = nodes.length;
  if (extraChanges.length > 0) {
    const current = getNonNodeEntries({ nodes });
    extrasAt = current[0]?.index ?? nodes.length;
    const next = applyToView(
      current.map((e) => cloneJson(e.entry)),
      extraChanges,
    );
    extras = Array.isArray(next) ? next : [];
    for (const e of current) removedNodes.add(e.index);
  }

  const keptNodes: unknown[] = [];
  nodes.forEach((node, i) => {
    if (extras && i === extrasAt) keptNodes.push(...extras);
    if (!removedNodes.has(i)) keptNodes.push(node);
  });
  if (extras && extrasAt >= nodes.length) keptNodes.push(...extras);
  keptNodes.push(...addedNodes);
  if (Array.isArray(result.nodes) || keptNodes.length > 0) result.nodes = keptNodes;
  const keptEdges = edges.filter((_, i) => !removedEdges.has(i));
  keptEdges.push(...addedEdges);
  if (Array.isArray(result.edges) || keptEdges.length > 0) result.edges = keptEdges;
  return result;
}
