// A call record (seed 2.1, the GET /v1/calls/{id} answer and the call-end webhook body), or a v2 event trace, read tolerantly into one typed shape.
import { isObject, prop, type JsonObject } from "../model/pathway.js";
import {
  finiteNumber,
  getCallTraceFacts,
  getEventCallId,
  getEventNodeId,
  isCallEvent,
  isCallEventTrace,
  readCallEventInfo,
  type CallEventInfo,
} from "./events.js";
import { orderLog } from "./order-log.js";

// seed 2.1
/** One phrase of the call's transcript (GET /v1/calls/{call_id}: transcripts): who spoke (`user`, `assistant`, `robot`, `agent-action`) and what. */
export interface CallTurn {
  id?: number | string;
  role: string;
  text: string;
  createdAt?: string;
}

/**
 * One entry of a call's pathway log, read from the shape three public clients type (`{tag, role, text, decision,
 * created_at, pathway_info, chosen_node_id}`) or from a v2 event (`{conversation_id, sequence, event_type, node_id,
 * operation_id, payload, created_at}`). Every field is optional: no verbatim real entry is public (../docs/service-api.md).
 */
export interface LogEntry {
  /** Position in the log as received. */
  index: number;
  /** The node the entry puts the call at: `chosen_node_id`; for v2 events see getEventNodeId. */
  nodeId?: string;
  /** `user` or `assistant` for what was said (v2: `transcript.user`, `transcript.assistant`); else the entry's role or event type. */
  role?: string;
  text?: string;
  createdAt?: string;
  /** v2 events' `sequence`, which orders them when present. */
  sequence?: number;
  /** Set for a value that is not an object (an entry of an unknown shape), which is counted, never guessed at. */
  unknownShape?: string;
  /** Set for a v2 event: its type, operation and payload. */
  event?: CallEventInfo;
}

/** A call record with the fields pathwaykit reads; `raw` keeps the record as received. */
export interface CallRecord {
  callId: string;
  pathwayId?: string;
  pathwayVersion?: number | string;
  queueStatus?: string;
  status?: string;
  completed?: boolean;
  answeredBy?: string;
  transferredTo?: string;
  errorMessage?: string;
  callEndedBy?: string;
  createdAt?: string;
  inbound?: boolean;
  requestData?: JsonObject;
  variables: JsonObject;
  turns: CallTurn[];
  /** Undefined when the record has no log (a task call, or `pathway_logs: null`). */
  log?: LogEntry[];
  /** Why the log could not be read, when it was present but not a list (nor JSON text holding one). */
  logProblem?: string;
  /** `events` for a v2 event trace (a record's `pathway_events`, or the trace itself), `entries` for `pathway_logs` entries. */
  logFormat?: "events" | "entries";
  /** Event types of a v2 trace that its documentation does not list: read for their node (the envelope) only. */
  unknownEventTypes?: string[];
  /** The value as received: a record, or the list of a trace's events. */
  raw: JsonObject | readonly unknown[];
}

/** The result of reading one value as a call record. */
export type ReadCallResult = { record: CallRecord } | { problem: string };

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function textOrNumber(value: unknown): string | undefined {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : text(value);
}

function readTurns(value: unknown): CallTurn[] {
  if (!Array.isArray(value)) return [];
  const turns: CallTurn[] = [];
  // Duplicated turns (the same id, or the same speaker, text and time) are kept once: records re-sent by a webhook retry repeat them.
  const seen = new Set<string>();
  for (const entry of value) {
    const role = text(prop(entry, "user")) ?? text(prop(entry, "role"));
    const said = prop(entry, "text");
    if (role === undefined || typeof said !== "string") continue;
    const id = prop(entry, "id");
    const createdAt = text(prop(entry, "created_at"));
    const key = typeof id === "number" || typeof id === "string" ? `#${id}` : `${role}\u0000${said}\u0000${createdAt ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    turns.push({ ...(typeof id === "number" || typeof id === "string" ? { id } : {}), role, text: said, ...(createdAt ? { createdAt } : {}) });
  }
  return turns;
}

/** A v2 event as a log entry: where it puts the call, what was said, and the event itself. */
function readEventEntry(event: JsonObject, index: number): LogEntry {
  const info = readCallEventInfo(event);
  const out: LogEntry = { index, event: info };
  const nodeId = getEventNodeId(event, info);
  if (nodeId !== undefined) out.nodeId = nodeId;
  const said = info.type === "transcript.user" ? "user" : info.type === "transcript.assistant" ? "assistant" : undefined;
  out.role = said ?? info.type;
  // An agent line cut off before anything was voiced has `text: null`: nothing was said.
  if (said !== undefined && typeof info.payload?.text === "string") out.text = info.payload.text;
  const createdAt = text(event.created_at);
  if (createdAt !== undefined) out.createdAt = createdAt;
  const sequence = finiteNumber(event.sequence);
  if (sequence !== undefined) out.sequence = sequence;
  return out;
}

function readLogEntry(entry: unknown, index: number): LogEntry {
  if (!isObject(entry)) return { index, unknownShape: entry === null ? "null" : Array.isArray(entry) ? "a list" : typeof entry };
  if (isCallEvent(entry)) return readEventEntry(entry, index);
  const nodeId = textOrNumber(entry.chosen_node_id) ?? textOrNumber(entry.node_id) ?? textOrNumber(entry.nodeId);
  const sequence = typeof entry.sequence === "number" && Number.isFinite(entry.sequence) ? entry.sequence : undefined;
  const out: LogEntry = { index };
  if (nodeId !== undefined) out.nodeId = nodeId;
  const role = text(entry.role) ?? text(entry.event_type);
  if (role !== undefined) out.role = role;
  if (typeof entry.text === "string") out.text = entry.text;
  const createdAt = text(entry.created_at);
  if (createdAt !== undefined) out.createdAt = createdAt;
  if (sequence !== undefined) out.sequence = sequence;
  if (nodeId === undefined && role === undefined && out.text === undefined)
    out.unknownShape = "an object with none of chosen_node_id, node_id, role, event_type, text";
  return out;
}

/** A record's log: its entries, why it could not be read, and in which format it came. */
export interface CallLog {
  log?: LogEntry[];
  problem?: string;
  format?: "events" | "entries";
  /** The list the entries were read from, as received. */
  list?: readonly unknown[];
}

/**
 * The log of a record: a v2 event trace under `pathway_events` or `events` (where `calls fetch --events` puts
 * GET /v1/pathway_calls/{id}?v=2; the service documents no place for it in a record), which says more than
 * `pathway_logs` and wins over it unless it is empty; else `pathway_logs`, a list or JSON text holding one (the API reference says
 * "string or null"). Undefined when there is none.
 */
export function readCallLog(raw: JsonObject): CallLog {
  const events = raw.pathway_events ?? raw.events;
  const field = events !== undefined && events !== null && events !== "" ? (raw.pathway_events !== undefined ? "pathway_events" : "events") : "pathway_logs";
  let value = field === "pathway_logs" ? raw.pathway_logs : events;
  if (value === undefined || value === null || value === "") return {};
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { problem: `${field} is text that is not JSON` };
    }
  }
  if (isObject(value) && Array.isArray(value.events)) value = value.events;
  else if (isObject(value) && Array.isArray(value.data)) value = value.data;
  if (!Array.isArray(value)) return { problem: `${field} is ${value === null ? "null" : typeof value}, not a list` };
  // An empty trace (a call the service gave no v2 events for) says nothing: the record's pathway_logs then stand.
  const logs = raw.pathway_logs;
  if (field !== "pathway_logs" && value.length === 0 && logs !== undefined && logs !== null && logs !== "")
    return readCallLog({ ...raw, pathway_events: undefined, events: undefined });
  const log = value.map(readLogEntry);
  return { log, format: log.some((e) => e.event !== undefined) ? "events" : "entries", list: value };
}

/** Unwraps `{data: record}` and `{call: record}`, the wrappers real answers use for single objects (and `{data: [events]}`). */
function unwrap(value: unknown): unknown {
  if (isObject(value) && value.call_id === undefined && value.c_id === undefined) {
    if (isObject(value.data) || isCallEventTrace(value.data)) return value.data;
    if (isObject(value.call)) return value.call;
  }
  return value;
}

/** What was said, in call order, as the log's transcript events tell it. */
function turnsOfLog(log: readonly LogEntry[]): CallTurn[] {
  const turns: CallTurn[] = [];
  for (const e of orderLog(log)) {
    if (e.event === undefined || e.text === undefined || (e.role !== "user" && e.role !== "assistant")) continue;
    turns.push({ ...(e.sequence === undefined ? {} : { id: e.sequence }), role: e.role, text: e.text, ...(e.createdAt ? { createdAt: e.createdAt } : {}) });
  }
  return turns;
}

/** The facts of a v2 log, given its entries. */
function factsOfLog(log: readonly LogEntry[]) {
  return getCallTraceFacts(orderLog(log).flatMap((e) => (e.event === undefined ? [] : [e.event])));
}

/** The calls a list of events names, in the order first met (at most `max + 1`, enough to say there are too many). */
function callIdsOf(events: readonly unknown[], max: number): string[] {
  const ids: string[] = [];
  for (const e of events) {
    const id = getEventCallId(e);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
    if (ids.length > max) break;
  }
  return ids;
}

/** Reads one call's v2 trace (GET /v1/pathway_calls/{id}?v=2: a list of its events) as a call record. */
function readTrace(events: readonly unknown[]): ReadCallResult {
  const ids = callIdsOf(events, 3);
  if (ids.length === 0) return { problem: "not a call record: a v2 event trace whose events name no conversation_id (the call id)" };
  if (ids.length > 1)
    return {
      problem: `not one call's events: the trace names ${ids.length > 3 ? "more than 3" : ids.length} calls (${ids.slice(0, 3).join(", ")}); read its calls one by one (readCallValues splits them)`,
    };
  const log = events.map(readLogEntry);
  const facts = factsOfLog(log);
  const record: CallRecord = { callId: ids[0]!, variables: facts.variables ?? {}, turns: turnsOfLog(log), log, logFormat: "events", raw: events };
  if (facts.pathwayId !== undefined) record.pathwayId = facts.pathwayId;
  if (facts.pathwayVersion !== undefined) record.pathwayVersion = facts.pathwayVersion;
  if (facts.unknownTypes.length > 0) record.unknownEventTypes = facts.unknownTypes;
  return { record };
}

/**
 * Reads one value (a GET answer, a webhook body, one NDJSON line, or one call's v2 event trace) as a call record, or
 * says why it is not one. A record's own fields win over what its v2 trace says (pathway, version, variables,
 * transcripts); the trace fills in what the record lacks.
 */
export function readCallRecord(input: unknown): ReadCallResult {
  const value = unwrap(input);
  if (isCallEventTrace(value)) return readTrace(value);
  if (isCallEvent(value)) return { problem: `not a call record: one v2 event (${value.event_type}); a trace is the list of a call's events` };
  if (!isObject(value))
    return { problem: `not a call record: a JSON ${value === null ? "null" : Array.isArray(value) ? "list" : typeof value}, not an object` };
  const callId = textOrNumber(value.call_id) ?? textOrNumber(value.c_id);
  if (callId === undefined) return { problem: "not a call record: no call_id (nor c_id)" };
  const record: CallRecord = { callId, variables: isObject(value.variables) ? value.variables : {}, turns: readTurns(value.transcripts), raw: value };
  const pathwayId = textOrNumber(value.pathway_id);
  if (pathwayId !== undefined) record.pathwayId = pathwayId;
  if (typeof value.pathway_version === "number" || text(value.pathway_version)) record.pathwayVersion = value.pathway_version as number | string;
  const fields = [
    ["queueStatus", "queue_status"],
    ["status", "status"],
    ["answeredBy", "answered_by"],
    ["transferredTo", "transferred_to"],
    ["errorMessage", "error_message"],
    ["callEndedBy", "call_ended_by"],
    ["createdAt", "created_at"],
  ] as const;
  for (const [key, field] of fields) {
    const v = text(value[field]);
    if (v !== undefined) record[key] = v;
  }
  if (typeof value.completed === "boolean") record.completed = value.completed;
  if (typeof value.inbound === "boolean") record.inbound = value.inbound;
  if (isObject(value.request_data)) record.requestData = value.request_data;
  const { log, problem, format, list } = readCallLog(value);
  if (problem) record.logProblem = problem;
  if (log) {
    record.log = log;
    record.logFormat = format!;
  }
  if (log && format === "events") addTraceFacts(record, value, log, list!);
  return { record };
}

/** Fills in from a record's v2 trace what the record itself does not say; a trace of another call is the log's problem. */
function addTraceFacts(record: CallRecord, value: JsonObject, log: LogEntry[], list: readonly unknown[]): void {
  const other = callIdsOf(list, 1).find((id) => id !== record.callId);
  if (other !== undefined) {
    delete record.log;
    delete record.logFormat;
    record.logProblem = `the v2 events in the record are another call's (${other}, not ${record.callId})`;
    return;
  }
  const facts = factsOfLog(log);
  if (record.pathwayId === undefined && facts.pathwayId !== undefined) record.pathwayId = facts.pathwayId;
  if (record.pathwayVersion === undefined && facts.pathwayVersion !== undefined) record.pathwayVersion = facts.pathwayVersion;
  if (!isObject(value.variables) && facts.variables !== undefined) record.variables = facts.variables;
  if (record.turns.length === 0) record.turns = turnsOfLog(log);
  if (facts.unknownTypes.length > 0) record.unknownEventTypes = facts.unknownTypes;
}
