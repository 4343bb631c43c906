// Text to JSON value with a lazy pointer->range source map; syntax errors become diagnostics with line and column.
import { loadParseTree } from "./momoa.js";
import type { Diagnostic } from "../diagnostics/index.js";
import { findDuplicateKeys } from "./duplicate-keys.js";
import { findDeepNesting, toNestingDiagnostic, type DeepNesting } from "./nesting.js";
import { lineStarts, positionAt } from "./position.js";
import { createBatchLocator, createLocator, type BatchLocator, type Locator } from "./source-map.js";

/** A parsed document: the value exactly as JSON.parse gives it, or syntax diagnostics. */
export interface ParseResult {
  ok: boolean;
  value?: unknown;
  diagnostics: Diagnostic[];
  locate: Locator;
  /** Places many pointers in one pass over the text. */
  locateMany: BatchLocator;
}

const noLocation: Locator = () => undefined;
const noLocations: BatchLocator = () => new Map();

/** Finds where JSON.parse gave up: its own offset when it says, else the end of input, else a second opinion. */
function syntaxErrorOffset(text: string, message: string): number {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (/end of (JSON )?input/i.test(message)) return text.length;
  const parseTree = loadParseTree();
  try {
    parseTree(text, { mode: "json" });
  } catch (error) {
    const offset = (error as { offset?: unknown }).offset;
    if (typeof offset === "number") return offset;
  }
  return 0;
}

/** Turns V8's wording into advice: what is wrong, and what usually fixes it. */
function explain(text: string, message: string, offset: number): string {
  const what = message.replace(/ in JSON at position \d+.*$/, "").replace(/, ".*" is not valid JSON$/s, "");
  if (text.trim() === "") return "The file is empty; a pathway file holds a JSON object with nodes and edges.";
  if (/control character/i.test(what)) return `${what}: write newlines and tabs inside strings as \\n and \\t.`;
  if (text[offset] === "," && /^[}\]]/.test(text.slice(offset + 1).trimStart())) return "Trailing comma: JSON allows none; remove this comma.";
  return `${what}; fix the JSON syntax here.`;
}

/** A document nested deeper than the tools downstream can follow: one clear error, placed where the depth begins. */
function tooDeep(text: string, deep: DeepNesting): ParseResult {
  return { ok: false, diagnostics: [toNestingDiagnostic(deep, createLocator(text))], locate: noLocation, locateMany: noLocations };
}

/** Parses JSON text. Never throws on bad input. */
export function parseJson(text: string): ParseResult {
  try {
    const value: unknown = JSON.parse(text);
    const keys = { count: 0 };
    const deep = findDeepNesting(value, undefined, keys);
    if (deep) return tooDeep(text, deep);
    const { diagnostics, noDuplicateKeys } = findDuplicateKeys(text, value, keys.count);
    // Without repeated keys no later key can override a value found, so locating may stop early; with them it may not.
    const options = { noDuplicateKeys };
    return { ok: true, value, diagnostics, locate: createLocator(text, options), locateMany: createBatchLocator(text, options) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    let offset = Math.min(syntaxErrorOffset(text, message), text.length);
    // A trailing comma is the usual culprit: point at it rather than at the bracket after it.
    const trailing = /,\s*$/.exec(text.slice(0, offset));
    if (trailing && /^[}\]]/.test(text.slice(offset).trimStart())) offset = trailing.index;
    const starts = lineStarts(text);
    const start = positionAt(starts, offset);
    return {
      ok: false,
      diagnostics: [
        {
          ruleId: "parse-error",
          severity: "error",
          message: explain(text, message, offset),
          pointer: "",
          range: { start, end: { line: start.line, column: start.column + 1 } },
        },
      ],
      locate: noLocation,
      locateMany: noLocations,
    };
  }
}
