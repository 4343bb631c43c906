// `calls stats`: maps every call record of the inputs onto one pathway and counts production coverage, one call at a time.
import { createCallStats, mapCallToPathway, type CallStats } from "../../calls/index.js";
import { createFlowModel } from "../../graph/flow.js";
import { forEachCallRecord, loadCallsPathway, type CallReadSummary } from "./read.js";
import type { Host } from "../../host/host.js";

/** Options of `getCallStats`. */
export interface CallStatsOptions {
  /** The pathway's remote id (default: its manifest entry's); records of another pathway are not mapped. */
  pathwayId?: string;
  /** Records of another `pathway_version` are not mapped. */
  pathwayVersion?: number;
}

/** The coverage of one pathway by the calls read, and what could not be read. */
export interface CallStatsResult {
  pathway: string;
  stats: CallStats;
  read: CallReadSummary;
}

/** Reads call records from `inputs` and counts, per node and way of `pathwayArg`, the calls that took them. */
export async function getCallStats(host: Host, pathwayArg: string, inputs: readonly string[], options: CallStatsOptions = {}): Promise<CallStatsResult> {
  const target = await loadCallsPathway(host, pathwayArg, options.pathwayId);
  const flow = createFlowModel(target.pathway);
  const collector = createCallStats(flow);
  const mapOptions = {
    ...(target.pathwayId === undefined ? {} : { pathwayId: target.pathwayId }),
    ...(options.pathwayVersion === undefined ? {} : { pathwayVersion: options.pathwayVersion }),
  };
  const read = await forEachCallRecord(host, inputs, (record) => collector.add(mapCallToPathway(record, flow, mapOptions)));
  return { pathway: target.path, stats: collector.result(), read };
}
