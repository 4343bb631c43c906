// Runs a persona scenario: a caller model talks to the agent (a model offline, the service's chat live) turn by turn, then the expectations and each judge decide.
import type { ChatModel } from "../../model/chat-model.js";
import type { Pathway } from "../../model/schema.js";
import { createModelDecider } from "../deciders/llm.js";
import { checkExpect, collectWarnings, decisionProblems, toFinal } from "../expectations.js";
import { getSimNodeName, type Simulator } from "../machine.js";
import { createScenarioSimulator, type ScenarioStepper } from "../run.js";
import type { RunTokens, ScenarioFailure, ScenarioResult } from "../result.js";
import type { Scenario, ScenarioLocator } from "../scenario.js";
import { getEventsSince } from "../trace-log.js";
import { getVisitedPath } from "../transition.js";
import type { SimState, WebhookHandler } from "../types.js";
import { readCallerReply, toCallerRequest } from "./caller.js";
import { readVerdict, toJudgeRequest, toJudgeSpec, type JudgeEvidence, type JudgeVerdict } from "./judge.js";
import { createModelAgentStepper } from "./model-agent.js";
import { countTokens, createRunTokens } from "./tokens.js";
import { getTranscript } from "./transcript.js";

/** The turns a persona talks at most when the scenario does not say (bland-cli's simulate uses the same). */
export const DEFAULT_PERSONA_TURNS = 20;

/** The models of a persona run besides the agent: the caller, and the judge when the scenario has judges. */
export interface PersonaModels {
  caller: ChatModel;
  judge?: ChatModel;
}

/** Options of `runPersonaWith`; all optional. */
export interface PersonaRunOptions {
  locate?: ScenarioLocator;
  /** A cap on every scenario's turns (`--max-turns`), below its own max_turns. */
  maxTurns?: number;
  /** The run's token tally; the agent's stepper counts into its `agent` part. Default: a fresh one. */
  tokens?: RunTokens;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The turns this scenario may take: its max_turns (default 20), under the cap. */
export function getPersonaTurns(scenario: Scenario, cap?: number): number {
  return Math.min(scenario.max_turns ?? DEFAULT_PERSONA_TURNS, cap ?? Number.POSITIVE_INFINITY);
}

/** How the call ended, in words a judge and a report read. */
function describeEnding(sim: Simulator, state: SimState, by: "caller" | "turns" | "agent", turns: number): string {
  if (state.status === "ended") return `the agent ended the call${state.reason ? ` (${state.reason})` : ""}`;
  if (state.status === "transferred") return `the agent transferred the call${state.transferNumber ? ` to ${state.transferNumber}` : ""}`;
  if (state.status === "stopped") return `the run stopped: ${state.reason ?? "no reason given"}`;
  const at = getSimNodeName(state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId)) ?? state.nodeId ?? "the start";
  return by === "caller" ? `the caller hung up ([END]) at "${at}"` : `still going at "${at}" after max_turns (${turns})`;
}

/** Places a failure in the scenario file. */
type At = (path: (string | number)[]) => { pointer: string; line?: number; column?: number };

/** How a conversation went: its last state, what ended it, and the failures that broke it off (a model or the chat failed). */
interface Conversation {
  state: SimState;
  by: "caller" | "turns" | "agent";
  failures: ScenarioFailure[];
}

/** The caller and the agent take turns from the stepper's first state until the call ends, the caller hangs up, or `maxTurns`. */
async function converse(
  stepper: ScenarioStepper,
  caller: ChatModel,
  persona: NonNullable<Scenario["persona"]>,
  maxTurns: number,
  at: At,
): Promise<Conversation> {
  let state: SimState = await stepper.init();
  const broken = (message: string, turn: number): Conversation => ({ state, by: "agent", failures: [{ message, turn, ...at(["persona"]) }] });
  for (let turn = 1; state.status === "active"; turn++) {
    if (turn > maxTurns) return { state, by: "turns", failures: [] };
    let said: ReturnType<typeof readCallerReply>;
    try {
      said = readCallerReply((await caller.complete(toCallerRequest(persona, getTranscript(state.trace)))).text);
    } catch (error) {
      return broken(`the caller model failed at turn ${turn}: ${errorText(error)}`, turn);
    }
    if (said.text === "" && !said.end) return broken(`the caller model said nothing at turn ${turn} (neither words nor [END])`, turn);
    if (said.text !== "") {
      const before = state;
      try {
        state = await stepper.turn(state, { user: said.text });
      } catch (error) {
        return broken(`the agent failed at turn ${turn}: ${errorText(error)}`, turn);
      }
      const problems = decisionProblems(getEventsSince(before, state));
      if (problems.length > 0) return { state, by: "agent", failures: problems.map((message) => ({ message, turn, ...at(["persona"]) })) };
    }
    if (said.end) return { state, by: "caller", failures: [] };
  }
  return { state, by: "agent", failures: [] };
}

/** Each judge's verdict on the run, in order, and the failures of those that did not pass. */
async function askJudges(
  judges: NonNullable<Scenario["judges"]>,
  judge: ChatModel | undefined,
  evidence: JudgeEvidence,
  at: At,
): Promise<{ verdicts: JudgeVerdict[]; failures: ScenarioFailure[] }> {
  const verdicts: JudgeVerdict[] = [];
  const failures: ScenarioFailure[] = [];
  for (const [i, entry] of judges.entries()) {
    const spec = toJudgeSpec(entry);
    let verdict: JudgeVerdict;
    if (!judge) verdict = { ...spec, pass: false, reason: "no judge model was given (--judge-model)", error: true };
    else {
      try {
        verdict = readVerdict((await judge.complete(toJudgeRequest(spec.criterion, evidence))).text, spec);
      } catch (error) {
        verdict = { ...spec, pass: false, reason: errorText(error), error: true };
      }
    }
    verdicts.push(verdict);
    if (!verdict.pass) {
      const expected = spec.threshold === undefined ? "pass" : `a score of at least ${spec.threshold}`;
      const actual = verdict.error ? "no verdict" : spec.threshold === undefined ? "fail" : `score ${verdict.score}`;
      failures.push({ message: describeFailedJudge(verdict), ...at(["judges", i]), expected, actual });
    }
  }
  return { verdicts, failures };
}

/**
 * Plays a persona scenario over `stepper` (the model agent's, or the live chat's): the caller model speaks, the agent
 * answers, until the call ends, the caller answers [END], or max_turns. Then the end expectations are checked and each
 * judge gives its verdict in a request of its own; a failed judge fails the scenario. A model or chat that fails
 * stops the run and fails the scenario with the reason (no judge is asked then). Never throws for a model's answer;
 * rejects only when the stepper cannot start (the chat, or the agent's first words).
 */
export async function runPersonaWith(
  sim: Simulator,
  scenario: Scenario,
  stepper: ScenarioStepper,
  models: PersonaModels,
  options: PersonaRunOptions = {},
): Promise<ScenarioResult> {
  const locate = options.locate ?? (() => undefined);
  const at: At = (path) => ({ pointer: path.map((p) => `/${p}`).join(""), ...locate(path) });
  const tokens = options.tokens ?? createRunTokens();
  const maxTurns = getPersonaTurns(scenario, options.maxTurns);
  const { state, by, failures } = await converse(stepper, countTokens(models.caller, tokens.caller), scenario.persona!, maxTurns, at);
  const broken = failures.length > 0;
  if (!broken) {
    if (state.status === "stopped" && scenario.expect?.status !== "stopped")
      failures.push({ message: `the conversation was stopped: ${state.reason}`, ...at(["persona"]) });
    else if (scenario.expect)
      for (const { key, ...rest } of checkExpect(sim, state, scenario.expect, undefined)) failures.push({ ...rest, ...at(["expect", ...key.split("/")]) });
  }
  const transcript = getTranscript(state.trace);
  const path = getVisitedPath(state.trace);
  let judges: JudgeVerdict[] = [];
  if (!broken && scenario.judges) {
    const variables = Object.fromEntries(Object.entries(state.variables).filter(([k]) => k !== "prevNodePrompt" && k !== "lastUserMessage"));
    const evidence = {
      transcript,
      path: path.map((id) => getSimNodeName(sim.nodes.get(id)) ?? id),
      variables,
      ending: describeEnding(sim, state, by, maxTurns),
    };
    const asked = await askJudges(scenario.judges, models.judge && countTokens(models.judge, tokens.judge), evidence, at);
    judges = asked.verdicts;
    failures.push(...asked.failures);
  }
  const final = toFinal(sim, state);
  if (by === "caller" && state.status === "active") final.reason = "the caller hung up ([END])";
  if (by === "turns" && state.status === "active") final.reason = `max_turns (${maxTurns}) reached`;
  return {
    name: scenario.name ?? "scenario",
    status: failures.length === 0 ? "passed" : "failed",
    failures,
    warnings: collectWarnings(sim, state.trace),
    final,
    path,
    trace: [...state.trace],
    transcript,
    ...(scenario.judges && { judges }),
    tokens,
  };
}

/** A failed verdict as a failure message: the criterion, and the reason (or why there is no verdict). */
function describeFailedJudge(v: JudgeVerdict): string {
  if (v.error) return `judge "${v.criterion}" gave no verdict: ${v.reason}`;
  const low =
    v.threshold !== undefined && v.score !== undefined && v.score < v.threshold ? ` scored ${v.score}, below its threshold ${v.threshold}` : " failed";
  return `judge "${v.criterion}"${low}: ${v.reason || "(no reason given)"}`;
}

/** Options of `runPersonaScenario`. */
export interface PersonaScenarioOptions extends PersonaModels, PersonaRunOptions {
  /** The model that plays the agent: it speaks each node's prompt, reads variables and routes (unless the scenario says `decider: keyword`). */
  agent: ChatModel;
  /** A compiled simulator of the pathway, reused across scenarios. */
  simulator?: Simulator;
  /** Answers webhooks the scenario does not mock (live HTTP with --live-webhooks). */
  webhook?: WebhookHandler;
}

/** Runs a persona scenario offline: the agent model plays the pathway on the simulator, the caller model the persona. */
export async function runPersonaScenario(pathway: Pathway, scenario: Scenario, options: PersonaScenarioOptions): Promise<ScenarioResult> {
  const tokens = options.tokens ?? createRunTokens();
  const agent = countTokens(options.agent, tokens.agent);
  const made = createScenarioSimulator(pathway, scenario, {
    ...(options.simulator && { simulator: options.simulator }),
    ...(options.locate && { locate: options.locate }),
    ...(options.webhook && { webhook: options.webhook }),
    // A persona's words are free text: scripted routing would never move, so the agent model routes them.
    ...(scenario.decider !== "keyword" && { decider: createModelDecider(agent) }),
  });
  if ("result" in made) return made.result;
  const stepper = createModelAgentStepper(made.sim, {
    agent,
    initial: { variables: scenario.request_data ?? {}, ...(scenario.call && { call: scenario.call }) },
  });
  return runPersonaWith(made.sim, scenario, stepper, options, { ...options, tokens }).catch((error: unknown): ScenarioResult => {
    // Only the agent's first words can throw here (later failures are the run's failures): the agent model failed.
    const place = { pointer: "/persona", ...(options.locate ?? (() => undefined))(["persona"]) };
    const failure = { message: `the agent failed before the caller spoke: ${errorText(error)}`, ...place };
    return {
      name: scenario.name ?? "scenario",
      status: "failed",
      failures: [failure],
      warnings: [],
      final: { status: "active", turns: 0, variables: {} },
      path: [],
      trace: [],
      tokens,
    };
  });
}
