// Pure reporters for `pathway test`: the report shape, stylish (human) and json; junit and tap live beside this file.
import { escapeTerminalText } from "../escape/terminal.js";
import pc from "picocolors";

/** A failure as reporters see it (structurally equal to the simulator's ScenarioFailure). */
export interface TestFailure {
  message: string;
  turn?: number;
  expected?: unknown;
  actual?: unknown;
  pointer: string;
  line?: number;
  column?: number;
}

/** A trace event as reporters see it: a `type`, a `turn`, and the fields of that type. */
export type TestTraceEvent = { type: string; turn: number } & Record<string, unknown>;

/** One scenario's outcome. `error`: the scenario file (or its pathway) could not be loaded. */
export interface TestCaseReport {
  /** The scenario file. */
  file: string;
  name: string;
  /** The pathway file the scenario ran on. */
  pathway?: string;
  status: "passed" | "failed" | "error";
  durationMs: number;
  failures: TestFailure[];
  warnings: string[];
  /** The trace up to the end (or the failure); with --repeat, the first failing run's (else the first run's). */
  trace: TestTraceEvent[];
  /** `offline` (simulated) or `live` (the service's chat). */
  mode?: "offline" | "live";
  /** With --repeat: how many runs, how many passed, and the rate (0..1). */
  runs?: number;
  passed?: number;
  passRate?: number;
  /** With --repeat: the distinct paths (node ids) taken and how often. */
  paths?: { path: string[]; count: number }[];
  /** With --repeat: each assertion that failed in some run, with its own pass rate. */
  assertions?: { pointer: string; line?: number; column?: number; message: string; failed: number; passRate: number }[];
  /** With --compare: per turn, the node the offline run predicts beside the node the live agent reached. */
  compare?: { turn: number; user: string; offline?: string; live?: string; diverged: boolean }[];
}

/** Coverage of one category, as reporters see it. */
export interface TestCoverageCategory {
  covered: number;
  total: number;
  percent: number;
  untested: { id: string; label: string }[];
  unreachable: { id: string; label: string }[];
}

/** Coverage of one pathway over every scenario run on it. */
export interface TestCoverageReport {
  pathway: string;
  nodes: TestCoverageCategory;
  edges: TestCoverageCategory;
  globals: TestCoverageCategory;
}

/** Everything `pathway test` found: per scenario results, coverage (with --coverage) and the totals. */
export interface TestReport {
  results: TestCaseReport[];
  coverage?: TestCoverageReport[];
  /** Coverage below `--min-coverage`, as messages. */
  coverageFailures?: string[];
  summary: { total: number; passed: number; failed: number; errors: number; durationMs: number };
}

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

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** One line per trace event, for humans (also used in JUnit and TAP failure bodies). */
export function toTraceLines(trace: readonly TestTraceEvent[], limit = 40): string[] {
  const names = new Map<string, string>();
  for (const e of trace) if (e.type === "enter" && typeof e.nodeName === "string") names.set(String(e.nodeId), e.nodeName);
  const node = (id: unknown) => (names.has(String(id)) ? `"${names.get(String(id))}"` : `id ${String(id)}`);
  const lines = trace.map((e) => {
    const t = `turn ${e.turn}`.padEnd(8);
    switch (e.type) {
      case "enter": return `${t} at ${node(e.nodeId)} (${String(e.nodeType)})`;
      case "say": return `${t}   agent (${String(e.speech)}): ${show(clip(String(e.text), 100))}${Array.isArray(e.unset) && e.unset.length ? `  [unset: ${e.unset.join(", ")}]` : ""}`;
      case "user": return `${t} caller: ${show(clip(String(e.text), 100))}`;
      case "vars": return `${t}   vars (${String(e.how)}): ${clip(JSON.stringify(e.set), 120)}`;
      case "decide": {
        const d = e.decision as { kind: string; reason: string };
        return `${t}   ${String(e.decider)} decider: ${d.kind} (${clip(d.reason, 120)})`;
      }
      case "move": return `${t}   → ${node(e.to)} via ${String(e.via)}${e.edgeId !== undefined ? ` (edge ${String(e.edgeId)})` : ""}`;
      case "webhook": return `${t}   webhook ${String(e.method)} ${clip(String(e.url), 80)} → ${String(e.status)}`;
      case "code": return `${t}   ${e.kind === "tool" ? "tool" : "custom code"} ${show(clip(String(e.name), 60))}: ${e.answered ? "answered by the scenario" : "not run (no answer in the scenario)"}`;
      case "end": return `${t} ${String(e.status)}: ${String(e.reason)}${e.transferNumber !== undefined ? ` (${String(e.transferNumber)})` : ""}`;
      default: return `${t} ${e.type}`;
    }
  });
  // Names, texts and reasons come from files: no control character reaches the terminal (or a JUnit/TAP body) raw.
  const safe = lines.map(escapeTerminalText);
  return safe.length > limit ? ["…", ...safe.slice(-limit)] : safe;
}

function where(file: string, f: TestFailure): string {
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
      out.push(c.underline(r.file));
    }
    const mark = r.status === "passed" ? c.green("✔") : c.red("✖");
    const rate = r.passRate !== undefined ? ` ${c.bold(`${(r.passRate * 100).toFixed(0)}%`)} of ${r.runs} runs passed` : "";
    const mode = r.mode === "live" ? c.cyan(" [live]") : "";
    out.push(`  ${mark} ${escapeTerminalText(r.name)}${mode}${r.status === "error" ? c.red(" (could not run)") : ""}${rate} ${c.dim(`${r.durationMs.toFixed(0)} ms`)}`);
    if (r.paths && r.paths.length > 1) for (const p of r.paths) out.push(`    ${c.dim(`${p.count}×`)} ${escapeTerminalText(p.path.join(" → "))}`);
    for (const a of r.assertions ?? []) out.push(`    ${c.yellow(`${(a.passRate * 100).toFixed(0)}%`)} ${escapeTerminalText(a.message)} ${c.dim(`(failed in ${a.failed} run${a.failed === 1 ? "" : "s"}; ${a.pointer})`)}`);
    for (const t of r.compare ?? []) {
      const row = escapeTerminalText(`turn ${t.turn}: offline ${t.offline ?? "(stopped)"} | live ${t.live ?? "(stopped)"}  ${clip(t.user, 60)}`);
      out.push(`    ${t.diverged ? c.red(`≠ ${row}`) : c.dim(`= ${row}`)}`);
    }
    for (const f of r.failures) {
      out.push(`    ${c.red(escapeTerminalText(f.message))}`);
      out.push(`      ${c.dim(`at ${where(r.file, f)}${f.turn !== undefined ? ` (turn ${f.turn})` : ""}`)}`);
      if (f.expected !== undefined || f.actual !== undefined) {
        out.push(`      ${c.green("expected:")} ${escapeTerminalText(clip(show(f.expected), 300))}`);
        out.push(`      ${c.red("actual:  ")} ${escapeTerminalText(clip(show(f.actual), 300))}`);
      }
    }
    if (r.status === "failed" && r.trace.length > 0) {
      out.push(`    ${c.dim("trace up to the failure:")}`);
      for (const line of toTraceLines(r.trace, options.traceLimit ?? 40)) out.push(`      ${c.dim(line)}`);
    }
    for (const w of r.warnings) out.push(`    ${c.yellow("warning")} ${escapeTerminalText(w)}`);
  }
  if (report.coverage && (options.coverage ?? true)) {
    for (const cov of report.coverage) {
      out.push("", c.bold(`Coverage of ${cov.pathway}`));
      out.push(`  ${"".padEnd(8)} ${"covered".padStart(9)} ${"percent".padStart(8)} ${"unreachable".padStart(12)}`);
      for (const kind of ["nodes", "edges", "globals"] as const) {
        const k = cov[kind];
        const pct = `${k.percent.toFixed(1)}%`;
        const colored = k.percent >= 100 ? c.green(pct.padStart(8)) : k.percent >= 80 ? c.yellow(pct.padStart(8)) : c.red(pct.padStart(8));
        out.push(`  ${kind.padEnd(8)} ${`${k.covered}/${k.total}`.padStart(9)} ${colored} ${String(k.unreachable.length).padStart(12)}`);
      }
      for (const kind of ["nodes", "edges", "globals"] as const) {
        const k = cov[kind];
        if (k.untested.length) out.push(escapeTerminalText(`  untested ${kind} (reachable, no scenario visits them): ${k.untested.map((i) => `${i.label} [${i.id}]`).join("; ")}`));
        if (k.unreachable.length) out.push(escapeTerminalText(`  unreachable ${kind} (no scenario can visit them; see pathway lint): ${k.unreachable.map((i) => `${i.label} [${i.id}]`).join("; ")}`));
      }
    }
  }
  for (const f of report.coverageFailures ?? []) out.push(c.red(`✖ ${f}`));
  const s = report.summary;
  const summary = `${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""} (${s.total} scenario${s.total === 1 ? "" : "s"}, ${s.durationMs.toFixed(0)} ms)`;
  const bad = s.failed + s.errors > 0 || (report.coverageFailures?.length ?? 0) > 0;
  out.push("", bad ? c.red(c.bold(`✖ ${summary}`)) : c.green(c.bold(`✔ ${summary}`)));
  return out.join("\n") + "\n";
};

/** `--format json`: the report object itself. */
export const formatTestJson: TestFormatter = (report) => JSON.stringify(report, null, 2) + "\n";
