// Splits the text of a saved calls file into values: one JSON record, a list of them, a list answer, or NDJSON lines.
import { isObject } from "../model/pathway.js";
import { readCallRecord } from "./record.js";

/** One value found in a calls file, or why a part of it could not be read; `line` is 1-based for NDJSON. */
export type CallValue = { value: unknown; line?: number } | { problem: string; line?: number };

/** The records a parsed JSON document holds: a list, the list endpoint's `{calls: [...]}`, or one record. */
function* valuesOf(document: unknown): Generator<CallValue> {
  if (Array.isArray(document)) {
    for (const value of document) yield { value };
    return;
  }
  if (isObject(document) && Array.isArray(document.calls)) {
    for (const value of document.calls) yield { value };
    return;
  }
  yield { value: document };
}

/**
 * The values of a calls file. A `.ndjson`/`.jsonl` file, or a file that is not one JSON document but whose first line is,
 * is read line by line (a broken line is that line's problem; the other lines are still read); anything else is one
 * JSON document whose syntax error is the file's problem.
 */
export function* readCallValues(text: string, options: { ndjson?: boolean } = {}): Generator<CallValue> {
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
      yield* valuesOf(document);
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
    const part = body.slice(start, stop).trim();
    start = stop + 1;
    if (part === "") continue;
    try {
      yield { value: JSON.parse(part) as unknown, line };
    } catch (e) {
      yield { problem: `line ${line} is not JSON: ${e instanceof Error ? e.message : String(e)}`, line };
    }
    if (end < 0) break;
  }
}

function startsNdjson(line: string): boolean {
  try {
    return isObject(JSON.parse(line));
  } catch {
    return false;
  }
}

/**
 * True when a parsed JSON document holds call records and nothing else: one record (GET /v1/calls/{id}, a webhook
 * body), or a non-empty list of them, bare or as the list endpoint's `{calls: [...]}`.
 */
export function holdsOnlyCallRecords(document: unknown): boolean {
  let any = false;
  for (const item of valuesOf(document)) {
    if (!("value" in item) || "problem" in readCallRecord(item.value)) return false;
    any = true;
  }
  return any;
}
