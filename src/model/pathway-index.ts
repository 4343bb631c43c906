// Resolves a pathway's node ids once, so the rules and analyses that follow edges share one lookup instead of each doing its own.
import { getEdges, getNodes, type IndexedEdge, type IndexedNode } from "./pathway.js";

/** A pathway's entries with every edge's endpoints already resolved to nodes. */
export interface PathwayIndex {
  /** Node entries with a string id, in file order (the globalConfig pseudo-entry is left out). */
  readonly nodes: readonly IndexedNode[];
  /** Edge entries that are objects, in file order. */
  readonly edges: readonly IndexedEdge[];
  /** The first node with each id, in file order. */
  readonly firstNodes: readonly IndexedNode[];
  /** Node id -> its position in `firstNodes`. */
  readonly positionOf: ReadonlyMap<string, number>;
  /** For `edges[e]`: the position in `firstNodes` of its source node, or -1 when the source names no node. */
  readonly edgeSource: Int32Array;
  /** For `edges[e]`: the position in `firstNodes` of its target node, or -1 when the target names no node. */
  readonly edgeTarget: Int32Array;
}

function positionIn(positionOf: ReadonlyMap<string, number>, id: unknown): number {
  return typeof id === "string" ? (positionOf.get(id) ?? -1) : -1;
}

/** Indexes a loaded pathway (malformed entries are skipped, never thrown on); linear in its size. */
export function indexPathway(pathway: unknown): PathwayIndex {
  const nodes = getNodes(pathway);
  const edges = getEdges(pathway);
  const firstNodes: IndexedNode[] = [];
  const positionOf = new Map<string, number>();
  for (const entry of nodes) {
    if (positionOf.has(entry.node.id)) continue;
    positionOf.set(entry.node.id, firstNodes.length);
    firstNodes.push(entry);
  }
  const edgeSource = new Int32Array(edges.length);
  const edgeTarget = new Int32Array(edges.length);
  for (let e = 0; e < edges.length; e++) {
    const { edge } = edges[e]!;
    edgeSource[e] = positionIn(positionOf, edge.source);
    edgeTarget[e] = positionIn(positionOf, edge.target);
  }
  return { nodes, edges, firstNodes, positionOf, edgeSource, edgeTarget };
}
