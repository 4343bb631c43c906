// The default human format: findings grouped by file, each with a code frame, and a summary line.
import { toCount } from "../escape/count.js";
import { escapeTerminalText } from "../escape/terminal.js";
import pc from "picocolors";
import { countBySeverity } from "../diagnostics/index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Formatter } from "./result.js";

type Colors = ReturnType<typeof pc.createColors>;

const MAX_FRAME_WIDTH = 160;

/** Two lines of context above the finding, a caret under its start column. */
function codeFrame(lines: readonly string[], d: Diagnostic, c: Colors): string {
  if (!d.range) return "";
  const { line, column } = d.range.start;
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    let text = lines[n - 1] ?? "";
    let caretAt = column - 1;
    // Long lines (a 2,000-character prompt, a whole pathway on one line) are windowed around the column first, so
    // a frame costs its width, not the line's length: 30,000 findings on a 100 MB line stay linear.
    if (text.length > MAX_FRAME_WIDTH) {
      const start = n === line ? Math.max(0, column - 1 - MAX_FRAME_WIDTH / 2) : 0;
      text = `${(start > 0 ? "…" : "") + text.slice(start, start + MAX_FRAME_WIDTH)}…`;
      caretAt = caretAt - start + (start > 0 ? 1 : 0);
    }
    // The frame shows the file's own text: a raw C1 control or DEL in it must not reach the terminal either.
    text = escapeTerminalText(text.replace(/\t/g, " "));
    const gutter = `${n === line ? c.red(">") : " "} ${String(n).padStart(width)} |`;
    out.push(`    ${c.dim(gutter)} ${text}`);
    if (n === line) out.push(`    ${c.dim(`  ${" ".repeat(width)} |`)} ${" ".repeat(Math.max(0, caretAt))}${c.red("^")}`);
  }
  return out.join("\n");
}

/** The default human format: findings grouped by file, each with a code frame, then a summary line. */
export const formatStylish: Formatter = (results, options = {}) => {
  const c = pc.createColors(options.color ?? false);
  const out: string[] = [];
  let errors = 0;
  let warnings = 0;
  for (const result of results) {
    if (result.diagnostics.length === 0) continue;
    const counts = countBySeverity(result.diagnostics);
    errors += counts.errorCount;
    warnings += counts.warningCount;
    const lines = result.text?.split("\n") ?? [];
    out.push(c.underline(escapeTerminalText(result.filePath)));
    for (const d of result.diagnostics) {
      const where = d.range ? `${d.range.start.line}:${d.range.start.column}` : "-";
      const level = d.severity === "error" ? c.red("error") : d.severity === "info" ? c.blue("info") : c.yellow("warning");
      // Messages quote node names and ids from the file: escaped, so a name cannot clear the screen or set the title.
      out.push(`  ${c.dim(where.padEnd(8))} ${level}  ${escapeTerminalText(d.message)}  ${c.dim(d.ruleId)}`);
      if (d.pointer) out.push(`    ${c.dim(`at ${escapeTerminalText(d.pointer)}`)}`);
      const frame = codeFrame(lines, d, c);
      if (frame) out.push(frame);
    }
    out.push("");
  }
  const total = errors + warnings;
  if (total === 0) {
    // Notes (info) are printed but are not problems.
    const notes = results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === "info").length, 0);
    const listed = out.length > 0 ? `${out.join("\n")}\n` : "";
    return `${listed}${c.green("✔")} ${toCount(results.length, "file")} checked, no problems${notes > 0 ? ` (${toCount(notes, "note")})` : ""}\n`;
  }
  const summary = `✖ ${toCount(total, "problem")} (${toCount(errors, "error")}, ${toCount(warnings, "warning")}) in ${toCount(results.length, "file")}`;
  out.push(errors ? c.red(c.bold(summary)) : c.yellow(c.bold(summary)));
  // As ESLint says it: what `--fix` would take care of, so the reader knows which findings cost nothing.
  const fixable = results.reduce((n, r) => n + r.diagnostics.filter((d) => d.fix && d.severity !== "info").length, 0);
  if (fixable > 0) out.push(c.dim(`  ${fixable} of them fixable with \`pathway lint --fix\` (changes that cannot alter a call).`));
  return `${out.join("\n")}\n`;
};
