// Test texts with a «marker» at the expected position: the marker is removed and its line/column become the oracle.

/** Strips every `«` from `source`; returns the text and the 1-based line/column of each marker, in order. */
export function marked(source: string): { text: string; marks: { line: number; column: number }[] } {
  const marks: { line: number; column: number }[] = [];
  let text = "";
  let line = 1;
  let column = 1;
  for (const ch of source) {
    if (ch === "«") {
      marks.push({ line, column });
      continue;
    }
    text += ch;
    if (ch === "\n") {
      line++;
      column = 1;
    } else column += ch.length;
  }
  return { text, marks };
}
