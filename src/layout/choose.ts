// Picks the layout for a graph: ELK up to a size it lays out in seconds, the rank layout beyond, or what the caller asks.
import type { DirectedGraph } from "../export/index.js";
import { getElkLayout } from "./elk.js";
import { getRankLayout } from "./ranks.js";
import { ELK_MAX_ITEMS } from "./limits.js";
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

/** Lays out `graph` with the chosen engine. */
export async function getGraphLayout(graph: DirectedGraph, options: GraphLayoutOptions = {}): Promise<GraphLayout> {
  const auto = options.engine === undefined || options.engine === "auto";
  const engine = auto ? chooseLayoutEngine(graph) : options.engine!;
  if (engine !== "elk") return getRankLayout(graph);
  const layout = await getElkLayout(graph, { ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }) });
  if (!auto || layout.width <= MAX_AUTO_WIDTH) return layout;
  const ranks = getRankLayout(graph);
  return ranks.width < layout.width ? ranks : layout;
}
