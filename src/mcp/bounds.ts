// Keeps what a tool returns bounded and inert: long lists and strings cut with a record of the cut, secrets hidden, control characters made visible.
import { escapeTerminalText } from "../escape/terminal.js";

/** Longest list kept in a structured answer (a coverage list, a diff's changes, a trace). */
export const MAX_LIST = 200;
/** Longest string kept whole (a prompt, a node's text); the findings tools keep fix texts whole. */
export const MAX_STRING = 100_000;
/** Largest answer, in characters of its JSON: over it the call fails, saying how to ask for less. */
export const MAX_ANSWER_CHARS = 2_000_000;

/** One place an answer was cut: where (a JSON pointer), how much was kept and how much there was. */
export interface Cut {
  at: string;
  shown: number;
  total: number;
}

/** Options of `toBoundedValue`. */
export interface BoundOptions {
  /** Hides secrets (the service's key) in every string. */
  redact?: (text: string) => string;
  /** Cut lists and long strings (default true; false only hides secrets and control characters). */
  cut?: boolean;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * A copy of `value` fit to send: every string (keys too) redacted and with its control characters shown as `\u001b`
 * escapes (tab and newline stay), so no value read from a file can move a cursor or recolour a terminal; with `cut`,
 * lists over MAX_LIST items and strings over MAX_STRING characters shortened, each cut recorded in `cuts`.
 */
export function toBoundedValue(value: unknown, options: BoundOptions = {}, cuts: Cut[] = [], at = ""): unknown {
  const clean = (text: string) => escapeTerminalText(options.redact ? options.redact(text) : text);
  const cut = options.cut !== false;
  if (typeof value === "string") {
    if (cut && value.length > MAX_STRING) {
      cuts.push({ at, shown: MAX_STRING, total: value.length });
      return `${clean(value.slice(0, MAX_STRING))}… [${value.length - MAX_STRING} more characters]`;
    }
    return clean(value);
  }
  if (Array.isArray(value)) {
    const kept = cut && value.length > MAX_LIST ? value.slice(0, MAX_LIST) : value;
    if (kept !== value) cuts.push({ at, shown: MAX_LIST, total: value.length });
    return kept.map((item, i) => toBoundedValue(item, options, cuts, `${at}/${i}`));
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    let n = 0;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (cut && ++n > MAX_LIST * 5) {
        cuts.push({ at, shown: MAX_LIST * 5, total: Object.keys(value).length });
        break;
      }
      out[clean(key)] = toBoundedValue(item, options, cuts, `${at}/${escapePointer(key)}`);
    }
    return out;
  }
  return value;
}

/** A note saying where an answer was cut, for its summary. */
export function describeCuts(cuts: readonly Cut[]): string | undefined {
  if (cuts.length === 0) return undefined;
  const first = cuts.slice(0, 3).map((c) => `${c.at || "/"} (${c.shown} of ${c.total})`);
  return `Cut to fit: ${first.join(", ")}${cuts.length > 3 ? ` and ${cuts.length - 3} more places` : ""}; \`cuts\` lists them. Ask about less at a time (fewer paths, a focus node) to see the rest.`;
}
