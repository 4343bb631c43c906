// `calls fetch`: call records from the service (by id, or the list paged by offsets) into one JSON file per call, atomically.
import { maskPersonalData, readCallRecord } from "../../calls/index.js";
import { createErrorObject, isEngineError, toErrorObject, type ErrorObject } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { loadManifest } from "../project/manifest.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { mapPool } from "../../host/map-pool.js";
import { createIdFiles, type IdFiles } from "../project/id-files.js";

/** Options of `fetchCalls`. */
export interface FetchCallsOptions {
  /** Directory the files go into. */
  output: string;
  /** Call ids to read; without them the list endpoint is paged. */
  ids?: readonly string[];
  /** With the list: calls from this date on (`start_date`). */
  since?: string;
  /** Only calls of this pathway (list entries and records that name another `pathway_id` are skipped). */
  pathwayId?: string;
  /** Masks phone numbers, emails and the number fields in the files written. Default false: records as the service gave them. */
  mask?: boolean;
  /**
   * Also reads each pathway call's v2 event trace (GET /v1/pathway_calls/{id}?v=2) and writes it into the call's file
   * as `pathway_events`, the answer as it came. Default false. A record that names no pathway (a task call) has no trace
   * and is written as it is; a call whose trace cannot be read fails, and its file is not written.
   */
  events?: boolean;
  /** Most calls read from the list. Default 1,000. */
  maxCalls?: number;
  /** Entries asked for per page of the list. Default 100. */
  pageSize?: number;
  remote?: RemoteOptions;
}

/** What `fetchCalls` did, call by call. */
export interface FetchCallsResult {
  written: { callId: string; file: string }[];
  skipped: { callId: string; reason: string }[];
  failed: { callId: string; error: ErrorObject }[];
  /** Pages of the list read (0 when ids were given). */
  pages: number;
}

/**
 * The folder's call files: `<call id>.json` under the reversible names `pathway fetch` gives pathways (a uuid keeps its
 * plain name; `a/b` is `a%2Fb.json`), never written over a file that holds another call's record. Shared by
 * `calls fetch` and `calls listen`, so both name a call's file alike.
 */
export function createCallFiles(host: Host, dir: string): IdFiles {
  return createIdFiles(host, {
    dir,
    idIn: (bytes) => {
      try {
        const read = readCallRecord(JSON.parse(new TextDecoder().decode(bytes)));
        return "record" in read ? read.record.callId : undefined;
      } catch {
        return undefined;
      }
    },
    describe: (id) => `call ${id}'s record`,
  });
}

/** True when a record is a pathway call's, which has an event trace: it names a pathway (a task call's pathway_id is null). */
function hasPathway(record: Record<string, unknown>): boolean {
  return (typeof record.pathway_id === "string" && record.pathway_id !== "") || (record.pathway_logs !== undefined && record.pathway_logs !== null);
}

/** Reads call records and writes each to `<output>/<call id>.json` (atomically; a file that fails leaves the others). */
export async function fetchCalls(host: Host, options: FetchCallsOptions): Promise<FetchCallsResult> {
  const remote = options.remote ?? {};
  const client = await createClient(host, remote, await loadManifest(host));
  const result: FetchCallsResult = { written: [], skipped: [], failed: [], pages: 0 };
  const other = (pathwayId: unknown) => options.pathwayId !== undefined && typeof pathwayId === "string" && pathwayId !== options.pathwayId;
  let ids = [...(options.ids ?? [])];
  if (ids.length === 0) {
    const max = options.maxCalls ?? 1000;
    const size = options.pageSize ?? 100;
    const seen = new Set<string>();
    try {
      for (let from = 0; seen.size < max; from += size) {
        const page = await client.listCalls({ from, to: from + size, ...(options.since === undefined ? {} : { startDate: options.since }) });
        result.pages++;
        // Whether `to` is inclusive is not documented: ids already seen are dropped, and a page with nothing new ends the list.
        const fresh = page.calls.filter((c) => typeof c.call_id === "string" && !seen.has(c.call_id));
        for (const c of fresh) {
          seen.add(c.call_id as string);
          if (other(c.pathway_id)) result.skipped.push({ callId: c.call_id as string, reason: `a call of another pathway (${String(c.pathway_id)})` });
          else if (ids.length < max) ids.push(c.call_id as string);
        }
        if (fresh.length === 0 || page.calls.length < size || (page.total !== undefined && from + size >= page.total)) break;
      }
    } catch (error) {
      throw await toEngineError(error);
    }
  }
  ids = [...new Set(ids)];
  const files = createCallFiles(host, options.output);
  await mapPool(ids, remote.concurrency ?? 4, async (callId) => {
    try {
      const { record } = await client.getCall(callId);
      if (other(record.pathway_id)) return void result.skipped.push({ callId, reason: `a call of another pathway (${String(record.pathway_id)})` });
      // The trace is asked for by the record's own id (a list entry's id and the record's are the same call).
      if (options.events && hasPathway(record))
        record.pathway_events = (await client.getCallEvents(typeof record.call_id === "string" ? record.call_id : callId)).events;
      const outcome = await files.write(callId, `${JSON.stringify(options.mask ? maskPersonalData(record) : record, null, 2)}\n`, true);
      if (outcome.status === "refused") return void result.failed.push({ callId, error: createErrorObject("refused", outcome.message, outcome.reason) });
      result.written.push({ callId, file: outcome.file });
    } catch (error) {
      const failure = await toEngineError(error);
      // No key, a bad base URL: nothing can be read, so the run stops instead of failing every call alike.
      if (isEngineError(failure) && failure.kind === "config") throw failure;
      result.failed.push({ callId, error: toErrorObject(failure) });
    }
  });
  for (const list of [result.written, result.skipped, result.failed]) list.sort((a, b) => a.callId.localeCompare(b.callId));
  return result;
}
