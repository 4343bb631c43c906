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

/** Lays out `graph` with the chosen engine. */
export async function getGraphLayout(graph: DirectedGraph, options: GraphLayoutOptions = {}): Promise<GraphLayout> {
  const engine = options.engine === undefined || options.engine === "auto" ? chooseLayoutEngine(graph) : options.engine;
  return engine === "elk" ? getElkLayout(graph, { ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }) }) : getRankLayout(graph);
}
