// The warning said before a layout that will take long (diagram and report), with the faster engine to use instead.
import type { DirectedGraph } from "../../export/index.js";

/** Above this many nodes + edges a layout takes long enough to say so first (Mermaid took 21 s at 200 nodes). */
export const SLOW_LAYOUT_ITEMS = { mermaid: 400, elk: 3_000 } as const;

/**
 * The warning for laying out `graph` from `filePath` with `engine` within `timeoutMs`, or undefined when the
 * layout is quick (the rank layout always is). Says how big the graph is, how long it may take and the faster engine.
 */
export function getSlowLayoutWarning(filePath: string, graph: DirectedGraph, engine: "mermaid" | "elk" | "ranks", timeoutMs: number): string | undefined {
  if (engine === "ranks" || graph.nodes.length + graph.edges.length <= SLOW_LAYOUT_ITEMS[engine]) return undefined;
  const hint = engine === "mermaid" ? " --engine elk lays it out in seconds." : " --engine ranks draws it at once (simpler picture).";
  return `${filePath}: ${graph.nodes.length} nodes and ${graph.edges.length} edges take ${engine === "mermaid" ? "Mermaid minutes" : "ELK up to a minute"} to lay out (limit --timeout ${timeoutMs / 1000}s).${hint}`;
}
