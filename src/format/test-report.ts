// Pure reporters for `pathway test` over the simulate layer's TestReport: stylish (human) and json; junit and tap live beside this file.
import { toCount } from "../escape/count.js";
import { toJsonText } from "../escape/json.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape/terminal.js";
import type { ScenarioFailure, TestReport, TraceEvent } from "../simulate/index.js";
import pc from "picocolors";
import { describeCaseTokens, describeUsage, toConversationLines, toVerdictLines } from "./persona-report.js";
import { toServerLines } from "./server-report.js";
import { clipToLine } from "../escape/clip.js";

/** Options of the test reporters; all optional. */
export interface TestFormatOptions {
  /** ANSI colours (stylish). Default false. */
  color?: boolean;
  /** Print the coverage tables (stylish). Default: when the report has coverage. */
  coverage?: boolean;
  /** Trace events shown before a failure (stylish). Default 40. */
  traceLimit?: number;
}

/** A reporter: a pure function of the report. */
export type TestFormatter = (report: TestReport, options?: TestFormatOptions) => string;

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** One line per trace event, for humans (also used in JUnit and TAP failure bodies). */
export function toTraceLines(trace: readonly TraceEvent[], limit = 40): string[] {
  const names = new Map<string, string>();
  for (const e of trace) if (e.type === "enter" && typeof e.nodeName === "string") names.set(e.nodeId, e.nodeName);
  const node = (id: string) => (names.has(id) ? `"${names.get(id)}"` : `id ${id}`);
  const lines = trace.map((e) => {
    const t = `turn ${e.turn}`.padEnd(8);
    switch (e.type) {
      case "enter":
        return `${t} at ${node(e.nodeId)} (${e.nodeType})`;
      case "say":
        return `${t}   agent (${e.speech}): ${show(clipToLine(e.text, 100))}${e.unset.length ? `  [unset: ${e.unset.join(", ")}]` : ""}`;
      case "user":
        return `${t} caller: ${show(clipToLine(e.text, 100))}`;
      case "vars":
        return `${t}   vars (${e.how}): ${clipToLine(JSON.stringify(e.set), 120)}`;
      case "decide":
        return `${t}   ${e.decider} decider: ${e.decision.kind} (${clipToLine(e.decision.reason, 120)})`;
      case "move":
        return `${t}   → ${node(e.to)} via ${e.via}${e.edgeId !== undefined ? ` (edge ${e.edgeId})` : ""}`;
      case "webhook":
        return `${t}   webhook ${e.method} ${clipToLine(e.url, 80)} → ${e.status}`;
      case "code":
        return `${t}   ${e.kind === "tool" ? "tool" : "custom code"} ${show(clipToLine(e.name, 60))}: ${e.answered ? "answered by the scenario" : "not run (no answer in the scenario)"}`;
      case "end":
        return `${t} ${e.status}: ${e.reason}${e.transferNumber !== undefined ? ` (${e.transferNumber})` : ""}`;
      // A trace read back from JSON may hold an event type this version does not know: named, not dropped.
      default:
        return `${t} ${(e as { type: string }).type}`;
    }
  });
  // Names, texts and reasons come from files: no control character reaches the terminal (or a JUnit/TAP body) raw.
  const safe = lines.map(escapeTerminalText);
  return safe.length > limit ? ["…", ...safe.slice(-limit)] : safe;
}

function where(file: string, f: ScenarioFailure): string {
  return f.line !== undefined ? `${file}:${f.line}:${f.column ?? 1}` : file;
}

/** Human output: a line per scenario, details and the trace under each failure, coverage tables, a summary. */
export const formatTestStylish: TestFormatter = (report, options = {}) => {
  const c = pc.createColors(options.color ?? false);
  const out: string[] = [];
  let currentFile: string | undefined;
  for (const r of report.results) {
    if (r.file !== currentFile) {
      currentFile = r.file;
      // A file name or scenario name with a newline must not start a line that passes for a result.
      out.push(c.underline(escapeTerminalLine(r.file)));
    }
    const mark = r.status === "passed" ? c.green("✔") : c.red("✖");
    const rate = r.passRate !== undefined ? ` ${c.bold(`${(r.passRate * 100).toFixed(0)}%`)} of ${toCount(r.runs ?? 0, "run")} passed` : "";
    const v = r.pathwayVersion;
    const tested = v ? `, version ${v.version ?? "unknown"}${v.requested === String(v.version) ? "" : ` (${v.requested})`} ${v.hash.slice(0, 19)}` : "";
    const mode = r.mode === "live" || r.mode === "server" ? c.cyan(` [${r.mode === "server" ? "service" : "live"}${escapeTerminalText(tested)}]`) : "";
    out.push(
      `  ${mark} ${escapeTerminalLine(r.name)}${mode}${r.status === "error" ? c.red(" (could not run)") : ""}${rate} ${c.dim(`${r.durationMs.toFixed(0)} ms`)}`,
    );
    if (r.paths && r.paths.length > 1) for (const p of r.paths) out.push(`    ${c.dim(`${p.count}×`)} ${escapeTerminalText(p.path.join(" → "))}`);
    for (const a of r.assertions ?? [])
      out.push(
        `    ${c.yellow(`${(a.passRate * 100).toFixed(0)}%`)} ${escapeTerminalText(a.message)} ${c.dim(`(failed in ${toCount(a.failed, "run")}${a.pointer ? `; ${a.pointer}` : ""})`)}`,
      );
    for (const t of r.compare ?? []) {
      const row = escapeTerminalText(`turn ${t.turn}: offline ${t.offline ?? "(stopped)"} | live ${t.live ?? "(stopped)"}  ${clipToLine(t.user, 60)}`);
      out.push(`    ${t.diverged ? c.red(`≠ ${row}`) : c.dim(`= ${row}`)}`);
    }
    for (const f of r.failures) {
      out.push(`    ${c.red(escapeTerminalText(f.message))}`);
      out.push(`      ${c.dim(`at ${escapeTerminalLine(where(r.file, f))}${f.turn !== undefined ? ` (turn ${f.turn})` : ""}`)}`);
      if (f.expected !== undefined || f.actual !== undefined) {
        out.push(`      ${c.green("expected:")} ${escapeTerminalText(clipToLine(show(f.expected), 300))}`);
        out.push(`      ${c.red("actual:  ")} ${escapeTerminalText(clipToLine(show(f.actual), 300))}`);
      }
    }
    for (const v of toVerdictLines(r)) out.push(`    ${v.pass ? c.green(v.text) : c.red(v.text)}`);
    for (const l of toServerLines(r))
      out.push(
        `    ${"  ".repeat(l.depth)}${l.kind === "pass" ? c.green(l.text) : l.kind === "fail" ? c.red(l.text) : l.kind === "none" ? c.yellow(l.text) : c.dim(l.text)}`,
      );
    if (r.status === "failed" && r.transcript) {
      // A persona's conversation says more than its trace; the trace stays in --format json.
      out.push(`    ${c.dim("conversation:")}`);
      for (const line of toConversationLines(r)) out.push(`      ${line}`);
    } else if (r.status === "failed" && r.trace.length > 0) {
      out.push(`    ${c.dim("trace up to the failure:")}`);
      for (const line of toTraceLines(r.trace, options.traceLimit ?? 40)) out.push(`      ${c.dim(line)}`);
    }
    const tokens = describeCaseTokens(r);
    if (tokens) out.push(`    ${c.dim(tokens)}`);
    for (const w of r.warnings) out.push(`    ${c.yellow("warning")} ${escapeTerminalText(w)}`);
  }
  if (report.coverage && (options.coverage ?? true)) {
    for (const cov of report.coverage) {
      out.push("", c.bold(`Coverage of ${escapeTerminalText(cov.pathway)}`));
      out.push(`  ${"".padEnd(8)} ${"covered".padStart(9)} ${"percent".padStart(8)} ${"unreachable".padStart(12)}`);
      for (const kind of ["nodes", "edges", "globals"] as const) {
        const k = cov[kind];
        const pct = `${k.percent.toFixed(1)}%`;
        const colored = k.percent >= 100 ? c.green(pct.padStart(8)) : k.percent >= 80 ? c.yellow(pct.padStart(8)) : c.red(pct.padStart(8));
        out.push(`  ${kind.padEnd(8)} ${`${k.covered}/${k.total}`.padStart(9)} ${colored} ${String(k.unreachable.length).padStart(12)}`);
      }
      for (const kind of ["nodes", "edges", "globals"] as const) {
        const k = cov[kind];
        if (k.untested.length)
          out.push(escapeTerminalText(`  untested ${kind} (reachable, no scenario visits them): ${k.untested.map((i) => `${i.label} [${i.id}]`).join("; ")}`));
        if (k.unreachable.length)
          out.push(
            escapeTerminalText(
              `  unreachable ${kind} (no scenario can visit them; see pathway lint): ${k.unreachable.map((i) => `${i.label} [${i.id}]`).join("; ")}`,
            ),
          );
      }
    }
  }
  for (const f of report.coverageFailures ?? []) out.push(c.red(`✖ ${escapeTerminalText(f)}`));
  for (const s of report.skipped ?? []) out.push(c.yellow(`⚠ ${escapeTerminalText(s)}`));
  const s = report.summary;
  const summary = `${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""} (${toCount(s.total, "scenario")}, ${s.durationMs.toFixed(0)} ms${s.tokens ? `; ${describeUsage(s.tokens)}` : ""})`;
  const bad = s.failed + s.errors > 0 || (report.coverageFailures?.length ?? 0) > 0;
  out.push("", bad ? c.red(c.bold(`✖ ${summary}`)) : c.green(c.bold(`✔ ${summary}`)));
  return `${out.join("\n")}\n`;
};

/** `--format json`: the report object itself. */
export const formatTestJson: TestFormatter = (report) => toJsonText(report);
