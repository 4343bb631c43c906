// What N runs of one scenario say together: the pass rate, the distinct paths taken and how often, and each assertion's pass rate; and where offline and live runs part.
import type { ScenarioResult } from "./run.js";
import type { TraceEvent } from "./types.js";

/** One distinct path (node ids entered, in order) and how many runs took it. */
export interface PathCount {
  path: string[];
  count: number;
}

/** An assertion that failed in at least one run (a run stops at its first failure, so later ones go unchecked there). */
export interface AssertionRate {
  pointer: string;
  line?: number;
  column?: number;
  /** The first failure message seen for it. */
  message: string;
  failed: number;
  passRate: number;
}

/** The runs of one scenario together. */
export interface RepeatSummary {
  runs: number;
  passed: number;
  /** passed / runs, 0..1. */
  passRate: number;
  /** Distinct paths, most taken first. */
  paths: PathCount[];
  assertions: AssertionRate[];
}

/** Runs of one scenario added one at a time; holds the distinct paths and failing assertions, never the runs themselves. */
export interface RunTally {
  add(result: ScenarioResult): void;
  /** What the runs added so far say together. */
  summary(): RepeatSummary;
}

/** A tally for `--repeat`: its memory grows with the distinct paths taken, not with the number of runs. */
export function createRunTally(): RunTally {
  let runs = 0;
  let passed = 0;
  const paths = new Map<string, PathCount>();
  const assertions = new Map<string, AssertionRate>();
  return {
    add(r) {
      runs++;
      if (r.status === "passed") passed++;
      const key = JSON.stringify(r.path);
      const entry = paths.get(key);
      if (entry) entry.count++;
      else paths.set(key, { path: r.path, count: 1 });
      for (const f of r.failures) {
        const a = assertions.get(f.pointer);
        if (a) a.failed++;
        else
          assertions.set(f.pointer, {
            pointer: f.pointer,
            ...(f.line !== undefined && { line: f.line }),
            ...(f.column !== undefined && { column: f.column }),
            message: f.message,
            failed: 1,
            passRate: 0,
          });
      }
    },
    summary() {
      return {
        runs,
        passed,
        passRate: runs === 0 ? 0 : passed / runs,
        paths: [...paths.values()].map((p) => ({ ...p })).sort((a, b) => b.count - a.count),
        assertions: [...assertions.values()].map((a) => ({ ...a, passRate: runs === 0 ? 0 : (runs - a.failed) / runs })),
      };
    },
  };
}

/** Summarises the results of running one scenario several times. */
export function summariseRuns(results: readonly ScenarioResult[]): RepeatSummary {
  const tally = createRunTally();
  for (const r of results) tally.add(r);
  return tally.summary();
}

/** One user turn of an offline and a live run side by side. */
export interface TurnComparison {
  turn: number;
  user: string;
  /** Node id the offline run was at after the turn (undefined once it had stopped). */
  offline?: string;
  live?: string;
  diverged: boolean;
}

/** The node each user turn ended at, from a trace. */
function nodesAfterTurns(trace: readonly TraceEvent[]): Map<number, string> {
  const at = new Map<number, string>();
  let current: string | undefined;
  for (const e of trace) {
    if (e.type === "enter") current = e.nodeId;
    if (current !== undefined && e.turn > 0) at.set(e.turn, current);
  }
  return at;
}

/** Puts an offline and a live run of the same scenario side by side, turn by turn: a divergence marks an ambiguous label or prompt. */
export function compareRuns(turns: readonly { user: string }[], offline: ScenarioResult, live: ScenarioResult): TurnComparison[] {
  const a = nodesAfterTurns(offline.trace);
  const b = nodesAfterTurns(live.trace);
  return turns.map((t, i) => {
    const offlineNode = a.get(i + 1);
    const liveNode = b.get(i + 1);
    return {
      turn: i + 1,
      user: t.user,
      ...(offlineNode !== undefined && { offline: offlineNode }),
      ...(liveNode !== undefined && { live: liveNode }),
      diverged: offlineNode !== liveNode,
    };
  });
}
