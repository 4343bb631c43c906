// Runs the scenario jobs of a test run: live ones a few at a time, offline ones in turn; a tally per scenario, never every run kept.
import { performance } from "node:perf_hooks";
import type { ScenarioResult, TestCaseReport, TraceEvent } from "../../simulate/index.js";
import * as sim from "../../simulate/index.js";
import type { TestedVersion } from "../project/live-version.js";
import type { ProgressEvent } from "../progress.js";

/** What `runJobs` reads of the run's options. */
export interface RunJobsOptions {
  repeat?: number;
  live?: boolean;
  compare?: boolean;
  concurrency?: number;
  minPassRate?: number;
  onProgress?: (event: ProgressEvent) => void;
}

/** A scenario ready to run: what its result needs besides the runs. */
export type Job = {
  shown: string;
  name: string;
  entry: { display: string; traces: TraceEvent[][] };
  scenario: sim.Scenario;
  runOnce: () => Promise<ScenarioResult> | ScenarioResult;
  offline: () => Promise<ScenarioResult> | ScenarioResult;
  liveWarnings: string[];
  /** With `pathwayVersion`: the version the runs chatted with. */
  tested?: TestedVersion;
  /** Milliseconds spent reading and checking it before it ran. */
  preparedMs: number;
  /** Its runs wait on models or the network: they run `concurrency` at a time even offline. */
  networked?: boolean;
};

/** What a scenario's runs leave behind: a tally, the runs a report shows, and the distinct traces coverage needs. */
type JobRuns = {
  tally: sim.RunTally;
  /** Run 0 (compared with the offline prediction), and the first failing and first erroring run by the order started. */
  shown: Map<"first" | "failed" | "error", { index: number; result: ScenarioResult }>;
  allErrors: boolean;
  /** Traces told apart by what coverage reads of them (nodes entered, edges taken, global jumps). */
  traces: Map<string, TraceEvent[]>;
  left: number;
  /** Milliseconds its own runs took, added up (its runs overlap others' in the pool). */
  ms: number;
  /** The tokens of its persona runs, added up (none for a scripted scenario). */
  tokens?: sim.RunTokens;
};

/** The part of a trace coverage reads, as a key: identical runs of a repeated scenario keep one trace between them. */
function coverageKey(trace: readonly TraceEvent[]): string {
  return JSON.stringify(
    trace.flatMap((e): unknown[] => (e.type === "enter" ? [e.nodeId] : e.type === "move" ? [[e.from, e.to, e.edgeId ?? null, e.via]] : [])),
  );
}

/** Adds one finished run to its scenario's record, keeping only what the report and coverage use. */
function record(runs: JobRuns, index: number, result: ScenarioResult): void {
  runs.tally.add(result);
  const keep = (which: "first" | "failed" | "error") => {
    const known = runs.shown.get(which);
    if (!known || index < known.index) runs.shown.set(which, { index, result });
  };
  if (index === 0) keep("first");
  if (result.status === "failed") keep("failed");
  if (result.status === "error") keep("error");
  else runs.allErrors = false;
  const key = coverageKey(result.trace);
  if (!runs.traces.has(key)) runs.traces.set(key, result.trace);
  if (result.tokens) {
    runs.tokens ??= sim.createRunTokens();
    for (const part of ["caller", "agent", "judge"] as const) sim.addTokens(runs.tokens[part], result.tokens[part]);
  }
}

/**
 * Runs every job's runs, live ones up to `concurrency` at a time across scenarios (a suite of single runs is as parallel
 * as one repeated scenario), offline ones one after another; returns the results in file order. Runs are made as
 * workers take them and are not kept: memory does not grow with --repeat (30,000,000 runs once grew to 2.9 GB).
 */
export async function runJobs(slots: readonly (TestCaseReport | Job)[], options: RunJobsOptions): Promise<TestCaseReport[]> {
  const jobs = slots.filter((slot): slot is Job => "runOnce" in slot);
  const repeat = options.repeat ?? 1;
  // --compare's runs are live chats too (the offline prediction is worked out afterwards).
  const live = options.live || options.compare;
  const runsOf = new Map(
    jobs.map((job): [Job, JobRuns] => [
      job,
      { tally: sim.createRunTally(), shown: new Map(), allErrors: true, traces: new Map(), left: repeat, ms: job.preparedMs },
    ]),
  );
  let done = 0;
  let next = 0;
  const total = jobs.length * repeat;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const job = jobs[Math.floor(n / repeat)]!;
      const runs = runsOf.get(job)!;
      const start = performance.now();
      const result = await Promise.resolve()
        .then(job.runOnce)
        // A run that throws is that run's error (the others, and other scenarios, go on): never the whole report.
        .catch((error: unknown) => sim.toErrorResult(job.name, `the run failed: ${error instanceof Error ? error.message : String(error)}`));
      runs.ms += performance.now() - start;
      // Kept by the order started (not finished), so the run shown and compared does not depend on timing.
      record(runs, n % repeat, result);
      if (--runs.left === 0) options.onProgress?.({ done: ++done, total: jobs.length, detail: job.shown });
    }
  };
  const parallel = live || jobs.some((job) => job.networked);
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel ? (options.concurrency ?? 4) : 1, total)) }, worker));
  const results: TestCaseReport[] = [];
  for (const slot of slots) {
    if (!("runOnce" in slot)) {
      results.push(slot);
      continue;
    }
    const runs = runsOf.get(slot)!;
    const first = runs.shown.get("first")!.result;
    const comparison =
      options.compare && first.status !== "error" && slot.scenario.persona === undefined
        ? sim.compareRuns(slot.scenario.turns, await slot.offline(), first)
        : undefined;
    slot.entry.traces.push(...runs.traces.values());
    // One case per scenario: a repeated one passes on its pass rate, and shows its first failing run (else one that could
    // not run). It could not run (exit 2, not 1) only when none of its runs could: then nothing was learnt about the agent.
    const shownRun = (runs.shown.get("failed") ?? runs.shown.get("error") ?? runs.shown.get("first")!).result;
    const summary = runs.tally.summary();
    const repeated = repeat > 1;
    const passed = repeated ? summary.passRate >= (options.minPassRate ?? 1) : shownRun.status === "passed";
    const status = runs.allErrors ? "error" : passed ? "passed" : "failed";
    results.push({
      file: slot.shown,
      name: slot.name,
      pathway: slot.entry.display,
      status,
      durationMs: runs.ms,
      failures: status === "passed" ? [] : shownRun.failures,
      warnings: [...slot.liveWarnings, ...shownRun.warnings],
      trace: shownRun.trace,
      ...(live && { mode: "live" }),
      ...(slot.tested && { pathwayVersion: slot.tested }),
      // When no run could run, the "assertions" are only that reason again, already the case's failure: not listed twice.
      ...(repeated && {
        runs: summary.runs,
        passed: summary.passed,
        passRate: summary.passRate,
        paths: summary.paths,
        assertions: status === "error" ? [] : summary.assertions,
      }),
      ...(comparison && { compare: comparison }),
      ...(shownRun.transcript && { transcript: shownRun.transcript }),
      ...(shownRun.judges && { judges: shownRun.judges }),
      ...(runs.tokens && { tokens: { ...runs.tokens, total: sim.totalTokens(runs.tokens) } }),
    });
  }
  return results;
}
