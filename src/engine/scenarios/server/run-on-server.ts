// Runs scenarios already on the service as one batch (or, repeated, one simulation set) of a pathway's version, waits for the result, and makes the report's cases.
import type { PathwayClient, ServerBatch, ServerRun, ServerSimulationSet } from "../../../remote/index.js";
import { isObject } from "../../../model/pathway.js";
import type { ServerRunReport, TestCaseReport } from "../../../simulate/index.js";
import type { TestedVersion } from "../../project/live-version.js";
import { POLL_DEFAULTS, pollUntil, type PollOptions, type PollResult } from "./poll.js";
import { serviceText, toAnalysis, toServerCase, toServerPart, toTranscript, type CaseSubject } from "./server-results.js";

/** How a run on the service goes: repeats (a simulation set), the pass rate, the analysis, and how long and how often to wait; all optional. */
export interface ServerRunOptions extends PollOptions {
  /** Runs of each scenario: above 1, a simulation set (`simulations_per_scenario`). Default 1, a batch. */
  repeat?: number;
  /** With repeat: the share of its runs a scenario must pass (0..1). Default 1. */
  minPassRate?: number;
  /** Ask the service to analyse each run that did not pass (POST /runs/{id}/analyze). Default false. */
  explain?: boolean;
  /** Told when the service has started a batch or simulation set (what pathwaykit then waits for). */
  onStart?: (started: { pathwayId: string; batchId?: string; simulationSetId?: string }) => void;
}

/** A scenario on the service, ready to run. */
export interface PreparedScenario {
  subject: CaseSubject;
  scenarioId: string;
  /** The service's assertions (as read back), which name the results. */
  held: unknown;
  /** The name of a node of the local pathway file by id, for the analysis's suggestions. */
  nodeName?: (id: string) => string | undefined;
  warnings: string[];
}

/** Statuses the documentation gives as final for a batch, a simulation set and a run. */
const FINAL = new Set(["PASSED", "FAILED", "ERROR", "CANCELLED"]);

/** Details of at most this many runs that did not pass are read (their conversation and assertions). */
const MAX_DETAILS = 20;

/** Why a scenario has no final result: pathwaykit stopped waiting for it, and where it goes on. */
function unfinished(poll: PollResult<unknown>, what: string, maxWaitMs: number): string {
  const limit = maxWaitMs >= 60_000 ? `${Math.round(maxWaitMs / 60_000)} min` : maxWaitMs >= 1_000 ? `${Math.round(maxWaitMs / 1_000)} s` : `${maxWaitMs} ms`;
  const why = poll.stopped === "interrupted" ? "interrupted" : `not finished within the time limit (${limit}; --max-wait)`;
  return `${why}: ${what} may still run on the service (there is no documented way to cancel it)${poll.lastError ? `; the last read failed: ${poll.lastError.message}` : ""}`;
}

/** The run's details when it did not pass: the batch's summary lacks the conversation (and may lack the results). */
async function withDetails(client: PathwayClient, run: ServerRun | undefined, budget: { left: number }): Promise<ServerRun | undefined> {
  if (!run || run.status === "PASSED" || !FINAL.has(String(run.status)) || budget.left <= 0) return run;
  budget.left--;
  try {
    return { ...run, ...(await client.getRun(run.id)) };
  } catch {
    return run;
  }
}

/** Asks for the analysis of each case's run that did not pass, and keeps it (or why it could not be read) in the case. */
async function explain(client: PathwayClient, cases: TestCaseReport[], prepared: readonly PreparedScenario[]): Promise<void> {
  for (const [i, c] of cases.entries()) {
    const runId = c.server?.runId;
    if (c.status !== "failed" || !c.server || runId === undefined) continue;
    try {
      c.server.analysis = toAnalysis(await client.analyzeRun(runId), prepared[i]!.nodeName ?? (() => undefined));
    } catch (error) {
      c.server.analysis = { suggestions: [], error: (error as Error).message };
    }
  }
}

/** Runs `prepared` as one batch on version `versionNumber` (production when undefined) and reports each scenario. */
async function runBatch(
  client: PathwayClient,
  pathwayId: string,
  versionNumber: number | undefined,
  prepared: readonly PreparedScenario[],
  options: ServerRunOptions,
): Promise<{ cases: TestCaseReport[]; run: ServerRunReport }> {
  const { batchId } = await client.runBatch({ scenarioIds: prepared.map((p) => p.scenarioId), ...(versionNumber !== undefined && { versionNumber }) });
  options.onStart?.({ pathwayId, batchId });
  const total = prepared.length;
  const finishedRuns = (b: ServerBatch) => b.runs.filter((r) => FINAL.has(String(r.status))).length;
  const poll = await pollUntil(
    () => client.getBatch(batchId),
    (b) => FINAL.has(b.status) || (b.runs.length >= total && finishedRuns(b) >= total),
    options,
  );
  let runs = poll.value?.runs ?? [];
  // A final batch whose answer lists no runs: they are read from the runs list (documented query batch_id).
  if (poll.finished && prepared.some((p) => !runs.some((r) => r.scenario_id === p.scenarioId || (isObject(r.scenario) && r.scenario.id === p.scenarioId))))
    runs = await client.listRuns({ batchId }).catch(() => runs);
  const budget = { left: MAX_DETAILS };
  const maxWait = options.maxWaitMs ?? POLL_DEFAULTS.maxWaitMs;
  const cases: TestCaseReport[] = [];
  for (const p of prepared) {
    const found = runs.find((r) => r.scenario_id === p.scenarioId || (isObject(r.scenario) && r.scenario.id === p.scenarioId));
    const run = await withDetails(client, found, budget);
    const server = toServerPart(p.scenarioId, run, p.held, p.subject.own);
    const done = run !== undefined && FINAL.has(server.status);
    const why = done
      ? undefined
      : poll.finished
        ? `the service's batch ${batchId} ended ${serviceText(poll.value?.status) ?? "without a status"} without a final run of this scenario`
        : unfinished(poll, `batch ${batchId}`, maxWait);
    const transcript = toTranscript(run?.chat_history);
    // A run still RUNNING (or never started) is a case that could not run, saying why (toServerCase).
    cases.push(
      toServerCase(p.subject, server, {
        ...(typeof run?.duration_ms === "number" && { durationMs: run.duration_ms }),
        ...(transcript && { transcript }),
        ...(why !== undefined && { unfinished: why }),
        warnings: p.warnings,
      }),
    );
  }
  const status = serviceText(poll.value?.status)?.slice(0, 40) ?? "UNKNOWN";
  return { cases, run: { pathwayId, batchId, status, finished: poll.finished, ...(poll.stopped && { stopped: poll.stopped }) } };
}

/** Runs `prepared` as one simulation set (each `repeat` times) and reports each scenario's pass rate against `minPassRate`. */
async function runSet(
  client: PathwayClient,
  pathwayId: string,
  versionNumber: number | undefined,
  prepared: readonly PreparedScenario[],
  options: ServerRunOptions,
): Promise<{ cases: TestCaseReport[]; run: ServerRunReport }> {
  const repeat = options.repeat ?? 1;
  const { simulationSetId } = await client.createSimulationSet({
    scenarioIds: prepared.map((p) => p.scenarioId),
    simulationsPerScenario: repeat,
    pathwayId,
    ...(versionNumber !== undefined && { versionNumber }),
  });
  options.onStart?.({ pathwayId, simulationSetId });
  const poll = await pollUntil(
    () => client.getSimulationSet(simulationSetId),
    (s: ServerSimulationSet) => FINAL.has(s.status),
    options,
  );
  const maxWait = options.maxWaitMs ?? POLL_DEFAULTS.maxWaitMs;
  const min = options.minPassRate ?? 1;
  const budget = { left: MAX_DETAILS };
  const cases: TestCaseReport[] = [];
  for (const p of prepared) {
    const stats = poll.value?.perScenario[p.scenarioId];
    const rate = typeof stats?.pass_rate === "number" && stats.pass_rate >= 0 && stats.pass_rate <= 1 ? stats.pass_rate : undefined;
    if (!poll.finished || !stats || rate === undefined) {
      const why = poll.finished
        ? `the service's simulation set ${simulationSetId} ended ${serviceText(poll.value?.status) ?? "without a status"} with no pass rate for this scenario`
        : unfinished(poll, `simulation set ${simulationSetId}`, maxWait);
      cases.push(
        toServerCase(
          p.subject,
          { scenarioId: p.scenarioId, status: serviceText(poll.value?.status)?.slice(0, 40) ?? "UNKNOWN", assertions: [] },
          { unfinished: why, warnings: p.warnings },
        ),
      );
      cases.at(-1)!.status = "error";
      continue;
    }
    const runs = typeof stats.total_runs === "number" ? stats.total_runs : repeat;
    const passed = typeof stats.passed === "number" ? stats.passed : Math.round(rate * runs);
    const worstId = typeof stats.worst_run_id === "string" && stats.worst_run_id !== "" ? stats.worst_run_id : undefined;
    const worst = rate < min && worstId !== undefined ? await withDetails(client, { id: worstId, status: "FAILED" }, budget) : undefined;
    // Without a run to show (a scenario that met the rate), no assertion has a result to list.
    const server = {
      ...toServerPart(p.scenarioId, worst, p.held, p.subject.own),
      ...(worst === undefined && { status: rate >= min ? "PASSED" : "FAILED", assertions: [] }),
    };
    const modes = Array.isArray(stats.common_failure_modes)
      ? stats.common_failure_modes
          .map(serviceText)
          .filter((m): m is string => m !== undefined)
          .slice(0, 10)
      : [];
    const transcript = toTranscript(worst?.chat_history);
    const c = toServerCase(
      p.subject,
      { ...server, ...(typeof stats.is_flaky === "boolean" && { flaky: stats.is_flaky }), ...(modes.length > 0 && { failureModes: modes }) },
      { ...(transcript && { transcript }), warnings: p.warnings },
    );
    c.status = rate >= min ? "passed" : "failed";
    Object.assign(c, { runs, passed, passRate: rate });
    if (c.status === "failed")
      c.failures.unshift({
        message: `passed ${passed} of ${runs} runs on the service (${Math.round(rate * 100)}%), below the ${Math.round(min * 100)}% asked (--min-pass-rate)`,
        pointer: "",
      });
    else c.failures = [];
    cases.push(c);
  }
  return {
    cases,
    run: {
      pathwayId,
      simulationSetId,
      status: serviceText(poll.value?.status)?.slice(0, 40) ?? "UNKNOWN",
      finished: poll.finished,
      ...(poll.stopped && { stopped: poll.stopped }),
    },
  };
}

/**
 * Runs the prepared scenarios of one pathway on the service, on version `versionNumber` (production when undefined):
 * a batch, or with `repeat` above 1 a simulation set; with `explain`, the analysis of each run that did not pass.
 * Each case names the version tested (`tested`) when one was resolved.
 */
export async function runOnServer(
  client: PathwayClient,
  group: { pathwayId: string; versionNumber?: number; tested?: TestedVersion },
  prepared: readonly PreparedScenario[],
  options: ServerRunOptions = {},
): Promise<{ cases: TestCaseReport[]; run: ServerRunReport }> {
  const ran =
    (options.repeat ?? 1) > 1
      ? await runSet(client, group.pathwayId, group.versionNumber, prepared, options)
      : await runBatch(client, group.pathwayId, group.versionNumber, prepared, options);
  if (options.explain && !options.signal?.aborted) await explain(client, ran.cases, prepared);
  if (group.tested) for (const c of ran.cases) c.pathwayVersion = group.tested;
  return ran;
}
