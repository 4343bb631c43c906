// The pathway as a graphlib multigraph: one node per node id, one edge per flow edge (edges, routes, response routes).
import { Graph } from "@dagrejs/graphlib";
import type { PathwayNode } from "../model/index.js";
import { getFlowEdgeKind, toGraphIndex, type FlowEdgeKind, type GraphSource } from "./graph-index.js";

/** The label of each graph node. */
export interface PathwayGraphNode {
  node: PathwayNode;
  /** Index of the node in `nodes[]`. */
  index: number;
  isStart: boolean;
  isGlobal: boolean;
  /** End Call, transfer or Transfer Pathway. */
  isExit: boolean;
}

/** The label of each graph edge; `ref` is the index in `edges[]`, `routes[]` or `responsePathways[]`. */
export interface PathwayGraphEdge {
  kind: FlowEdgeKind;
  ref: number;
}

/**
 * A directed multigraph (@dagrejs/graphlib) of the pathway's flow: its edges, Route `routes` and `fallbackNodeId`, and
 * webhook `responsePathways`. Edges are named `edge:<index>`, `route:<node>:<i>`, `fallback:<node>` and
 * `response:<node>:<i>`. Implicit jumps to global nodes are not materialised (they would be one per node and global);
 * the graph label `{start, globals}` names them.
 */
export function createPathwayGraph(source: GraphSource): Graph<{ start?: string; globals: string[] }, PathwayGraphNode, PathwayGraphEdge> {
  const g = toGraphIndex(source);
  const graph = new Graph<{ start?: string; globals: string[] }, PathwayGraphNode, PathwayGraphEdge>({ directed: true, multigraph: true });
  graph.setGraph({ ...(g.start >= 0 && { start: g.ids[g.start] }), globals: g.globals.map((i) => g.ids[i]!) });
  for (let i = 0; i < g.ids.length; i++) {
    graph.setNode(g.ids[i]!, {
      node: g.nodes[i]!.node,
      index: g.nodes[i]!.index,
      isStart: i === g.start,
      isGlobal: g.isGlobal[i] === 1,
      isExit: g.isExit[i] === 1,
    });
  }
  for (let v = 0; v < g.ids.length; v++) {
    for (let p = g.outOffset[v]!, end = g.outOffset[v + 1]!; p < end; p++) {
      const kind = getFlowEdgeKind(g.outKind[p]!);
      const ref = g.outRef[p]!;
      const name = kind === "edge" ? `edge:${ref}` : kind === "fallback" ? `fallback:${g.ids[v]}` : `${kind}:${g.ids[v]}:${ref}`;
      graph.setEdge(g.ids[v]!, g.ids[g.outTarget[p]!]!, { kind, ref }, name);
    }
  }
  return graph;
}
