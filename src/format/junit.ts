// JUnit XML for CI test tabs: one <testsuite> per scenario file, one <testcase> per scenario; text through the one HTML/XML escaper.
import { escapeHtml } from "../escape/html.js";
import type { TestCaseReport } from "../simulate/index.js";
import { toTraceLines, type TestFormatter } from "./test-report.js";

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function failureBody(r: TestCaseReport): string {
  const lines: string[] = [];
  for (const f of r.failures) {
    lines.push(`${f.message}`);
    lines.push(`  at ${r.file}${f.line !== undefined ? `:${f.line}:${f.column ?? 1}` : ""}${f.turn !== undefined ? ` (turn ${f.turn})` : ""}`);
    if (f.expected !== undefined) lines.push(`  expected: ${JSON.stringify(f.expected)}`);
    if (f.actual !== undefined) lines.push(`  actual:   ${JSON.stringify(f.actual)}`);
  }
  if (r.trace.length) lines.push("", "trace:", ...toTraceLines(r.trace).map((l) => `  ${l}`));
  return lines.join("\n");
}

/** `--format junit`: valid JUnit XML (testsuites › testsuite per file › testcase per scenario). */
export const formatTestJunit: TestFormatter = (report) => {
  const byFile = new Map<string, TestCaseReport[]>();
  for (const r of report.results) {
    let list = byFile.get(r.file);
    if (!list) byFile.set(r.file, (list = []));
    list.push(r);
  }
  const s = report.summary;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pathway test" tests="${s.total}" failures="${s.failed}" errors="${s.errors}" time="${seconds(s.durationMs)}">`,
  ];
  for (const [file, results] of byFile) {
    const failures = results.filter((r) => r.status === "failed").length;
    const errors = results.filter((r) => r.status === "error").length;
    const time = results.reduce((t, r) => t + r.durationMs, 0);
    out.push(
      `  <testsuite name="${escapeHtml(file)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(time)}">`,
    );
    for (const r of results) {
      const open = `    <testcase name="${escapeHtml(r.name)}" classname="${escapeHtml(file)}" time="${seconds(r.durationMs)}"`;
      // A repeated scenario is one testcase; its pass rate (and runs) are properties CI tools show, as is the saved version a live run tested.
      const props: [string, string | number][] = [];
      if (r.passRate !== undefined) props.push(["passRate", r.passRate], ["runs", r.runs ?? 0], ["passed", r.passed ?? 0]);
      if (r.pathwayVersion)
        props.push(
          ["pathwayVersion", r.pathwayVersion.version ?? r.pathwayVersion.requested],
          ["pathwayVersionRequested", r.pathwayVersion.requested],
          ["pathwayHash", r.pathwayVersion.hash],
        );
      const properties = props.length
        ? `      <properties>${props.map(([k, v]) => `<property name="${k}" value="${escapeHtml(String(v))}"/>`).join("")}</properties>`
        : undefined;
      const warnings = r.warnings.length ? `      <system-out>${escapeHtml(r.warnings.map((w) => `warning: ${w}`).join("\n"))}</system-out>` : undefined;
      if (r.status === "passed" && !warnings && !properties) {
        out.push(`${open}/>`);
        continue;
      }
      out.push(`${open}>`);
      if (properties) out.push(properties);
      if (r.status !== "passed") {
        const tag = r.status === "error" ? "error" : "failure";
        const message = r.failures[0]?.message ?? r.status;
        out.push(
          `      <${tag} message="${escapeHtml(message)}" type="${r.status === "error" ? "ScenarioError" : "ExpectationFailed"}">${escapeHtml(failureBody(r))}</${tag}>`,
        );
      }
      if (warnings) out.push(warnings);
      out.push("    </testcase>");
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return `${out.join("\n")}\n`;
};
