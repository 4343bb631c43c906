// Splits the text of a saved calls file into call values: one record, a list of them, a list answer, v2 event traces, or NDJSON lines.
import { isObject } from "../model/pathway.js";
import { getEventCallId, isCallEvent, isCallEventTrace } from "./events.js";
import { readCallRecord } from "./record.js";

/** One value found in a calls file, or why a part of it could not be read; `line` is 1-based for NDJSON. */
export type CallValue = { value: unknown; line?: number } | { problem: string; line?: number };

/**
 * Turns the values of a calls file (one JSON document, or NDJSON lines in order) into one value per call:
 * - a list of records, or the list endpoint's `{calls: [...]}`: each record;
 * - a v2 event trace (a list whose first object is an event, bare or as `{data: [...]}`): one list of events per call,
 *   split by `conversation_id` (events that name none belong to the trace's one call);
 * - NDJSON lines that each hold one event: consecutive lines of one call are that call's trace;
 * - an empty list: a problem, since it holds no call (nothing is ever counted as nothing).
 * Anything else passes on as it is, for readCallRecord to read or refuse.
 */
export interface CallValueSplitter {
  /** Takes the next value (or problem) and gives the call values it completes. */
  add(item: CallValue): CallValue[];
  /** Gives what the last values left open (the events of the last call of NDJSON event lines). */
  end(): CallValue[];
}

/** The calls of one list of events, one trace per `conversation_id`, in the order each is first named. */
function splitTrace(events: readonly unknown[], line: number | undefined): CallValue[] {
  const at = line === undefined ? {} : { line };
  const calls = new Map<string, unknown[]>();
  const unnamed: unknown[] = [];
  for (const event of events) {
    const id = getEventCallId(event);
    if (id === undefined) unnamed.push(event);
    else {
      let list = calls.get(id);
      if (!list) calls.set(id, (list = []));
      list.push(event);
    }
  }
  if (calls.size <= 1) return [{ value: events, ...at }];
  const out: CallValue[] = [...calls.values()].map((value) => ({ value, ...at }));
  if (unnamed.length > 0)
    out.push({
      problem: `${unnamed.length} of the events name no conversation_id, in a list of ${calls.size} calls' events: which call each belongs to cannot be told, so they are not read`,
      ...at,
    });
  return out;
}

/** The call values one parsed JSON value (a document, or one NDJSON line) holds, besides single events. */
function valuesOf(value: unknown, line: number | undefined): CallValue[] {
  const at = line === undefined ? {} : { line };
  const list = Array.isArray(value)
    ? value
    : isObject(value) && value.call_id === undefined && Array.isArray(value.calls)
      ? value.calls
      : isObject(value) && value.call_id === undefined && isCallEventTrace(value.data)
        ? value.data
        : undefined;
  if (list === undefined) return [{ value, ...at }];
  if (list.length === 0) return [{ problem: "an empty list: no call record in it", ...at }];
  if (isCallEventTrace(list)) return splitTrace(list, line);
  return list.map((item) =>
    isCallEvent(item)
      ? { problem: `a v2 call event (${item.event_type}) in a list of call records: a trace is a list of one call's events`, ...at }
      : { value: item, ...at },
  );
}

/** Creates a splitter for the values of one file (see CallValueSplitter). */
export function createCallValueSplitter(): CallValueSplitter {
  let open: { id: string | undefined; events: unknown[]; line: number | undefined } | undefined;
  const close = (): CallValue[] => {
    if (!open) return [];
    const done = open;
    open = undefined;
    return [{ value: done.events, ...(done.line === undefined ? {} : { line: done.line }) }];
  };
  return {
    add(item) {
      // A line that cannot be read leaves the open trace open: the call's next lines are still that one call's.
      if ("problem" in item) return [item];
      // NDJSON lines only: a whole document that is one event is not a call (readCallRecord says so).
      if (item.line !== undefined && isCallEvent(item.value)) {
        const id = getEventCallId(item.value);
        // A line that names no call joins the one open; one that names another call starts its own trace.
        if (open && (id === undefined || open.id === undefined || id === open.id)) {
          open.id ??= id;
          open.events.push(item.value);
          return [];
        }
        const closed = close();
        open = { id, events: [item.value], line: item.line };
        return closed;
      }
      return [...close(), ...valuesOf(item.value, item.line)];
    },
    end: close,
  };
}

/**
 * The values of a calls file. A `.ndjson`/`.jsonl` file, or a file that is not one JSON document but whose first line is,
 * is read line by line (a broken line is that line's problem; the other lines are still read); anything else is one
 * JSON document whose syntax error is the file's problem. Either way the values are split into calls
 * (createCallValueSplitter).
 */
export function* readCallValues(text: string, options: { ndjson?: boolean } = {}): Generator<CallValue> {
  const splitter = createCallValueSplitter();
  for (const item of readJsonValues(text, options)) yield* splitter.add(item);
  yield* splitter.end();
}

/** The JSON values of a file's text: the document, or one per NDJSON line. */
function* readJsonValues(text: string, options: { ndjson?: boolean }): Generator<CallValue> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!options.ndjson) {
    let document: unknown;
    let error: string | undefined;
    try {
      document = JSON.parse(body) as unknown;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error === undefined) {
      yield { value: document };
      return;
    }
    const firstLine = body.slice(0, body.indexOf("\n") >>> 0).trim();
    if (!body.includes("\n") || !startsNdjson(firstLine)) {
      yield { problem: `not JSON: ${error}` };
      return;
    }
  }
  let start = 0;
  let line = 0;
  while (start <= body.length) {
    const end = body.indexOf("\n", start);
    const stop = end < 0 ? body.length : end;
    line++;
    const part = body.slice(start, stop);
    start = stop + 1;
    yield* readJsonLine(part, line);
    if (end < 0) break;
  }
}

/** One NDJSON line's value, its problem, or nothing for a blank line. */
export function readJsonLine(part: string, line: number): CallValue[] {
  const trimmed = part.trim();
  if (trimmed === "") return [];
  try {
    return [{ value: JSON.parse(trimmed) as unknown, line }];
  } catch (e) {
    return [{ problem: `line ${line} is not JSON: ${e instanceof Error ? e.message : String(e)}`, line }];
  }
}

/** True when `line` (a file's first line) is a whole JSON object: the file is then read as NDJSON when it is not one document. */
export function startsNdjson(line: string): boolean {
  try {
    return isObject(JSON.parse(line));
  } catch {
    return false;
  }
}

/**
 * True when a parsed JSON document holds call records and nothing else: one record (GET /v1/calls/{id}, a webhook
 * body), a non-empty list of them, bare or as the list endpoint's `{calls: [...]}`, or v2 event traces.
 */
export function holdsOnlyCallRecords(document: unknown): boolean {
  const splitter = createCallValueSplitter();
  let any = false;
  for (const item of [...splitter.add({ value: document }), ...splitter.end()]) {
    if (!("value" in item) || "problem" in readCallRecord(item.value)) return false;
    any = true;
  }
  return any;
}
