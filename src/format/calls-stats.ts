// Pure formatter of `pathway calls stats`: production coverage of one pathway as a readable summary.
import { toCount } from "../escape/count.js";
import pc from "picocolors";
import type { CallStats } from "../calls/index.js";
import { escapeTerminalLine } from "../escape/terminal.js";

/** What `formatCallStats` prints: the stats, and the files or lines that held no call record. */
export interface CallStatsReport {
  pathway: string;
  stats: CallStats;
  read: {
    files: number;
    records: number;
    problemCount: number;
    problems: readonly { path: string; line?: number; message: string }[];
    skipped?: readonly string[];
  };
}

/** Options of `formatCallStats`; all optional. */
export interface CallStatsFormatOptions {
  /** How many items a list shows before "and N more" (default 20). */
  limit?: number;
  /** ANSI colours (default false). */
  color?: boolean;
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The share of calls mapped, said truthfully: a partly mapped call (some log entries matched nothing) is not a mapped
 * one, so with any of them the share is given twice, in full and at least in part.
 */
function describeMappedShare(stats: CallStats): string {
  if (stats.partial === 0) return `${percent(stats.mappedShare)} of calls mapped`;
  const full = stats.calls === 0 ? 0 : stats.mapped / stats.calls;
  return `${percent(full)} of calls mapped in full, ${percent(stats.mappedShare)} at least in part`;
}

/** Renders the stats as text: mapped share, per-node counts, what no call took, endings, variables never filled, problems. */
export function formatCallStats(report: CallStatsReport, options: CallStatsFormatOptions = {}): string {
  const limit = options.limit ?? 20;
  const c = pc.createColors(options.color ?? false);
  const { stats, read } = report;
  // Ids, names, reasons and paths come from files and records: each line passes the terminal escaper.
  const out: string[] = [];
  const line = (text: string) => out.push(escapeTerminalLine(text));
  const list = (items: readonly string[], show: (item: string) => string) => {
    for (const item of items.slice(0, limit)) line(`  ${show(item)}`);
    if (items.length > limit) out.push(`  ... and ${items.length - limit} more (--format json lists them all)`);
  };
  out.push(c.bold(`${escapeTerminalLine(report.pathway)}: ${toCount(stats.calls, "call")} from ${toCount(read.files, "file")}`));
  line(`  mapped ${stats.mapped}, partly mapped ${stats.partial}, not mapped ${stats.unmapped} (${describeMappedShare(stats)})`);
  for (const r of stats.notMappedReasons.slice(0, limit)) line(`  not mapped: ${r.count} × ${r.reason}`);
  for (const u of stats.unmappedSteps) line(`  unmapped log steps: ${u.count} × ${u.reason} (e.g. ${u.examples[0] ?? ""})`);
  const endings = Object.entries(stats.endings).map(([k, v]) => `${k} ${v}`);
  if (endings.length > 0) line(`  endings: ${endings.join(", ")}`);
  if (stats.unknownEventTypes.length > 0)
    line(
      `  event types not known to pathwaykit, read for their node only: ${stats.unknownEventTypes.map((t) => `${t.type} (${toCount(t.calls, "call")})`).join(", ")}`,
    );
  const reached = stats.nodes.filter((n) => n.reached > 0).sort((a, b) => b.reached - a.reached);
  if (reached.length > 0) {
    out.push(c.bold("Nodes reached (calls reached / ended there / error / voicemail)"));
    list(
      reached.map(
        (n) =>
          `${String(n.reached).padStart(7)} ${String(n.endedHere).padStart(6)} ${String(n.errors).padStart(5)} ${String(n.voicemail).padStart(5)}  "${n.name}" (${n.id})`,
      ),
      (s) => s,
    );
  }
  const hooked = stats.nodes
    .filter((n) => n.webhooks !== undefined)
    .sort((a, b) => b.webhooks!.failed - a.webhooks!.failed || b.webhooks!.invoked - a.webhooks!.invoked);
  if (hooked.length > 0) {
    out.push(c.bold("Webhooks per node (run / failed)"));
    list(
      hooked.map(
        (n) =>
          `${String(n.webhooks!.invoked).padStart(7)} ${String(n.webhooks!.failed).padStart(6)}  "${n.name}" (${n.id})${n.webhooks!.examples.length > 0 ? `: ${n.webhooks!.examples.join("; ")}` : ""}`,
      ),
      (s) => s,
    );
  }
  const changing = stats.nodes.filter((n) => n.variablesChanged !== undefined);
  if (changing.length > 0) {
    out.push(c.bold("Variables changed per node (calls)"));
    list(
      changing.map((n) => `"${n.name}" (${n.id}): ${n.variablesChanged!.map((v) => `${v.name} (${v.calls})`).join(", ")}`),
      (s) => s,
    );
  }
  if (stats.nodesNeverReached.length > 0) {
    out.push(c.yellow(`Nodes no call reached (${stats.nodesNeverReached.length})`));
    // By name and id, as every other list of nodes: the stats keep ids only (JSON readers join them to `nodes`).
    const names = new Map(stats.nodes.map((n) => [n.id, n.name]));
    list(stats.nodesNeverReached, (id) => ((names.get(id) ?? id) === id ? id : `"${names.get(id)}" (${id})`));
  }
  if (stats.waysNeverTaken.length > 0) {
    out.push(c.yellow(`Ways no call took (${stats.waysNeverTaken.length})`));
    list(stats.waysNeverTaken, (s) => s);
  }
  if (stats.variablesNeverFilled.length > 0) {
    out.push(c.yellow(`Extracted variables no call filled (${stats.variablesNeverFilled.length})`));
    list(stats.variablesNeverFilled, (s) => s);
  }
  if (read.problemCount > 0) {
    out.push(c.red(`Not read (${read.problemCount})`));
    list(
      read.problems.map((p) => `${p.path}${p.line === undefined ? "" : `:${p.line}`}: ${p.message}`),
      (s) => s,
    );
  }
  if (read.skipped?.length) {
    out.push(c.yellow(`Skipped (${read.skipped.length})`));
    list(read.skipped, (s) => s);
  }
  return `${out.join("\n")}\n`;
}
