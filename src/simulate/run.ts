// Runs one scenario against a pathway: turn by turn, checking expectations, stopping at the first failure with the trace.
import type { Pathway } from "../model/index.js";
import { createKeywordDecider } from "./deciders/keyword.js";
import { checkExpect, collectWarnings, decisionProblems, toFinal } from "./expectations.js";
import { createInitialState, createInitialStateAsync, getVisitedPath, transition, transitionAsync } from "./transition.js";
import { createSimulator, findNode, resolveSimulatorOptions, type Simulator } from "./machine.js";
import type { ScenarioFailure, ScenarioResult } from "./result.js";
import { getEventsSince } from "./trace-log.js";
import type { Scenario, ScenarioLocator } from "./scenario.js";
import type { Decider, SimState, Turn, WebhookHandler } from "./types.js";
import { createMockWebhooks } from "./webhooks.js";

export * from "./result.js";

/** Options of `runScenario`; all optional. */
export interface RunScenarioOptions {
  /** A compiled simulator of the pathway, reused across scenarios (default: compiled from the pathway). */
  simulator?: Simulator;
  /** The llm decider, for scenarios with `decider: llm`. */
  llm?: Decider;
  /** Overrides the scenario's decider for every scenario. */
  decider?: Decider;
  /** Answers webhooks the scenario does not mock (live HTTP with --live). */
  webhook?: WebhookHandler;
  /** Locates scenario paths, so failures name their line. */
  locate?: ScenarioLocator;
}

type Step = { kind: "init" } | { kind: "turn"; state: SimState; turn: Turn };

function* runSteps(sim: Simulator, scenario: Scenario, locate: ScenarioLocator): Generator<Step, ScenarioResult, SimState> {
  const failures: ScenarioFailure[] = [];
  const at = (path: (string | number)[]) => ({ pointer: path.map((p) => `/${p}`).join(""), ...locate(path) });
  let state: SimState = yield { kind: "init" };
  for (const [i, t] of scenario.turns.entries()) {
    const turnNo = i + 1;
    if (state.status !== "active") {
      failures.push({
        message: `the conversation is already ${state.status} (${state.reason ?? "no reason"}), but the scenario has ${scenario.turns.length - i} more turn(s)`,
        turn: turnNo,
        ...at(["turns", i]),
      });
      break;
    }
    const turn: Turn = {
      user: t.user,
      ...(t.take !== undefined && { take: t.take }),
      ...(t.vars && { vars: t.vars }),
      ...(t.webhooks && { webhooks: t.webhooks as Turn["webhooks"] }),
      ...(t.transfer !== undefined && { transfer: t.transfer }),
    };
    const before = state;
    state = yield { kind: "turn", state, turn };
    // Only this turn's events: reading the whole trace every turn made long scenarios quadratic.
    const events = getEventsSince(before, state);
    for (const problem of decisionProblems(events)) {
      failures.push({ message: problem, turn: turnNo, ...at(t.take !== undefined ? ["turns", i, "take"] : ["turns", i]) });
    }
    if (failures.length > 0) break;
    if (state.status === "stopped" && t.expect?.status !== "stopped" && scenario.expect?.status !== "stopped") {
      failures.push({ message: `the conversation was stopped: ${state.reason}`, turn: turnNo, ...at(["turns", i]) });
      break;
    }
    if (t.expect) {
      for (const f of checkExpect(sim, state, t.expect, events)) {
        const { key, ...rest } = f;
        failures.push({ ...rest, turn: turnNo, ...at(["turns", i, "expect", ...key.split("/")]) });
      }
      if (failures.length > 0) break;
    }
  }
  if (failures.length === 0) {
    if (state.status === "stopped" && scenario.expect?.status !== "stopped")
      failures.push({ message: `the conversation was stopped: ${state.reason}`, ...at([]) });
    else if (scenario.expect) {
      for (const f of checkExpect(sim, state, scenario.expect, undefined)) {
        const { key, ...rest } = f;
        failures.push({ ...rest, ...at(["expect", ...key.split("/")]) });
      }
    }
  }
  return {
    name: scenario.name ?? "scenario",
    status: failures.length === 0 ? "passed" : "failed",
    failures,
    warnings: collectWarnings(sim, state.trace),
    final: toFinal(sim, state),
    path: getVisitedPath(state.trace),
    trace: [...state.trace],
  };
}

function prepare(pathway: Pathway, scenario: Scenario, options: RunScenarioOptions): { sim: Simulator; error?: string } {
  const base = options.simulator ?? createSimulator(pathway);
  let decider: Decider | undefined = options.decider;
  if (!decider && scenario.decider === "keyword") decider = createKeywordDecider(scenario.threshold !== undefined ? { threshold: scenario.threshold } : {});
  if (!decider && scenario.decider === "llm") {
    if (!options.llm)
      return {
        sim: base,
        error: "decider: llm needs a model endpoint: set PATHWAYKIT_LLM_BASE_URL and PATHWAYKIT_LLM_MODEL (and PATHWAYKIT_LLM_API_KEY if needed)",
      };
    decider = options.llm;
  }
  let startNodeId: string | undefined;
  if (scenario.start !== undefined) {
    const node = findNode(base, scenario.start);
    if (!node) return { sim: base, error: `start: "${scenario.start}" is not a node of the pathway (by id or name)` };
    startNodeId = node.id;
  }
  const config = resolveSimulatorOptions({
    ...(decider && { decider }),
    webhook: createMockWebhooks((scenario.webhooks ?? {}) as Record<string, { status: number; body?: unknown }>, options.webhook),
    // Custom Code and node tools are answered only by the scenario, never live.
    mocks: (scenario.webhooks ?? {}) as Record<string, { status: number; body?: unknown }>,
    ...(scenario.max_turns !== undefined && { maxTurns: scenario.max_turns }),
    ...(startNodeId !== undefined && { startNodeId }),
  });
  return { sim: { ...base, config } };
}

function errorResult(scenario: Scenario, message: string, locate: ScenarioLocator, path: (string | number)[]): ScenarioResult {
  return {
    name: scenario.name ?? "scenario",
    status: "failed",
    failures: [{ message, pointer: path.map((p) => `/${p}`).join(""), ...locate(path) }],
    warnings: [],
    final: { status: "active", turns: 0, variables: {} },
    path: [],
    trace: [],
  };
}

/**
 * The simulator a scenario runs on: its decider (`options.decider` over the scenario's own), its webhook answers,
 * max_turns and start node; or, as a failed result naming the key at fault, why it cannot run.
 */
export function createScenarioSimulator(
  pathway: Pathway,
  scenario: Scenario,
  options: RunScenarioOptions = {},
): { sim: Simulator } | { result: ScenarioResult } {
  const { sim, error } = prepare(pathway, scenario, options);
  if (error)
    return {
      result: errorResult(scenario, error, options.locate ?? (() => undefined), [
        scenario.start !== undefined && error.startsWith("start") ? "start" : "decider",
      ]),
    };
  return { sim };
}

/** What both runners share: the simulator and the step generator, or the result that says why there is none. */
function startRun(
  pathway: Pathway,
  scenario: Scenario,
  options: RunScenarioOptions,
): { sim: Simulator; steps: ReturnType<typeof runSteps> } | { result: ScenarioResult } {
  const locate = options.locate ?? (() => undefined);
  // A persona scenario has no turns to walk: its caller is a model (runPersonaScenario, runPersonaLive).
  if (scenario.persona !== undefined)
    return {
      result: errorResult(
        scenario,
        "a persona scenario is played by models: give it a caller model (pathway test --caller-model, or runPersonaScenario)",
        locate,
        ["persona"],
      ),
    };
  const made = createScenarioSimulator(pathway, scenario, options);
  if ("result" in made) return made;
  return { sim: made.sim, steps: runSteps(made.sim, scenario, locate) };
}

/** Runs a scenario synchronously (scripted and keyword deciders, mocked webhooks). */
export function runScenario(pathway: Pathway, scenario: Scenario, options: RunScenarioOptions = {}): ScenarioResult {
  const run = startRun(pathway, scenario, options);
  if ("result" in run) return run.result;
  const { sim, steps } = run;
  let r = steps.next(undefined as unknown as SimState);
  while (!r.done) {
    const step = r.value;
    r = steps.next(
      step.kind === "init"
        ? createInitialState(sim, { variables: scenario.request_data ?? {}, ...(scenario.call && { call: scenario.call }) })
        : transition(sim, step.state, step.turn),
    );
  }
  return r.value;
}

/** How a run moves on: the first state, and the state after each user turn (simulated, or a live chat). */
export interface ScenarioStepper {
  init(): SimState | Promise<SimState>;
  turn(state: SimState, turn: Turn): SimState | Promise<SimState>;
}

/** Runs a scenario's turns and expectations over any stepper, e.g. the live chat of `runScenarioLive`. */
export async function runScenarioWith(
  sim: Simulator,
  scenario: Scenario,
  stepper: ScenarioStepper,
  locate: ScenarioLocator = () => undefined,
): Promise<ScenarioResult> {
  const steps = runSteps(sim, scenario, locate);
  let r = steps.next(undefined as unknown as SimState);
  while (!r.done) {
    const step = r.value;
    r = steps.next(step.kind === "init" ? await stepper.init() : await stepper.turn(step.state, step.turn));
  }
  return r.value;
}

/** Runs a scenario with asynchronous deciders (llm) or webhook handlers (live HTTP). */
export async function runScenarioAsync(pathway: Pathway, scenario: Scenario, options: RunScenarioOptions = {}): Promise<ScenarioResult> {
  const run = startRun(pathway, scenario, options);
  if ("result" in run) return run.result;
  const { sim } = run;
  const initial = { variables: scenario.request_data ?? {}, ...(scenario.call && { call: scenario.call }) };
  return runScenarioWith(
    sim,
    scenario,
    { init: () => createInitialStateAsync(sim, initial), turn: (state, turn) => transitionAsync(sim, state, turn) },
    options.locate,
  );
}
