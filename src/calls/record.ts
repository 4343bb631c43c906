// A call record (seed 2.1, the GET /v1/calls/{id} answer and the call-end webhook body) read tolerantly into one typed shape.
import { isObject, prop, type JsonObject } from "../model/pathway.js";

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
 * created_at, pathway_info, chosen_node_id}`) or from a v2 event (`{sequence, event_type, node_id, created_at}`).
 * Every field is optional: no verbatim real entry is public (../docs/service-api.md).
 */
export interface LogEntry {
  /** Position in the log as received. */
  index: number;
  nodeId?: string;
  role?: string;
  text?: string;
  createdAt?: string;
  /** v2 events' `sequence`, which orders them when present. */
  sequence?: number;
  /** Set for a value that is not an object (an entry of an unknown shape), which is counted, never guessed at. */
  unknownShape?: string;
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
  raw: JsonObject;
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

function readLogEntry(entry: unknown, index: number): LogEntry {
  if (!isObject(entry)) return { index, unknownShape: entry === null ? "null" : Array.isArray(entry) ? "a list" : typeof entry };
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

/**
 * The log of a record: `pathway_logs` as a list or as JSON text holding one (the API reference says "string or null"), else the
 * v2 events under `events` or `pathway_events` (their place in a record is not documented). Undefined when there is none.
 */
export function readCallLog(raw: JsonObject): { log?: LogEntry[]; problem?: string } {
  let value = raw.pathway_logs ?? raw.events ?? raw.pathway_events;
  if (value === undefined || value === null || value === "") return {};
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { problem: "pathway_logs is text that is not JSON" };
    }
  }
  if (isObject(value) && Array.isArray(value.events)) value = value.events;
  if (!Array.isArray(value)) return { problem: `pathway_logs is ${value === null ? "null" : typeof value}, not a list` };
  return { log: value.map(readLogEntry) };
}

/** Unwraps `{data: record}` and `{call: record}`, the wrappers real answers use for single objects. */
function unwrap(value: unknown): unknown {
  if (isObject(value) && value.call_id === undefined && value.c_id === undefined) {
    if (isObject(value.data)) return value.data;
    if (isObject(value.call)) return value.call;
  }
  return value;
}

/** Reads one value (a GET answer, a webhook body, one NDJSON line) as a call record, or says why it is not one. */
export function readCallRecord(input: unknown): ReadCallResult {
  const value = unwrap(input);
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
  const { log, problem } = readCallLog(value);
  if (log) record.log = log;
  if (problem) record.logProblem = problem;
  return { record };
}
