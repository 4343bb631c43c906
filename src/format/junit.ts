// JUnit XML for CI test tabs: one <testsuite> per scenario file, one <testcase> per scenario; text through the one HTML/XML escaper.
import { escapeHtml } from "../escape/html.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { TestCaseReport } from "../simulate/index.js";
import { describeCaseTokens, toConversationLines, toVerdictLines } from "./persona-report.js";
import { toServerLines } from "./server-report.js";
import { toTraceLines, type TestFormatter } from "./test-report.js";

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function failureBody(r: TestCaseReport): string {
  const lines: string[] = [];
  for (const f of r.failures) {
    // A failure may quote the agent or the service: no control character reaches a CI page or terminal raw.
    lines.push(escapeTerminalText(f.message));
    lines.push(`  at ${r.file}${f.line !== undefined ? `:${f.line}:${f.column ?? 1}` : ""}${f.turn !== undefined ? ` (turn ${f.turn})` : ""}`);
    if (f.expected !== undefined) lines.push(`  expected: ${JSON.stringify(f.expected)}`);
    if (f.actual !== undefined) lines.push(`  actual:   ${JSON.stringify(f.actual)}`);
  }
  const verdicts = toVerdictLines(r);
  if (verdicts.length) lines.push("", "judges:", ...verdicts.map((v) => `  ${v.text}`));
  const service = toServerLines(r);
  if (service.length) lines.push("", ...service.map((l) => `${"  ".repeat(l.depth)}${l.text}`));
  if (r.transcript) lines.push("", "conversation:", ...toConversationLines(r).map((l) => `  ${l}`));
  else if (r.trace.length) lines.push("", "trace:", ...toTraceLines(r.trace).map((l) => `  ${l}`));
  return lines.join("\n");
}

/** What a case prints besides its failure: warnings, and a passing persona's verdicts, conversation and tokens. */
function systemOut(r: TestCaseReport): string[] {
  const out = r.warnings.map((w) => `warning: ${w}`);
  if (r.status === "passed") {
    const verdicts = toVerdictLines(r);
    if (verdicts.length) out.push("judges:", ...verdicts.map((v) => `  ${v.text}`));
    out.push(...toServerLines(r).map((l) => `${"  ".repeat(l.depth)}${l.text}`));
    if (r.transcript) out.push("conversation:", ...toConversationLines(r).map((l) => `  ${l}`));
  }
  const tokens = describeCaseTokens(r);
  if (tokens) out.push(`tokens: ${tokens}`);
  return out;
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
      if (r.tokens) props.push(["tokensIn", r.tokens.total.input], ["tokensOut", r.tokens.total.output]);
      for (const [i, v] of (r.judges ?? []).entries())
        props.push([`judge${i + 1}`, `${v.pass ? "pass" : "fail"}${v.score !== undefined ? ` ${v.score}` : ""}: ${v.criterion}`]);
      // Values from the service, with their controls made visible (a bidi control would reorder what a CI page shows).
      if (r.server)
        props.push(
          ["serviceScenario", escapeTerminalText(r.server.scenarioId)],
          ["serviceStatus", escapeTerminalText(r.server.status)],
          ...(r.server.runId !== undefined ? [["serviceRun", escapeTerminalText(r.server.runId)] as [string, string]] : []),
        );
      for (const [i, a] of (r.server?.assertions ?? []).entries())
        props.push([
          `assertion${i + 1}`,
          escapeTerminalText(
            `${a.passed === undefined ? "no result" : a.passed ? "pass" : "fail"}${a.score !== undefined ? ` ${a.score}` : ""}: ${a.name}${a.type ? ` (${a.type})` : ""}`,
          ),
        ]);
      const properties = props.length
        ? `      <properties>${props.map(([k, v]) => `<property name="${k}" value="${escapeHtml(String(v))}"/>`).join("")}</properties>`
        : undefined;
      const printed = systemOut(r);
      const warnings = printed.length ? `      <system-out>${escapeHtml(printed.join("\n"))}</system-out>` : undefined;
      if (r.status === "passed" && !warnings && !properties) {
        out.push(`${open}/>`);
        continue;
      }
      out.push(`${open}>`);
      if (properties) out.push(properties);
      if (r.status !== "passed") {
        const tag = r.status === "error" ? "error" : "failure";
        const message = escapeTerminalText(r.failures[0]?.message ?? r.status);
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
