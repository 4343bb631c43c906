// What `pathway test` reports: one case per scenario file's scenario, coverage per pathway, and the totals.
import type { PathwayCoverage } from "./coverage.js";
import type { AssertionRate, PathCount, TurnComparison } from "./repeat.js";
import type { TokenUsage } from "../model/chat-model.js";
import type { JudgeVerdict } from "./persona/judge.js";
import type { TranscriptLine } from "./persona/transcript.js";
import type { RunTokens, ScenarioFailure } from "./result.js";
import type { TraceEvent } from "./types.js";

/** The tokens a scenario's persona runs used, by part and in all (with --repeat, all runs together). */
export interface TokenReport extends RunTokens {
  total: TokenUsage;
}

/** One scenario's outcome. `error`: the scenario file (or its pathway) could not be loaded. */
export interface TestCaseReport {
  /** The scenario file. */
  file: string;
  name: string;
  /** The pathway file the scenario ran on. */
  pathway?: string;
  status: "passed" | "failed" | "error";
  durationMs: number;
  failures: ScenarioFailure[];
  warnings: string[];
  /** The trace up to the end (or the failure); with --repeat, the first failing run's (else the first run's). */
  trace: TraceEvent[];
  /** `offline` (simulated), `live` (the service's chat) or `server` (the service's Agent Testing ran it). */
  mode?: "offline" | "live" | "server";
  /** With `--pathway-version`: the saved version the live runs chatted with and the hash of its content. */
  pathwayVersion?: { requested: string; version?: number; hash: string };
  /** With --repeat: how many runs, how many passed, and the rate (0..1). */
  runs?: number;
  passed?: number;
  passRate?: number;
  /** With --repeat: the distinct paths (node ids) taken and how often. */
  paths?: PathCount[];
  /** With --repeat: each assertion that failed in some run, with its own pass rate. */
  assertions?: AssertionRate[];
  /** With --compare: per turn, the node the offline run predicts beside the node the live agent reached. */
  compare?: TurnComparison[];
  /** A persona scenario: the conversation of the run shown (with --repeat, the first failing one's). */
  transcript?: TranscriptLine[];
  /** A persona scenario: each judge's verdict on the run shown. */
  judges?: JudgeVerdict[];
  /** A persona scenario: the tokens its models used. */
  tokens?: TokenReport;
  /** Run on the service's Agent Testing (`--server`): what the service said of it. */
  server?: ServerCaseReport;
}

/** One assertion's result as the service reported it, keyed to the scenario file's place when pathwaykit made it. */
export interface ServerAssertionResult {
  /** The assertion's name on the service (`expect.node: ...`, `judge 1: ...`), else its type. */
  name: string;
  type?: string;
  /** Undefined when the service gave no result for it. */
  passed?: boolean;
  score?: number;
  /** The service's words on it, when it gave some. */
  reason?: string;
  /** RFC 6901 pointer into the scenario file, for the assertions a push made from it. */
  pointer?: string;
}

/** A suggestion of the service's analysis (POST /runs/{id}/analyze), with the node it names as the local file names it. */
export interface ServerSuggestion {
  nodeId?: string;
  /** The node's name in the local pathway file, else as the service named it. */
  nodeName?: string;
  type?: string;
  description?: string;
  change?: string;
  /** 0..1. */
  confidence?: number;
}

/** What the service said of one scenario's run (or, with --repeat, of its simulation set). */
export interface ServerCaseReport {
  scenarioId: string;
  /** The run shown: the batch's run, or a simulation set's worst run. */
  runId?: string;
  /** The service's status (PASSED, FAILED, ERROR, CANCELLED, RUNNING...), as it said it. */
  status: string;
  /** 0..1, the run's overall score. */
  score?: number;
  /** Why the service could not run it (status ERROR). */
  error?: string;
  assertions: ServerAssertionResult[];
  /** With --repeat: the service's flakiness verdict and the failure modes it saw. */
  flaky?: boolean;
  failureModes?: string[];
  /** With --explain, for a run that did not pass: the service's analysis, or why it could not be read. */
  analysis?: { rootCause?: string; suggestions: ServerSuggestion[]; error?: string };
}

/** One batch or simulation set the service ran for a pathway. */
export interface ServerRunReport {
  pathwayId: string;
  batchId?: string;
  simulationSetId?: string;
  /** The service's last status of it. */
  status: string;
  /** False when pathwaykit stopped waiting before it ended (the time limit, or interrupted): it may still run on the service. */
  finished: boolean;
  /** Why pathwaykit stopped waiting. */
  stopped?: "time limit" | "interrupted";
}

/** Coverage of one pathway over every scenario run on it. */
export interface TestCoverageReport extends PathwayCoverage {
  /** The pathway file. */
  pathway: string;
}

/** Everything `pathway test` found: per scenario results, coverage (with --coverage) and the totals. */
export interface TestReport {
  results: TestCaseReport[];
  coverage?: TestCoverageReport[];
  /** Coverage below `--min-coverage`, as messages. */
  coverageFailures?: string[];
  /** Symbolic links a folder or glob met that lead outside the project, as warnings: nothing was read from them. */
  skipped?: string[];
  /** With --server: each batch or simulation set the service ran. */
  server?: ServerRunReport[];
  /** `tokens`: what every model request of the run used, when persona scenarios ran. */
  summary: { total: number; passed: number; failed: number; errors: number; durationMs: number; tokens?: TokenUsage };
}

/** The totals of `results`, `startedMs` being performance.now() when the run started. */
export function summarizeResults(results: readonly TestCaseReport[], startedMs: number): TestReport["summary"] {
  const count = (status: TestCaseReport["status"]) => results.filter((r) => r.status === status).length;
  return { total: results.length, passed: count("passed"), failed: count("failed"), errors: count("error"), durationMs: performance.now() - startedMs };
}
