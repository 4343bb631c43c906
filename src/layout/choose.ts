// Picks the layout for a graph: ELK up to a size it lays out in seconds, the rank layout beyond, or what the caller asks.
import type { DirectedGraph } from "../export/index.js";
import { countCrossings } from "./crossings.js";
import { getElkLayout, LayoutTimeoutError } from "./elk.js";
import { getRankLayout } from "./ranks.js";
import { ELK_MAX_ITEMS } from "./limits.js";
import { hasTagGroups } from "./groups.js";
import type { GraphLayout, LayoutEngine } from "./types.js";

/** Options of `getGraphLayout`; all optional. */
export interface GraphLayoutOptions {
  /** "elk", "ranks", or "auto" (default): ELK up to ELK_MAX_ITEMS nodes + edges, ranks beyond. */
  engine?: LayoutEngine | "auto";
  /** Longest ELK may run, in milliseconds (default 120,000). */
  timeoutMs?: number;
}

/** The engine "auto" picks for `graph`. */
export function chooseLayoutEngine(graph: DirectedGraph): LayoutEngine {
  return graph.nodes.length + graph.edges.length <= ELK_MAX_ITEMS ? "elk" : "ranks";
}

/**
 * Widest ELK picture "auto" keeps: shown 1,600 px wide its 13 px captions stay above 8 px. A wider one (a layer of
 * hundreds of nodes, as in a complete graph) is laid out by ranks instead, whose rows wrap at 2,400 px.
 */
export const MAX_AUTO_WIDTH = 2600;

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

/** Lays out `graph` with the chosen engine. */
export async function getGraphLayout(graph: DirectedGraph, options: GraphLayoutOptions = {}): Promise<GraphLayout> {
  const auto = options.engine === undefined || options.engine === "auto";
  const engine = auto ? chooseLayoutEngine(graph) : options.engine!;
  if (engine !== "elk") return getRankLayout(graph);
  const layout = await getFramedOrPlainLayout(graph, options.timeoutMs);
  if (!auto || layout.width <= MAX_AUTO_WIDTH) return layout;
  const ranks = getRankLayout(graph);
  return ranks.width < layout.width ? ranks : layout;
}
