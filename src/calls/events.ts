// The service's v2 call event trace (GET /v1/pathway_calls/{id}?v=2): which values are events, and what one call's events say.
import { isObject, prop, type JsonObject } from "../model/pathway.js";

/** The standalone event types the trace's documentation lists (tutorial "pathway call events", event catalog). */
export const CALL_EVENT_TYPES: readonly string[] = [
  "conversation.init",
  "node.transition",
  "node.tag",
  "transcript.user",
  "transcript.assistant",
  "interrupt.early",
  "interrupt.late",
  "button.press",
  "llm.action",
];

/** The operations it lists: each emits `<operation>.invoke`, then `.result`, `.error` or `.warning` (webhooks also `webhook.mapping`). */
export const CALL_OPERATIONS: readonly string[] = [
  "webhook",
  "tool",
  "kb",
  "sms",
  "scheduling",
  "loop_condition",
  "var_extraction",
  "custom_code",
  "transfer_pathway",
  "transfer_call",
  "unit_test",
];

const PHASES = new Set(["invoke", "result", "error", "warning"]);
const STANDALONE = new Set(CALL_EVENT_TYPES);
const OPERATIONS = new Set(CALL_OPERATIONS);

/** What one v2 event is, beside the node and text a log entry keeps of it. */
export interface CallEventInfo {
  /** `event_type` as given. */
  type: string;
  /** False for a type the documentation does not list: the event is read for its envelope (node, sequence) only. */
  known: boolean;
  /** For `<operation>.<phase>` types: the operation (`webhook`) and the phase (`invoke`, `result`, `error`, `warning`, `mapping`). */
  operation?: string;
  phase?: string;
  /** For a `.result`, `.error`, `.warning` or `webhook.mapping`: the `sequence` of its `.invoke`. */
  operationId?: number;
  /** The payload as given, when it is an object (read by the functions below, never copied). */
  payload?: JsonObject;
}

/** The variables a `node.transition` changed (`variable_changes`), by name; values are read only for the call's variables. */
export interface VariableChangeNames {
  added: string[];
  modified: string[];
  removed: string[];
}

/** True for one v2 event: an object with a text `event_type` and no `call_id` (nor `c_id`), which call records have. */
export function isCallEvent(value: unknown): value is JsonObject & { event_type: string } {
  return isObject(value) && typeof value.event_type === "string" && value.call_id === undefined && value.c_id === undefined;
}

/**
 * True for a list read as a v2 trace: its first object is an event. A list whose first object is a call record is a list
 * of records (a stray event in it is reported, not read), so one look decides, however long the list.
 */
export function isCallEventTrace(value: unknown): value is unknown[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (isObject(item)) return isCallEvent(item);
  return false;
}

/** The call an event belongs to (`conversation_id`, text or a number), or undefined. */
export function getEventCallId(event: unknown): string | undefined {
  const id = prop(event, "conversation_id");
  if (typeof id === "number" && Number.isFinite(id)) return String(id);
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** The number a field holds, when it is a finite number (a `sequence` of `"5"` is none). */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Reads what kind of event `event` is. */
export function readCallEventInfo(event: JsonObject): CallEventInfo {
  const type = event.event_type as string;
  const dot = type.lastIndexOf(".");
  const operation = dot > 0 ? type.slice(0, dot) : undefined;
  const phase = dot > 0 ? type.slice(dot + 1) : undefined;
  const isOperation = operation !== undefined && OPERATIONS.has(operation) && (PHASES.has(phase!) || (operation === "webhook" && phase === "mapping"));
  const info: CallEventInfo = { type, known: isOperation || STANDALONE.has(type) };
  if (isOperation) {
    info.operation = operation;
    info.phase = phase!;
    const operationId = finiteNumber(event.operation_id);
    if (operationId !== undefined) info.operationId = operationId;
  }
  if (isObject(event.payload)) info.payload = event.payload;
  return info;
}

function text(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The node an event puts the call at: `conversation.init`'s `start_node_id`, `node.transition`'s `chosen_node_id`, else
 * the envelope's `node_id` (the node in effect at the moment of the event; null before the call entered any node).
 */
export function getEventNodeId(event: JsonObject, info: CallEventInfo): string | undefined {
  if (info.type === "conversation.init") return text(prop(info.payload, "start_node_id")) ?? text(event.node_id);
  if (info.type === "node.transition") return text(prop(info.payload, "chosen_node_id")) ?? text(event.node_id);
  return text(event.node_id);
}

/** Own keys of `value` when it is an object (`variable_changes.added` and its kin), or its texts when it is a list of names. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return isObject(value) ? Object.keys(value) : [];
}

/** The names a `node.transition` payload's `variable_changes` lists, or undefined when it lists none. */
export function getVariableChangeNames(info: CallEventInfo): VariableChangeNames | undefined {
  const changes = prop(info.payload, "variable_changes");
  const names = { added: keysOf(prop(changes, "added")), modified: keysOf(prop(changes, "modified")), removed: keysOf(prop(changes, "removed")) };
  return names.added.length + names.modified.length + names.removed.length === 0 ? undefined : names;
}

/** What one call's trace says about the call as a whole. */
export interface CallTraceFacts {
  pathwayId?: string;
  /** `conversation.init`'s `version`: text (`"12"`) in the documentation, compared with version numbers as text. */
  pathwayVersion?: string | number;
  /**
   * The variables the call ended with: `initial_variables`, then each `node.transition`'s `variable_changes` in
   * sequence order (`added` and `modified` set the value given, `removed` deletes). Undefined without either.
   */
  variables?: JsonObject;
  /** Events of a type the documentation does not list, by type, in the order first met. */
  unknownTypes: string[];
}

/** Sets `name` on `target` as data, even `__proto__` (which `target[name] = v` would take as the prototype). */
function setData(target: JsonObject, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Reads the facts of one call's events, given in call order (`sequence`). The first `conversation.init` names the
 * pathway, its version and the initial variables; a later one (a trace joined from two) adds nothing.
 */
export function getCallTraceFacts(events: readonly CallEventInfo[]): CallTraceFacts {
  const facts: CallTraceFacts = { unknownTypes: [] };
  let variables: JsonObject | undefined;
  let init = false;
  // A set beside the list, so a trace of many unknown types is not searched once per event.
  const unknown = new Set<string>();
  for (const info of events) {
    if (!info.known && !unknown.has(info.type)) {
      unknown.add(info.type);
      facts.unknownTypes.push(info.type);
    }
    if (info.type === "conversation.init" && !init) {
      init = true;
      const pathwayId = text(prop(info.payload, "pathway_id"));
      if (pathwayId !== undefined) facts.pathwayId = pathwayId;
      const version = prop(info.payload, "version");
      if (typeof version === "number" && Number.isFinite(version)) facts.pathwayVersion = version;
      else if (typeof version === "string" && version.trim() !== "") facts.pathwayVersion = version.trim();
      const initial = prop(info.payload, "initial_variables");
      if (isObject(initial)) {
        variables = Object.create(null) as JsonObject;
        for (const [k, v] of Object.entries(initial)) setData(variables, k, v);
      }
    }
    if (info.type !== "node.transition") continue;
    const changes = prop(info.payload, "variable_changes");
    if (!isObject(changes)) continue;
    variables ??= Object.create(null) as JsonObject;
    for (const part of ["added", "modified"] as const) {
      const set = prop(changes, part);
      if (isObject(set)) for (const [k, v] of Object.entries(set)) setData(variables, k, v);
    }
    for (const k of keysOf(prop(changes, "removed"))) delete variables[k];
  }
  if (variables !== undefined) facts.variables = variables;
  return facts;
}
