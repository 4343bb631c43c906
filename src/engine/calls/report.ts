// `report --calls`: production coverage from call records in the report's coverage shape, with per-node call counts for the side panel.
import { toCount } from "../../escape/count.js";
import { getEdges } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import type { ReportNodeCalls } from "../../report/report-data.js";
import { getCoverage } from "../../simulate/coverage.js";
import type { PathwayCoverage, TraceEvent } from "../../simulate/index.js";
import { getCallStats } from "./stats.js";
import type { Host } from "../../host/host.js";

/**
 * Per node id: calls that reached it, ended there, ended there in an error state, ended there at voicemail; from v2
 * event traces, the webhooks run there and the variables changed there (see NodeCallCount).
 */
export type NodeCallCounts = Record<string, ReportNodeCalls>;

/** What the report shows of the calls. */
export interface ReportCalls {
  source: string;
  coverage: PathwayCoverage;
  counts: NodeCallCounts;
}

/**
 * Maps the call records of `inputs` onto the report's pathway and states the result as coverage: a node is covered
 * when a call reached it, an edge when a call moved between its two nodes (a log names nodes, not ways), a global
 * node when a call jumped to it.
 */
export async function getReportCalls(host: Host, pathwayArg: string, pathway: Pathway, inputs: readonly string[], pathwayId?: string): Promise<ReportCalls> {
  const { stats, read } = await getCallStats(host, pathwayArg, inputs, pathwayId === undefined ? {} : { pathwayId });
  // One trace standing for every call: what was entered, moved along and jumped to at least once.
  const trace: TraceEvent[] = [];
  const counts: NodeCallCounts = {};
  for (const n of stats.nodes) {
    counts[n.id] = {
      reached: n.reached,
      endedHere: n.endedHere,
      errors: n.errors,
      voicemail: n.voicemail,
      ...(n.webhooks && { webhooks: n.webhooks }),
      ...(n.variablesChanged && { variablesChanged: n.variablesChanged }),
    };
    if (n.reached > 0) trace.push({ type: "enter", turn: 0, nodeId: n.id, nodeType: "" });
  }
  const pairs = new Set(stats.ways.filter((w) => w.taken > 0).map((w) => `${w.from}\u0000${w.to}`));
  for (const { edge, index } of getEdges(pathway)) {
    if (typeof edge.source !== "string" || typeof edge.target !== "string" || !pairs.has(`${edge.source}\u0000${edge.target}`)) continue;
    trace.push({
      type: "move",
      turn: 0,
      from: edge.source,
      to: edge.target,
      via: "edge",
      edgeId: typeof edge.id === "string" ? edge.id : `#${index}`,
      reason: "a recorded call",
    });
  }
  for (const w of stats.ways)
    if (w.kind === "global" && w.taken > 0) trace.push({ type: "move", turn: 0, from: w.from, to: w.to, via: "global", reason: "a recorded call" });
  const mapped =
    stats.partial === 0
      ? `${stats.mapped} of ${toCount(stats.calls, "call")} mapped`
      : `${stats.mapped} of ${toCount(stats.calls, "call")} mapped in full, ${stats.partial} in part`;
  const source = `${mapped}, from ${inputs.join(", ")}${read.problemCount > 0 ? ` (${read.problemCount} not read)` : ""}`;
  return { source, coverage: getCoverage(pathway, [trace]), counts };
}
