// Applies fixes to a text as ESLint does: in order, each at most once, skipping any that overlaps one applied before it.
import type { TextFix } from "../diagnostics/index.js";

/** What applying fixes gave: the new text, and how many fixes were applied and left (they overlapped another). */
export interface AppliedFixes {
  text: string;
  applied: number;
  skipped: number;
}

/**
 * `text` with `fixes` applied, sorted by place. A fix that overlaps or touches the place of one applied before it is
 * skipped (a second pass over the fixed text finds it again, if it still applies), so fixes never garble each other.
 */
export function applyFixes(text: string, fixes: readonly TextFix[]): AppliedFixes {
  const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = "";
  let at = 0;
  let last = -1;
  let applied = 0;
  for (const fix of sorted) {
    const [start, end] = fix.range;
    // An empty edit changes no character (the byte-order mark's stands for dropping the mark, outside the text).
    if (start === end && fix.text === "") {
      applied++;
      continue;
    }
    if (start <= last || start < at || end > text.length || start > end) continue;
    out += text.slice(at, start) + fix.text;
    at = end;
    last = end;
    applied++;
  }
  return { text: out + text.slice(at), applied, skipped: sorted.length - applied };
}
