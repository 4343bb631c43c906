// The one terminal escaper: text from files shown on a terminal, with every control character made visible.

/**
 * C0 controls other than tab and newline (ESC starts colour, clear-screen and window-title sequences; BEL rings),
 * DEL, C1 controls (U+009B is a one-character CSI on many terminals), bidirectional controls (Trojan Source) and the
 * line and paragraph separators U+2028/U+2029 (a log viewer or editor starts a new line at them, so a value could pass
 * for a line of the tool's own output).
 */
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

/**
 * `text` safe to print on a terminal: control characters become visible `\u001b`-style escapes, so a node name cannot
 * clear the screen, set the window title, recolour the output or reorder what a reviewer reads. Tab and newline stay.
 */
export function escapeTerminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * `text` for one cell or line of a table: as escapeTerminalText, and newline and tab made visible too, so a value from
 * the service (a date, a name) cannot start a line of its own that passes for the tool's output.
 */
export function escapeTerminalLine(text: string): string {
  return escapeTerminalText(text).replace(/\n/g, "\\n").replace(/\t/g, "\\t");
}
