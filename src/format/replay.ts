// Pure formatter of `pathway replay`: how many recorded calls still take the same path on the edited pathway, and where others part.
import { toCount } from "../escape/count.js";
import pc from "picocolors";
import type { ReplayOutcome } from "../calls/index.js";
import { escapeTerminalLine } from "../escape/terminal.js";

/** What `formatReplay` prints (the engine's ReplayResult). */
export interface ReplayReport {
  pathway: string;
  /** The pathway the calls ran on, when the replay compared with it. */
  base?: string;
  replayed: number;
  same: number;
  diverged: number;
  skipped: number;
  skippedReasons: readonly { reason: string; count: number }[];
  divergedCalls: readonly (ReplayOutcome & { where: string })[];
  read: { problemCount: number; problems: readonly { path: string; line?: number; message: string }[]; skipped?: readonly string[] };
}

/** Renders the replay: the summary line, each diverged call with its first point of divergence, skipped and unread inputs. */
export function formatReplay(report: ReplayReport, options: { color?: boolean; limit?: number } = {}): string {
  const c = pc.createColors(options.color ?? false);
  const limit = options.limit ?? 50;
  const out: string[] = [];
  // Call ids, node ids and paths come from records and files: every line passes the terminal escaper.
  for (const call of report.divergedCalls.slice(0, limit)) {
    const d = call.divergence!;
    out.push(`${c.red("diverged")} ${escapeTerminalLine(`${call.callId} (${call.where}) after ${toCount(d.step, "step")}: ${d.message}`)}`);
  }
  if (report.diverged > Math.min(limit, report.divergedCalls.length))
    out.push(`... and ${report.diverged - Math.min(limit, report.divergedCalls.length)} more (--format json lists up to 1,000)`);
  for (const s of report.skippedReasons) out.push(c.dim(escapeTerminalLine(`skipped ${s.count}: ${s.reason}`)));
  for (const p of report.read.problems.slice(0, limit))
    out.push(c.red(escapeTerminalLine(`not read: ${p.path}${p.line === undefined ? "" : `:${p.line}`}: ${p.message}`)));
  for (const skipped of report.read.skipped?.slice(0, limit) ?? []) out.push(c.yellow(escapeTerminalLine(skipped)));
  const summary = `${report.same} of ${toCount(report.replayed, "recorded call")} still take the same path on ${report.pathway}${report.base === undefined ? "" : ` (compared with ${report.base}, the pathway they ran on)`}`;
  // Without the pathway the calls ran on, a read of a variable a call never had may be the edit's or the call's own.
  if (report.base === undefined && report.replayed > 0)
    out.push(c.dim("{{variable}} reads were not compared: pass --base <the pathway file the calls ran on> to find reads the edit leaves unset"));
  out.push((report.diverged > 0 ? c.yellow : c.green)(escapeTerminalLine(summary)) + (report.diverged > 0 ? ` (${report.diverged} diverged)` : ""));
  return `${out.join("\n")}\n`;
}

/** What `formatReplayLive` prints (the engine's LiveReplayResult). */
export interface LiveReplayReport {
  pathwayId: string;
  version?: { requested: string; version?: number; hash: string };
  replayed: number;
  same: number;
  diverged: number;
  unknown: number;
  skippedReasons: readonly { reason: string; count: number }[];
  calls: readonly { callId: string; where: string; status: "same" | "diverged" | "unknown"; divergence?: { message: string }; reason?: string }[];
  read: ReplayReport["read"];
}

/** Renders a live replay: per call "same path" or where the live agent parted, then skipped and unread inputs and the summary. */
export function formatReplayLive(report: LiveReplayReport, options: { color?: boolean; limit?: number } = {}): string {
  const c = pc.createColors(options.color ?? false);
  const limit = options.limit ?? 50;
  const out: string[] = [];
  for (const call of report.calls.slice(0, limit)) {
    const what = call.status === "same" ? "same path" : call.status === "diverged" ? call.divergence!.message : `not compared: ${call.reason ?? ""}`;
    const label = call.status === "same" ? c.green("same") : call.status === "diverged" ? c.red("diverged") : c.yellow("unknown");
    out.push(`${label} ${escapeTerminalLine(`${call.callId} (${call.where}): ${what}`)}`);
  }
  if (report.calls.length > limit) out.push(`... and ${report.calls.length - limit} more (--format json lists them all)`);
  for (const s of report.skippedReasons) out.push(c.dim(escapeTerminalLine(`skipped ${s.count}: ${s.reason}`)));
  for (const p of report.read.problems.slice(0, limit))
    out.push(c.red(escapeTerminalLine(`not read: ${p.path}${p.line === undefined ? "" : `:${p.line}`}: ${p.message}`)));
  for (const skipped of report.read.skipped?.slice(0, limit) ?? []) out.push(c.yellow(escapeTerminalLine(skipped)));
  const v = report.version;
  const version = v ? ` version ${v.version ?? "unknown"}${v.requested === String(v.version) ? "" : ` (${v.requested})`}` : " (production)";
  const summary = `${report.same} of ${toCount(report.replayed, "recorded call")} take the same path live on pathway ${report.pathwayId}${version}`;
  out.push(
    (report.diverged > 0 ? c.yellow : c.green)(escapeTerminalLine(summary)) +
      (report.diverged > 0 ? ` (${report.diverged} diverged)` : "") +
      (report.unknown > 0 ? ` (${report.unknown} not compared)` : ""),
  );
  return `${out.join("\n")}\n`;
}
