// What a scenario run returns: pass or fail, the failures with their place, where the call ended, the trace and, for a persona run, its conversation, verdicts and tokens.
import type { TokenUsage } from "../model/chat-model.js";
import type { JudgeVerdict } from "./persona/judge.js";
import type { TranscriptLine } from "./persona/transcript.js";
import type { SimState, TraceEvent } from "./types.js";

export type { TokenUsage };

/** One expectation that did not hold (or a problem that stopped the scenario). */
export interface ScenarioFailure {
  message: string;
  /** 1-based user turn, absent for end-of-scenario expectations. */
  turn?: number;
  expected?: unknown;
  actual?: unknown;
  /** RFC 6901 pointer into the scenario file. */
  pointer: string;
  line?: number;
  column?: number;
}

/** Where a conversation ended up. */
export interface FinalState {
  status: SimState["status"];
  nodeId?: string;
  nodeName?: string;
  reason?: string;
  transferNumber?: string;
  /** The pathway a Transfer Pathway node handed the call to. */
  transferPathwayId?: string;
  turns: number;
  variables: Record<string, unknown>;
}

/** The outcome of one scenario: pass or fail, the failures, warnings and the trace (up to the failure). */
export interface ScenarioResult {
  name: string;
  /** `error`: it could not run at all (a live chat the service would not start); the failure says why. */
  status: "passed" | "failed" | "error";
  failures: ScenarioFailure[];
  /** Things worth knowing that do not fail the scenario (unset variables the agent used). */
  warnings: string[];
  final: FinalState;
  /** Node ids entered, in order. */
  path: string[];
  trace: TraceEvent[];
  /** A persona run: the conversation, line by line. */
  transcript?: TranscriptLine[];
  /** A persona run: each judge's verdict, in the order of `judges:`. */
  judges?: JudgeVerdict[];
  /** A persona run: the tokens its models used. */
  tokens?: RunTokens;
}

/** The tokens a persona run's models used, by the part each plays (the live agent's are the service's, not counted). */
export interface RunTokens {
  caller: TokenUsage;
  agent: TokenUsage;
  judge: TokenUsage;
}

/** The result of a scenario that could not run at all, saying why. */
export function toErrorResult(name: string, message: string): ScenarioResult {
  return {
    name,
    status: "error",
    failures: [{ message, pointer: "" }],
    warnings: [],
    final: { status: "active", turns: 0, variables: {} },
    path: [],
    trace: [],
  };
}
