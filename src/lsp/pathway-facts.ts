// What the editor features know about a pathway that parses: its nodes, every place that names a node, its ways and its variables, read from the graph layer's one model.
import type { Range } from "../diagnostics/index.js";
import { getFlow, getFlowWays, getVariableProducers, getVariableReads, type FlowWay, type VariableDefinition, type VariableUse } from "../graph/index.js";
import { getEdgeLabel, getEdges, getNodes, isObject, nodeData, prop } from "../model/pathway.js";
import type { Pathway } from "../model/schema.js";
import { parseDocument } from "../parse/index.js";
import { toPointer, type PathStep } from "./json-position.js";
import { locateValues, toValueSpanKey } from "./locate-values.js";

/** One node as the features show it. */
export interface NodeFact {
  id: string;
  index: number;
  name: string;
  type: string;
  /** Range of its `id` value, and of its whole entry. */
  idRange?: Range;
  range?: Range;
}

/** A place in the file that names a node: an edge end, a route or response target, a press target. */
export interface NodeReference {
  /** The node id named. */
  id: string;
  path: PathStep[];
  /** Which field: "source", "target", "route", "fallback", "response", "press". */
  role: string;
  range?: Range;
}

/** A `{{variable}}` read or a place that sets one, with where it is. */
export interface PlacedUse extends VariableUse {
  range?: Range;
}
export interface PlacedDefinition extends VariableDefinition {
  range?: Range;
}

/** Everything the features read; made once per good parse and kept while later edits do not parse. */
export interface PathwayFacts {
  text: string;
  value: Pathway;
  nodes: NodeFact[];
  byId: ReadonlyMap<string, NodeFact>;
  references: NodeReference[];
  ways: FlowWay[];
  uses: PlacedUse[];
  definitions: PlacedDefinition[];
  /** Edge entries: id, label, source and target, with the entry's range. */
  edges: { index: number; id?: string; label?: string; source?: string; target?: string; range?: Range }[];
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Every field that names a node, in file order (the same fields the flow model and unknown-route-target read). */
function findReferences(pathway: Pathway): NodeReference[] {
  const refs: NodeReference[] = [];
  const add = (id: unknown, path: PathStep[], role: string) => {
    if (typeof id === "string") refs.push({ id, path, role });
  };
  for (const { edge, index } of getEdges(pathway)) {
    add(edge.source, ["edges", index, "source"], "source");
    add(edge.target, ["edges", index, "target"], "target");
  }
  for (const { node, index } of getNodes(pathway)) {
    const data = nodeData(node) as Record<string, unknown>;
    const base: PathStep[] = ["nodes", index, "data"];
    if (Array.isArray(data.routes)) data.routes.forEach((r, i) => add(prop(r, "targetNodeId"), [...base, "routes", i, "targetNodeId"], "route"));
    add(data.fallbackNodeId, [...base, "fallbackNodeId"], "fallback");
    if (Array.isArray(data.responsePathways)) {
      data.responsePathways.forEach((t, i) => add(Array.isArray(t) ? prop(t[3], "id") : undefined, [...base, "responsePathways", i, 3, "id"], "response"));
    }
    const press = data.targetNodeAfterPress;
    if (typeof press === "string") add(press, [...base, "targetNodeAfterPress"], "press");
    else add(prop(press, "id"), [...base, "targetNodeAfterPress", "id"], "press");
  }
  return refs;
}

/**
 * The facts of `text`, or undefined when it does not parse or is not an object with `nodes`. Every range is placed in
 * one linear pass over the text (`locateValues`), so a 1,000-node file costs one scan, not one per node.
 */
export function getPathwayFacts(text: string): PathwayFacts | undefined {
  const parsed = parseDocument(text);
  if (!parsed.ok || !isObject(parsed.value) || !Array.isArray(parsed.value.nodes)) return undefined;
  const value = parsed.value as Pathway;
  const flow = getFlow(value);
  const nodeList = getNodes(value);
  const references = findReferences(value);
  const reads = getVariableReads(flow);
  const definitions = getVariableProducers(flow).definitions;
  const edgeList = getEdges(value);
  const pointers = new Set<string>();
  for (const { index } of nodeList) pointers.add(`/nodes/${index}`).add(`/nodes/${index}/id`);
  for (const r of references) pointers.add(toPointer(r.path));
  for (const d of definitions) pointers.add(toPointer(d.path));
  for (const { index } of edgeList) pointers.add(`/edges/${index}`);
  const spans = new Map<string, { start: number; end: number }[]>();
  for (const u of reads.uses) {
    const p = toPointer(u.path);
    pointers.add(p);
    spans.set(p, [...(spans.get(p) ?? []), { start: u.offset, end: u.offset + u.length }]);
  }
  const at = locateValues(text, pointers, spans);
  const nodes = nodeList.map(({ node, index }): NodeFact => {
    const data = nodeData(node);
    return {
      id: node.id,
      index,
      name: str(data.name) ?? node.id,
      type: str(node.type) ?? "",
      idRange: at.get(`/nodes/${index}/id`),
      range: at.get(`/nodes/${index}`),
    };
  });
  const byId = new Map<string, NodeFact>();
  for (const n of nodes) if (!byId.has(n.id)) byId.set(n.id, n);
  return {
    text,
    value,
    nodes,
    byId,
    references: references.map((r) => ({ ...r, range: at.get(toPointer(r.path)) })),
    ways: getFlowWays(flow),
    uses: reads.uses.map((u) => ({ ...u, range: at.get(toValueSpanKey(toPointer(u.path), { start: u.offset, end: u.offset + u.length })) })),
    definitions: definitions.map((d) => ({ ...d, range: at.get(toPointer(d.path)) })),
    edges: edgeList.map(({ edge, index }) => ({
      index,
      id: str(edge.id),
      label: getEdgeLabel(edge),
      source: str(edge.source),
      target: str(edge.target),
      range: at.get(`/edges/${index}`),
    })),
  };
}

/** The node reference whose path is `path`, if that field names a node. */
export function getReferenceAt(facts: PathwayFacts, path: readonly PathStep[]): NodeReference | undefined {
  const pointer = toPointer(path);
  return facts.references.find((r) => toPointer(r.path) === pointer);
}

/** The node whose `id` value is at `path` (`/nodes/<i>/id`). */
export function getNodeDeclaredAt(facts: PathwayFacts, path: readonly PathStep[]): NodeFact | undefined {
  if (path.length !== 3 || path[0] !== "nodes" || path[2] !== "id") return undefined;
  return facts.nodes.find((n) => n.index === Number(path[1]));
}
