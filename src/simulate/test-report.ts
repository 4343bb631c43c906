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
  /** `offline` (simulated) or `live` (the service's chat). */
  mode?: "offline" | "live";
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
  /** `tokens`: what every model request of the run used, when persona scenarios ran. */
  summary: { total: number; passed: number; failed: number; errors: number; durationMs: number; tokens?: TokenUsage };
}
