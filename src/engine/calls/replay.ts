// `replay`: checks every recorded call's path against an edited pathway offline, one record at a time, and counts divergence.
import { replayCall, type ReplayOutcome } from "../../calls/index.js";
import { createFlowModel } from "../../graph/flow.js";
import { forEachCallRecord, loadCallsPathway, type CallReadSummary } from "./read.js";
import { requirePathway } from "../project/load-pathway.js";
import type { Host } from "../../host/host.js";

/** Options of `replayCalls`. */
export interface ReplayOptions {
  /** The pathway's remote id (default: its manifest entry's); records of another pathway are skipped. */
  pathwayId?: string;
  /**
   * The pathway file the calls ran on (the file before the edit). With it, a `{{variable}}` read the edit newly leaves
   * unset, or a route condition it newly makes false, is a divergence; default none (reads are not compared).
   */
  base?: string;
}

/** What `replayCalls` found. */
export interface ReplayResult {
  pathway: string;
  /** The pathway the calls ran on, when one was given (`ReplayOptions.base`). */
  base?: string;
  /** Calls replayed (records with a log of this pathway). */
  replayed: number;
  same: number;
  diverged: number;
  skipped: number;
  /** Why records were skipped, with counts. */
  skippedReasons: { reason: string; count: number }[];
  /** The first `MAX_LISTED` diverged calls, in input order, each with where it came from. */
  divergedCalls: (ReplayOutcome & { where: string })[];
  read: CallReadSummary;
}

/** Diverged calls listed in full; past this they are only counted, so memory does not grow with the records. */
export const MAX_LISTED = 1000;

/** Replays the call records of `inputs` on the pathway file `pathwayArg` (typically the edited one). */
export async function replayCalls(host: Host, pathwayArg: string, inputs: readonly string[], options: ReplayOptions = {}): Promise<ReplayResult> {
  const target = await loadCallsPathway(host, pathwayArg, options.pathwayId);
  const flow = createFlowModel(target.pathway);
  const ran = options.base === undefined ? undefined : await requirePathway(host, options.base);
  const base = ran && createFlowModel(ran.pathway);
  const counts = { replayed: 0, same: 0, diverged: 0, skipped: 0 };
  const skipped = new Map<string, number>();
  const divergedCalls: ReplayResult["divergedCalls"] = [];
  const mapOptions = { ...(target.pathwayId !== undefined && { pathwayId: target.pathwayId }), ...(base && { base }) };
  const read = await forEachCallRecord(host, inputs, (record, where) => {
    const outcome = replayCall(record, flow, mapOptions);
    if (outcome.status === "skipped") {
      counts.skipped++;
      const reason = outcome.reason ?? "not mapped";
      if (skipped.has(reason) || skipped.size < 50) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      return;
    }
    counts.replayed++;
    counts[outcome.status]++;
    if (outcome.status === "diverged" && divergedCalls.length < MAX_LISTED) divergedCalls.push({ ...outcome, where });
  });
  const skippedReasons = [...skipped].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return { pathway: target.path, ...(ran && { base: ran.path }), ...counts, skippedReasons, divergedCalls, read };
}
