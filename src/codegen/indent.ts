// Re-indents generated code by bracket nesting, one level per line that opens brackets, never touching string contents.

/**
 * Indents `code` with `unit` per level: a line that leaves brackets open indents the lines after it by one level until
 * they close; a line starting with `.` (a chained call) is left to the caller, which indents the whole expression. Lines inside template literals are kept
 * exactly, since they are part of the value. Expects code without `${` substitutions (the generator never writes one).
 */
export function toIndentedCode(code: string, unit = "  "): string {
  /** Brackets left open by earlier lines: how many are still open, and the indent of the line that opened them. */
  const groups: { open: number; indent: number }[] = [];
  let out = "";
  let line = "";
  let lineOpened = 0;
  let quote: string | undefined;
  let atLineStart = true;
  let lineIndent = 0;

  const endLine = () => {
    if (lineOpened > 0) groups.push({ open: lineOpened, indent: lineIndent });
    lineOpened = 0;
    out += `${line.trimEnd()}\n`;
    line = "";
    atLineStart = true;
  };
  const close = () => {
    if (lineOpened > 0) lineOpened--;
    else if (groups.length > 0) {
      groups[groups.length - 1]!.open--;
      if (groups[groups.length - 1]!.open === 0) groups.pop();
    }
  };

  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (quote !== undefined) {
      line += ch;
      if (ch === "\\") {
        line += code[++i] ?? "";
      } else if (ch === quote) quote = undefined;
      else if (ch === "\n") {
        // Inside a template literal: the text is the value, so it goes out as it is.
        out += line;
        line = "";
      }
      continue;
    }
    if (atLineStart) {
      if (ch === " " || ch === "\t") continue;
      if (ch === "\n") {
        out += "\n";
        continue;
      }
      // Leading closers dedent this very line to the indent of the line that opened them.
      let depth = groups.length;
      let remaining = groups[depth - 1]?.open ?? 0;
      for (let j = i; j < code.length && /[)\]}]/.test(code[j]!) && depth > 0; j++) {
        remaining--;
        if (remaining === 0) {
          depth--;
          remaining = groups[depth - 1]?.open ?? 0;
        }
      }
      const top = groups[depth - 1];
      const closesTop = depth < groups.length;
      lineIndent = closesTop ? groups[depth]!.indent : top ? top.indent + 1 : 0;
      line = unit.repeat(lineIndent);
      atLineStart = false;
    }
    if (ch === "\n") {
      endLine();
      continue;
    }
    line += ch;
    if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "(" || ch === "[" || ch === "{") lineOpened++;
    else if (ch === ")" || ch === "]" || ch === "}") close();
  }
  if (line !== "" || !atLineStart) out += line.trimEnd();
  return out;
}
