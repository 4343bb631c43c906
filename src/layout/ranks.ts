// A quick layered layout for graphs too big for ELK in the time a user waits: rows by breadth-first rank, straight edges.
import type { DirectedGraph } from "../export/index.js";
import { getGlobalEdgeIndexes, placeAround } from "./place.js";
import { getLabelSize, getNodeSize } from "./sizes.js";
import type { GraphLayout, LaidOutEdge, LaidOutNode, LayoutBox } from "./types.js";

const ROW_GAP = 70;

/** Edge `index` as a straight line from the bottom of box `a` to the top of `b` (or its bottom when `b` is above), label at the middle. */
export function getStraightEdge(graph: DirectedGraph, index: number, a: LayoutBox, b: LayoutBox): LaidOutEdge {
  const start = { x: a.x + a.width / 2, y: a.y + a.height };
  const end = b.y > a.y ? { x: b.x + b.width / 2, y: b.y } : { x: b.x + b.width / 2, y: b.y + b.height };
  const size = getLabelSize(graph.edges[index]!);
  const mid = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
  return { index, points: [start, end], ...(size && { label: { x: mid.x - size.width / 2, y: mid.y - size.height / 2, ...size } }) };
}
const COLUMN_GAP = 28;
/** Most nodes in one row; a wider rank wraps so the picture keeps a readable shape. */
const MAX_ROW = 24;
/** Widest row, so the picture shown 1,600 px wide keeps 13 px captions above 8 px. */
const MAX_ROW_WIDTH = 2400;

/**
 * Lays out `graph` in linear time: ranks by breadth-first search from the start node (then from each node not yet
 * reached, in file order), each rank in rows of at most 24 nodes, edges as straight lines with labels at their middle.
 * Labels can overlap here; this is the fallback when ELK would take too long.
 */
export function getRankLayout(graph: DirectedGraph): GraphLayout {
  const globalEdges = getGlobalEdgeIndexes(graph);
  const skip = new Set(globalEdges);
  const flowNodes = graph.nodes.filter((n) => !n.global);
  const out = new Map<string, string[]>();
  graph.edges.forEach((e, i) => {
    if (skip.has(i)) return;
    let list = out.get(e.from);
    if (!list) out.set(e.from, (list = []));
    list.push(e.to);
  });
  const rank = new Map<string, number>();
  const order = [...flowNodes.filter((n) => n.start), ...flowNodes.filter((n) => !n.start)];
  for (const root of order) {
    if (rank.has(root.key)) continue;
    rank.set(root.key, 0);
    const queue = [root.key];
    for (let head = 0; head < queue.length; head++) {
      const key = queue[head]!;
      for (const next of out.get(key) ?? []) {
        if (rank.has(next)) continue;
        rank.set(next, rank.get(key)! + 1);
        queue.push(next);
      }
    }
  }
  const rows: (typeof flowNodes)[] = [];
  const byRank: (typeof flowNodes)[] = [];
  for (const n of flowNodes) (byRank[rank.get(n.key)!] ??= []).push(n);
  for (const r of byRank) {
    // A row ends at MAX_ROW nodes or MAX_ROW_WIDTH pixels, whichever comes first.
    let row: typeof flowNodes = [];
    let rowWidth = 0;
    for (const n of r ?? []) {
      const w = getNodeSize(n).width + COLUMN_GAP;
      if (row.length > 0 && (row.length >= MAX_ROW || rowWidth + w > MAX_ROW_WIDTH)) {
        rows.push(row);
        row = [];
        rowWidth = 0;
      }
      row.push(n);
      rowWidth += w;
    }
    if (row.length > 0) rows.push(row);
  }
  const nodes: LaidOutNode[] = [];
  const boxes = new Map<string, LaidOutNode>();
  let y = 0;
  let width = 0;
  for (const row of rows) {
    let x = 0;
    let height = 0;
    for (const n of row) {
      const size = getNodeSize(n);
      const placed = { key: n.key, x, y, ...size };
      nodes.push(placed);
      boxes.set(n.key, placed);
      x += size.width + COLUMN_GAP;
      height = Math.max(height, size.height);
    }
    width = Math.max(width, x - COLUMN_GAP);
    y += height + ROW_GAP;
  }
  const edges: LaidOutEdge[] = [];
  graph.edges.forEach((e, index) => {
    if (!skip.has(index)) edges.push(getStraightEdge(graph, index, boxes.get(e.from)!, boxes.get(e.to)!));
  });
  return placeAround(graph, "ranks", { width: Math.max(width, 0), height: Math.max(y - ROW_GAP, 0), nodes, edges }, globalEdges);
}
