// What the diagrams merge, for the report's side panel: each hub's sources (drawn as stubs) and each group of parallel edges (one line).
import { getDrawingPlan, type DirectedGraph } from "../export/index.js";

/** A hub as the page lists it: the nodes whose edges into it diagrams draw as stubs, and those edges (indexes into the edges). */
export interface ReportHub {
  sources: string[];
  edges: number[];
}

/** The merges of `graph` as `simplifyGraph` plans them, by node key (hubs) and by edge index (the parallel group each edge is in). */
export interface ReportMerges {
  hubs: Map<string, ReportHub>;
  parallel: Map<number, number[]>;
}

/**
 * The same plan the diagrams draw (`getDrawingPlan`), turned around for the page: a hub lists every source whose
 * edges into it are stubs, and every edge of a line that stands for several parallel edges lists the whole line.
 */
export function getReportMerges(graph: DirectedGraph): ReportMerges {
  const hubs = new Map<string, ReportHub>();
  const parallel = new Map<number, number[]>();
  for (const line of getDrawingPlan(graph)) {
    if (line.stub) {
      for (const i of line.edges) {
        const e = graph.edges[i]!;
        let hub = hubs.get(e.to);
        if (!hub) hubs.set(e.to, (hub = { sources: [], edges: [] }));
        if (!hub.sources.includes(e.from)) hub.sources.push(e.from);
        hub.edges.push(i);
      }
    } else if (line.edges.length > 1) {
      for (const i of line.edges) parallel.set(i, line.edges);
    }
  }
  return { hubs, parallel };
}
