// The call-record endpoints: GET /v1/calls/{id} (seed 4.8), the list GET /v1/calls (not in the seed; as real clients read it) and a call's v2 event trace.
import { isObject } from "../model/pathway.js";
import type { ClientTools } from "./release.js";

/** What the list endpoint is asked for: offsets `from`/`to` and dates, as real clients send them (not in the API reference). */
export interface CallListQuery {
  from: number;
  to: number;
  startDate?: string;
  endDate?: string;
}

/** One page of the list: its entries (objects only; list entries carry no transcripts) and the total when the answer says it. */
export interface CallListPage {
  calls: Record<string, unknown>[];
  /** `total_count` (or `count`, which one client reads), when a number. */
  total?: number;
  url: string;
}

/** The call endpoints of the client. */
export interface CallsApi {
  /** Reads one call record (GET /v1/calls/{id}); a `{data: ...}` wrapper is taken off. Throws RemoteError. */
  getCall(id: string): Promise<{ record: Record<string, unknown>; url: string }>;
  /** Reads one page of the list (GET /v1/calls?from=&to=&start_date=&end_date=). Throws RemoteError. */
  listCalls(query: CallListQuery): Promise<CallListPage>;
  /**
   * Reads a pathway call's v2 event trace (GET /v1/pathway_calls/{id}?v=2: a list of events; a `{data: [...]}` wrapper
   * is taken off). Without `v=2` the service answers its older, deprecated log format, so it is always sent. Throws RemoteError.
   */
  getCallEvents(id: string): Promise<{ events: unknown[]; url: string }>;
}

/** The call methods over the client's tools (its request with retries, timeouts, redaction, and its error builders). */
export function createCallMethods(tools: ClientTools): CallsApi {
  return {
    async getCall(id) {
      const what = `fetching call ${id}`;
      const answer = await tools.request("GET", `v1/calls/${tools.segment(id, what)}`, undefined, what);
      const body = tools.parse(answer, what);
      const record = isObject(body) && body.call_id === undefined && isObject(body.data) ? body.data : body;
      if (!isObject(record))
        throw tools.fail(
          "shape",
          `${what}: GET ${answer.url} answered ${answer.status} with JSON that is not a call record (an object); the service said: ${tools.quote(answer.text)}.`,
          { url: answer.url, status: answer.status, attempts: answer.attempts },
        );
      const refused = tools.refusal(record);
      if (refused !== undefined && record.call_id === undefined)
        throw tools.fail("rejected", `${what}: GET ${answer.url} answered ${answer.status} but refused: ${tools.quote(refused)}.`, {
          url: answer.url,
          status: answer.status,
          attempts: answer.attempts,
        });
      return { record, url: answer.url };
    },
    async getCallEvents(id) {
      const what = `fetching the events of call ${id}`;
      const answer = await tools.request("GET", `v1/pathway_calls/${tools.segment(id, what)}?v=2`, undefined, what);
      const body = tools.parse(answer, what);
      const events = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.data) ? body.data : undefined;
      if (events === undefined) {
        const refused = tools.refusal(body);
        if (refused !== undefined)
          throw tools.fail("rejected", `${what}: GET ${answer.url} answered ${answer.status} but refused: ${tools.quote(refused)}.`, {
            url: answer.url,
            status: answer.status,
            attempts: answer.attempts,
          });
        throw tools.fail(
          "shape",
          `${what}: GET ${answer.url} answered ${answer.status} without a list of events (the v2 trace is a JSON list); the service said: ${tools.quote(answer.text)}.`,
          { url: answer.url, status: answer.status, attempts: answer.attempts },
        );
      }
      return { events, url: answer.url };
    },
    async listCalls(query) {
      const what = "listing calls";
      const params = new URLSearchParams({ from: String(query.from), to: String(query.to) });
      if (query.startDate !== undefined) params.set("start_date", query.startDate);
      if (query.endDate !== undefined) params.set("end_date", query.endDate);
      const answer = await tools.request("GET", `v1/calls?${params}`, undefined, what);
      const body = tools.parse(answer, what);
      const payload = isObject(body) && !Array.isArray(body.calls) && isObject(body.data) ? body.data : body;
      const list = Array.isArray(payload) ? payload : isObject(payload) && Array.isArray(payload.calls) ? payload.calls : undefined;
      if (list === undefined) {
        throw tools.fail(
          "shape",
          `${what}: GET ${answer.url} answered ${answer.status} without a list of calls (real clients read {calls: [...], total_count}); the service said: ${tools.quote(answer.text)}.`,
          { url: answer.url, status: answer.status, attempts: answer.attempts },
        );
      }
      const total = isObject(payload)
        ? typeof payload.total_count === "number"
          ? payload.total_count
          : typeof payload.count === "number"
            ? payload.count
            : undefined
        : undefined;
      return { calls: list.filter(isObject), ...(total === undefined ? {} : { total }), url: answer.url };
    },
  };
}
