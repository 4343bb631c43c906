// Picks the layout for a graph: ELK up to a size it lays out in seconds, the rank layout beyond, or what the caller asks.
import type { DirectedGraph } from "../export/index.js";
import { countCrossings } from "./crossings.js";
import { DEFAULT_MAX_ROUTED_EDGES, ELK_NODE_SPACING, getElkLayout, LayoutTimeoutError } from "./elk.js";
import { getGlobalEdgeIndexes } from "./place.js";
import { getRankLayout } from "./ranks.js";
import { getNodeSize, MIN_SHOWN_TEXT_PX, NODE_FONT_SIZE, VIEW_WIDTH } from "./sizes.js";
import { ELK_MAX_ITEMS } from "./limits.js";
import { hasTagGroups } from "./groups.js";
import type { GraphLayout, LayoutEngine } from "./types.js";

/** Options of `getGraphLayout`; all optional. */
export interface GraphLayoutOptions {
  /** "elk", "ranks", or "auto" (default): ELK up to ELK_MAX_ITEMS nodes + edges, ranks beyond or where ELK's picture would be too wide (see getGraphLayout). */
  engine?: LayoutEngine | "auto";
  /** Longest ELK may run, in milliseconds (default 120,000). */
  timeoutMs?: number;
}

/**
 * Widest ELK picture "auto" keeps, 2,600 px: shown VIEW_WIDTH (1,600 px) wide its 13 px captions and labels stay at
 * least MIN_SHOWN_TEXT_PX (8 px). A wider one (a layer of hundreds of nodes, as in a complete graph) is laid out by
 * ranks instead, whose rows wrap at 2,400 px.
 */
export const MAX_AUTO_WIDTH = (NODE_FONT_SIZE * VIEW_WIDTH) / MIN_SHOWN_TEXT_PX;

/**
 * The width ELK's picture of `graph` cannot be under, when ELK would place its nodes by the breadth-first spanning
 * forest of the flow (more flow edges than it routes, see getElkLayout); undefined when it would route every edge.
 * ELK then sees only the forest: each tree is a part of the picture of its own, and in a tree every edge can be as
 * short as a layer allows, so ELK's layering puts the nodes of one depth in one layer, side by side and
 * ELK_NODE_SPACING apart. The widest such layer is the bound: linear in the graph, where ELK takes seconds.
 */
export function getForestLayerWidth(graph: DirectedGraph): number | undefined {
  const skip = new Set(getGlobalEdgeIndexes(graph));
  const out = new Map<string, string[]>();
  let flowEdges = 0;
  graph.edges.forEach((e, i) => {
    if (skip.has(i)) return;
    flowEdges++;
    let list = out.get(e.from);
    if (!list) out.set(e.from, (list = []));
    list.push(e.to);
  });
  if (flowEdges <= DEFAULT_MAX_ROUTED_EDGES) return undefined;
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const seen = new Set<string>();
  let widest = 0;
  // The roots getSpanningForest starts from, in its order: the start node, then each node not yet reached.
  for (const root of [...graph.nodes.filter((n) => n.start && !n.global), ...graph.nodes.filter((n) => !n.start && !n.global)]) {
    if (seen.has(root.key)) continue;
    seen.add(root.key);
    // Breadth first, so the nodes of one depth come one after another: each depth's width is summed in turn.
    let level = [root.key];
    while (level.length > 0) {
      let width = -ELK_NODE_SPACING;
      const next: string[] = [];
      for (const key of level) {
        width += getNodeSize(byKey.get(key)!).width + ELK_NODE_SPACING;
        for (const to of out.get(key) ?? []) {
          if (seen.has(to) || !byKey.has(to)) continue;
          seen.add(to);
          next.push(to);
        }
      }
      widest = Math.max(widest, width);
      level = next;
    }
  }
  return widest;
}

/**
 * How much wider than MAX_AUTO_WIDTH the forest's widest layer must be for "auto" to lay out by ranks without running
 * ELK: twice, so a layering ELK might not finish optimising (a depth split over two layers) is still too wide. Below
 * it ELK runs and its width decides, as before.
 */
export const SKIP_ELK_FACTOR = 2;

/**
 * What "auto" picks for `graph`, with the rank layout when it was computed to decide. Ranks beyond ELK_MAX_ITEMS; ranks
 * when ELK's picture is bound to be too wide (getForestLayerWidth over SKIP_ELK_FACTOR x MAX_AUTO_WIDTH) and the rank
 * layout is narrower than that bound: the picture ELK would have drawn and "auto" thrown away for the narrower ranks.
 */
function chooseAuto(graph: DirectedGraph): { engine: LayoutEngine; ranks?: GraphLayout } {
  if (graph.nodes.length + graph.edges.length > ELK_MAX_ITEMS) return { engine: "ranks" };
  const bound = getForestLayerWidth(graph);
  if (bound === undefined || bound <= SKIP_ELK_FACTOR * MAX_AUTO_WIDTH) return { engine: "elk" };
  const ranks = getRankLayout(graph);
  return ranks.width < bound ? { engine: "ranks", ranks } : { engine: "elk" };
}

/** The engine "auto" picks for `graph` (see chooseAuto): said before a slow layout starts. */
export function chooseLayoutEngine(graph: DirectedGraph): LayoutEngine {
  return chooseAuto(graph).engine;
}

/** Widest a picture with tag frames may be against the one without them and still be kept: 5 % wider... */
export const MAX_FRAMES_WIDENING = 1.05;
/** ...or 40 px wider, on a narrow picture: the padding of two frames side by side, which no label shrinks for. */
export const MIN_FRAMES_SLACK = 40;

/**
 * True when `framed` (with tag frames) is no worse than `plain` by the numbers `npm run bench -- diagram` prints: at
 * most MAX_FRAMES_WIDENING as wide (or MIN_FRAMES_SLACK px wider) (the width sets the label size shown 1,600 px wide) and no more crossings. Height
 * is not weighed: a long picture scrolls. Frames of parallel copies of a step side by side made a real export 460 px wider.
 */
export function isFramedNoWorse(framed: GraphLayout, plain: GraphLayout): boolean {
  if (framed.width > Math.max(plain.width * MAX_FRAMES_WIDENING, plain.width + MIN_FRAMES_SLACK)) return false;
  const [a, b] = [countCrossings(framed.edges), countCrossings(plain.edges)];
  return a !== undefined && b !== undefined && a <= b;
}

/**
 * Most drawn flow edges for which a picture with tag frames is tried. With every one of its 549 edges drawn, the
 * 41-step dense sales flow took 43 s with frames (33 s without) and came out 72,330 px wide; merged, its 94 lines
 * take about 1.5 s either way (`npm run bench -- diagram`).
 */
export const MAX_FRAMED_EDGES = 300;

/**
 * ELK's layout of `graph`, with nodes sharing a tag name in frames when that picture is no worse (isFramedNoWorse)
 * than the one without. The picture without frames is laid out first and stands when the one with frames is not
 * done within three times as long (plus a second), or by the time allowed: frames never cost a user the picture.
 */
async function getFramedOrPlainLayout(graph: DirectedGraph, timeoutMs = 120_000): Promise<GraphLayout> {
  const started = Date.now();
  const plain = await getElkLayout(graph, { timeoutMs, groups: false });
  if (!hasTagGroups(graph) || plain.edges.length > MAX_FRAMED_EDGES) return plain;
  const took = Date.now() - started;
  try {
    const framed = await getElkLayout(graph, { timeoutMs: Math.max(1, Math.min(timeoutMs - took, 3 * took + 1000)) });
    return framed.groups && isFramedNoWorse(framed, plain) ? framed : plain;
  } catch (error) {
    if (error instanceof LayoutTimeoutError) return plain;
    throw error;
  }
}

/**
 * Lays out `graph` with the chosen engine. With "auto", ELK's picture wider than MAX_AUTO_WIDTH gives way to the rank
 * layout when that is narrower; where ELK's picture is bound to be that wide, ELK is not run at all (chooseAuto).
 */
export async function getGraphLayout(graph: DirectedGraph, options: GraphLayoutOptions = {}): Promise<GraphLayout> {
  const auto = options.engine === undefined || options.engine === "auto";
  const chosen: { engine: LayoutEngine; ranks?: GraphLayout } = auto ? chooseAuto(graph) : { engine: options.engine as LayoutEngine };
  if (chosen.engine !== "elk") return chosen.ranks ?? getRankLayout(graph);
  const layout = await getFramedOrPlainLayout(graph, options.timeoutMs);
  if (!auto || layout.width <= MAX_AUTO_WIDTH) return layout;
  const ranks = getRankLayout(graph);
  return ranks.width < layout.width ? ranks : layout;
}
