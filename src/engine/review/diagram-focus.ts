// What a review diagram draws of a big pathway: the changed nodes against a base with their neighbours, and Mermaid within GitHub's limits.
import type { PathwayDiff } from "../../diff/index.js";
import { getMermaidLimitProblems, simplifyGraph, toDirectedGraph, toMermaid, type DiagramOptions, type DirectedGraph } from "../../export/index.js";
import { getNodes, isStartNode } from "../../model/pathway.js";
import { toCount } from "../../escape/count.js";
import type { Pathway } from "../../model/schema.js";

/**
 * The node ids a change touches: added, renamed and changed nodes, and both ends of added, changed and removed edges
 * (a removed node has no box left; its old neighbours, still in the file, show where it was).
 */
export function getChangedNodeIds(diff: PathwayDiff): string[] {
  const ids = new Set<string>();
  for (const c of diff.changes) {
    if (c.entity === "node" && c.nodeId !== undefined && !(c.op === "remove" && c.path.length === 0)) ids.add(c.nodeId);
    if (c.entity === "edge" && c.edge) {
      ids.add(c.edge.source);
      ids.add(c.edge.target);
    }
  }
  return [...ids];
}

/** A drawing cut down to fit, and what it says it left out. */
export interface FittedDrawing {
  graph: DirectedGraph;
  message: string;
}

/**
 * The largest neighbourhood (depth 3, then 2, 1, 0) of `centers` (the changed nodes; else the start node) whose
 * merged Mermaid GitHub accepts (500 edges, 50,000 characters); undefined when not even the centers alone fit.
 */
export function fitMermaidLimits(pathway: Pathway, options: DiagramOptions, centers: readonly string[]): FittedDrawing | undefined {
  const start = getNodes(pathway).find((n) => isStartNode(n.node)) ?? getNodes(pathway)[0];
  if (centers.length === 0 && !start) return undefined;
  const { focus: _focus, around: _around, ...rest } = options;
  const part = centers.length > 0 ? { around: centers } : { focus: start!.node.id };
  for (const depth of [3, 2, 1, 0]) {
    const graph = simplifyGraph(toDirectedGraph(pathway, { ...rest, ...part, depth }), { maxLabel: options.maxLabel ?? 40 });
    if (getMermaidLimitProblems(toMermaid(graph, { legend: false }), graph.edges.length).length > 0) continue;
    const f = graph.focus!;
    const what = centers.length > 0 ? `the ${toCount(centers.length, "changed node")}` : "the start node";
    return {
      graph,
      message: `drew only the nodes within ${toCount(depth, "step")} of ${what} so GitHub can show it (${toCount(f.omittedNodes, "node")} and ${toCount(f.omittedEdges, "edge")} left out); draw all of it as an image (--format svg or png).`,
    };
  }
  return undefined;
}
