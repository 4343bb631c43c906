// Builds a GraphLayout around a laid-out flow: the globals column to the right, and the overall size.
import type { DirectedGraph } from "../export/index.js";
import { getGlobalEdgeLines, getLineWidth, getNodeSize, GLOBALS_NOTE, LINE_HEIGHT } from "./sizes.js";
import type { GraphLayout, LaidOutEdge, LaidOutNode, LayoutEngine } from "./types.js";

/** Room around the flow and between the flow and the globals column. */
export const MARGIN = 24;
const GLOBALS_GAP = 64;
const GLOBALS_PAD = 16;
/** Room at the top of the globals box for its title and note. */
export const GLOBALS_HEADER = 44;

/** Indexes of edges that touch a global node (listed under it rather than drawn through the flow). */
export function getGlobalEdgeIndexes(graph: DirectedGraph): number[] {
  const global = new Set(graph.nodes.filter((n) => n.global).map((n) => n.key));
  const out: number[] = [];
  graph.edges.forEach((e, i) => {
    if (global.has(e.from) || global.has(e.to)) out.push(i);
  });
  return out;
}

/**
 * Shifts a flow laid out at the origin by the margin and stacks the global nodes (each with room for its listed
 * edges) in a column to its right.
 */
export function placeAround(
  graph: DirectedGraph,
  engine: LayoutEngine,
  flow: { width: number; height: number; nodes: LaidOutNode[]; edges: LaidOutEdge[] },
  globalEdges: number[],
): GraphLayout {
  const nodes = flow.nodes.map((n) => ({ ...n, x: n.x + MARGIN, y: n.y + MARGIN }));
  const edges = flow.edges.map((e) => ({
    ...e,
    points: e.points.map((p) => ({ x: p.x + MARGIN, y: p.y + MARGIN })),
    ...(e.label && { label: { ...e.label, x: e.label.x + MARGIN, y: e.label.y + MARGIN } }),
  }));
  const flowBox = { x: MARGIN, y: MARGIN, width: flow.width, height: flow.height };
  const globals = graph.nodes.filter((n) => n.global);
  if (globals.length === 0) return { engine, width: flow.width + 2 * MARGIN, height: flow.height + 2 * MARGIN, flow: flowBox, nodes, edges, globalEdges };
  const left = MARGIN + flow.width + (flow.width > 0 ? GLOBALS_GAP : 0);
  let y = MARGIN + GLOBALS_HEADER;
  let inner = getLineWidth(GLOBALS_NOTE);
  for (const g of globals) {
    const size = getNodeSize(g);
    const lines = getGlobalEdgeLines(graph, g, globalEdges);
    nodes.push({ key: g.key, x: left + GLOBALS_PAD, y, ...size });
    inner = Math.max(inner, size.width, ...lines.map((l) => Math.min(460, getLineWidth(l))));
    y += size.height + 6 + lines.length * LINE_HEIGHT + 14;
  }
  const box = { x: left, y: MARGIN, width: inner + 2 * GLOBALS_PAD, height: y - MARGIN };
  return {
    engine,
    width: box.x + box.width + MARGIN,
    height: Math.max(flow.height, box.height) + 2 * MARGIN,
    flow: flowBox,
    globals: box,
    nodes,
    edges,
    globalEdges,
  };
}
