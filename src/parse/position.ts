// Converting offsets in a text to 1-based line/column (UTF-16 code units, as editors and SARIF count them).
import type { Position } from "../diagnostics/index.js";

/** Start offsets of each line, built once per text so many lookups stay cheap. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let i = text.indexOf("\n");
  while (i !== -1) {
    starts.push(i + 1);
    i = text.indexOf("\n", i + 1);
  }
  return starts;
}

/** The 1-based line and column of `offset`, by binary search over `starts`. */
export function positionAt(starts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}
