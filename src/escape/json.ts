// The JSON escaper: JSON text whose strings keep every character a terminal acts on as a \u escape (same value, inert bytes).

/**
 * Characters JSON.stringify leaves raw that a terminal (or a log viewer) acts on: DEL, C1 controls (U+009B is a
 * one-character CSI), bidirectional controls, and the line and paragraph separators. C0 controls JSON escapes itself.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * `value` as JSON text (`JSON.stringify(value, null, indent)` plus a newline) with the characters above written as
 * `\u009b`-style escapes. They can only occur inside strings, so the text parses to exactly the same value: a
 * `--format json` answer printed on a terminal or in a CI log cannot move the cursor or reorder what is read.
 */
export function toJsonText(value: unknown, indent = 2): string {
  return `${JSON.stringify(value, null, indent).replace(RAW_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
}
