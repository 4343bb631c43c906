// Text from users' files, names and arguments made safe to print: control characters never reach the terminal raw.

/** C0 and C1 control characters other than tab and newline (ESC starts colour, cursor and title sequences). */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text safe to print on a terminal: control characters (escape sequences included) become visible `\u001b` escapes. */
export function toSafeText(text: string): string {
  return text.replace(CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Like toSafeText but one character for one (U+FFFD), so columns (a code frame's caret) stay where they were. */
export function toSafeColumns(text: string): string {
  return text.replace(CONTROLS, "\ufffd");
}
