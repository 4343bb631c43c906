// The fake service's call endpoints: GET /v1/calls/{id} (seed 4.8), the list GET /v1/calls as real clients read it, with its uncertain cases, and the v2 event trace.
import type { ServerResponse } from "node:http";

/** The list answer's undocumented details, switchable: the count's name, an inclusive `to`, a `{data: ...}` wrapper. */
export interface CallQuirks {
  /** Name of the total in the list answer (default total_count; one client reads count; none leaves it out). */
  countField?: "total_count" | "count" | "none";
  /** Answer `from..to` inclusive (one more entry per page) instead of `from..to-1`. */
  inclusiveTo?: boolean;
  /** Wrap GET /v1/calls/{id} answers as `{data: record}`, and event traces as `{data: events}`. */
  wrapRecord?: boolean;
}

/** The calls the fake holds and its quirks. */
export interface CallStore {
  calls: Record<string, unknown>[];
  /** v2 event traces by call id. */
  events: Record<string, unknown[]>;
  quirks: CallQuirks;
  send(res: ServerResponse, status: number, value: unknown): void;
}

/** List entries carry no transcripts (../docs/service-api.md): the record without them and without the log. */
function listEntry(record: Record<string, unknown>): Record<string, unknown> {
  const { transcripts: _t, pathway_logs: _l, concatenated_transcript: _c, ...rest } = record;
  return rest;
}

/** Answers a calls request; false when the path is not one. */
export function handleCalls(store: CallStore, method: string, url: string, res: ServerResponse): boolean {
  const [path, query = ""] = url.split("?") as [string, string?];
  const trace = /^\/v1\/pathway_calls\/([^/]+)$/.exec(path);
  if (method === "GET" && trace) {
    const id = decodeURIComponent(trace[1]!);
    const events = Object.hasOwn(store.events, id) ? store.events[id] : undefined;
    if (!events) store.send(res, 404, { status: "error", message: `No pathway call ${id}` });
    // Without v=2 the service answers its older log format (the trace's documentation): a list of {role, text}.
    else if (new URLSearchParams(query).get("v") !== "2") store.send(res, 200, [{ role: "assistant", text: "legacy format" }]);
    else store.send(res, 200, store.quirks.wrapRecord ? { data: events } : events);
    return true;
  }
  if (method !== "GET" || !path.startsWith("/v1/calls")) return false;
  if (path === "/v1/calls") {
    const params = new URLSearchParams(query);
    const from = Number(params.get("from") ?? 0);
    const to = Number(params.get("to") ?? from + 100) + (store.quirks.inclusiveTo ? 1 : 0);
    const since = params.get("start_date");
    const matching = store.calls.filter((c) => since === null || String(c.created_at ?? "") >= since);
    const body: Record<string, unknown> = { calls: matching.slice(from, to).map(listEntry) };
    const countField = store.quirks.countField ?? "total_count";
    if (countField !== "none") body[countField] = matching.length;
    store.send(res, 200, body);
    return true;
  }
  const one = /^\/v1\/calls\/([^/]+)$/.exec(path);
  if (!one) return false;
  const id = decodeURIComponent(one[1]!);
  const record = store.calls.find((c) => c.call_id === id);
  if (!record) store.send(res, 404, { status: "error", message: `Call ${id} not found` });
  else store.send(res, 200, store.quirks.wrapRecord ? { data: record } : record);
  return true;
}
