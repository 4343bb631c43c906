// TAP version 13: one test point per scenario, failures as YAML diagnostics blocks.
import { escapeTerminalText } from "../escape/terminal.js";
import { toTraceLines, type TestFormatter } from "./test-report.js";

/** A YAML scalar that is always safe: a JSON string (JSON strings are valid YAML). */
function scalar(value: unknown): string {
  return JSON.stringify(typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)));
}

/** TAP descriptions may not contain "#" (a directive) or newlines; TAP is read on terminals, so controls are made visible. */
function description(text: string): string {
  return escapeTerminalText(text.replace(/[\r\n]+/g, " ")).replace(/#/g, "\\#");
}

/** `--format tap`: TAP version 13 with a YAML block under each failure. */
export const formatTestTap: TestFormatter = (report) => {
  const out = ["TAP version 13", `1..${report.results.length}`];
  report.results.forEach((r, i) => {
    const title = description(`${r.file} > ${r.name}`);
    if (r.status === "passed") {
      out.push(`ok ${i + 1} - ${title}`);
      return;
    }
    out.push(`not ok ${i + 1} - ${title}`, "  ---");
    const f = r.failures[0];
    out.push(`  message: ${scalar(f?.message ?? r.status)}`);
    out.push(`  severity: ${r.status === "error" ? "error" : "fail"}`);
    if (f) {
      out.push(`  at: ${scalar(`${r.file}${f.line !== undefined ? `:${f.line}:${f.column ?? 1}` : ""}`)}`);
      if (f.turn !== undefined) out.push(`  turn: ${f.turn}`);
      if (f.expected !== undefined) out.push(`  expected: ${scalar(f.expected)}`);
      if (f.actual !== undefined) out.push(`  actual: ${scalar(f.actual)}`);
    }
    if (r.failures.length > 1) {
      out.push("  failures:");
      for (const g of r.failures) out.push(`    - ${scalar(g.message)}`);
    }
    if (r.trace.length) {
      out.push("  trace:");
      for (const line of toTraceLines(r.trace)) out.push(`    - ${scalar(line)}`);
    }
    out.push("  ...");
  });
  const s = report.summary;
  out.push(`# tests ${s.total}`, `# pass ${s.passed}`, `# fail ${s.failed + s.errors}`);
  for (const f of report.coverageFailures ?? []) out.push(`# ${f}`);
  for (const s of report.skipped ?? []) out.push(`# ${description(s)}`);
  return `${out.join("\n")}\n`;
};
