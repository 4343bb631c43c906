// Writes a rule's fix (a new value at a pointer) into the file's text as ESLint's {range, text}, touching nothing else.
import type { Range, TextFix, ValueEdit } from "../diagnostics/index.js";
import { escapeToken } from "../diagnostics/index.js";
import { toSpanKey } from "../parse/index.js";

/** The offset of a 1-based line/column position, given the text's `lineStarts` (parse/position.ts). */
export const offsetOf = (lineStarts: readonly number[], position: Range["start"]): number => lineStarts[position.line - 1]! + position.column - 1;

/** The pointers whose places an edit needs: its value's, and for a member edit the member's. */
export function getEditPointers(edit: ValueEdit): string[] {
  return edit.key === undefined ? [edit.pointer] : [edit.pointer, `${edit.pointer}/${escapeToken(edit.key)}`];
}

/** Where a span edit's characters are in the located ranges (the locator's key for a span of a string). */
const spanKey = (edit: ValueEdit) => toSpanKey(edit.pointer, edit.span!);

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line && a.start.column === b.start.column && a.end.line === b.end.line && a.end.column === b.end.column;

/**
 * `edit` as a replacement in `text`, or undefined when its place is not found. A new value replaces the old one's
 * characters only (JSON text: a string keeps its quotes, nothing around it moves). A member added to an object goes
 * first, indented as the member after it, so a formatted file stays formatted.
 */
export function toTextFix(edit: ValueEdit, ranges: ReadonlyMap<string, Range | undefined>, text: string, lineStarts: readonly number[]): TextFix | undefined {
  const [at, member] = getEditPointers(edit).map((p) => ranges.get(p));
  if (!at) return undefined;
  const json = JSON.stringify(edit.value);
  if (json === undefined) return undefined;
  if (edit.span) {
    // Inside a string: the new characters, escaped as JSON string content; no range when the span was not found.
    const inside = ranges.get(spanKey(edit));
    if (!inside || typeof edit.value !== "string") return undefined;
    return { range: [offsetOf(lineStarts, inside.start), offsetOf(lineStarts, inside.end)], text: json.slice(1, -1) };
  }
  // A member pointer that does not exist resolves to its object's place (the locator's nearest ancestor).
  const target = edit.key === undefined ? at : member && !sameRange(member, at) ? member : undefined;
  if (target) return { range: [offsetOf(lineStarts, target.start), offsetOf(lineStarts, target.end)], text: json };
  const open = offsetOf(lineStarts, at.start);
  if (text[open] !== "{") return undefined;
  const close = offsetOf(lineStarts, at.end) - 1;
  const first = text.slice(open + 1, close).search(/\S/);
  const entry = `${JSON.stringify(edit.key)}: ${json}`;
  if (first === -1) return { range: [open + 1, close], text: entry };
  const gap = text.slice(open + 1, open + 1 + first);
  return { range: [open + 1 + first, open + 1 + first], text: `${entry},${gap}` };
}
