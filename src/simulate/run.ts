// Runs one scenario against a pathway: turn by turn, checking expectations, stopping at the first failure with the trace.
import type { Pathway } from "../model/index.js";
import { createKeywordDecider } from "./deciders/keyword.js";
import { createInitialState, createInitialStateAsync, getVisitedPath, transition, transitionAsync } from "./transition.js";
import { createSimulator, findNode, getSimNodeName, matchesNode, resolveSimulatorOptions, type Simulator } from "./machine.js";
import { compileTextPattern } from "./text-pattern.js";
import { getEventsSince } from "./trace-log.js";
import type { EndExpect, Scenario, ScenarioLocator, TextExpect, TurnExpect } from "./scenario.js";
import type { Decider, SimState, TraceEvent, Turn, WebhookHandler } from "./types.js";
import { getVariable } from "./variables.js";
import { createMockWebhooks } from "./webhooks.js";

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

type Step = { kind: "init" } | { kind: "turn"; state: SimState; turn: Turn };

function loose(expected: unknown, actual: unknown): boolean {
  if (expected === actual) return true;
  const primitive = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  if (primitive(expected) && primitive(actual)) return String(expected) === String(actual);
  if (Array.isArray(expected) && Array.isArray(actual)) return expected.length === actual.length && expected.every((e, i) => loose(e, actual[i]));
  if (expected && actual && typeof expected === "object" && typeof actual === "object" && !Array.isArray(expected) && !Array.isArray(actual)) {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    return [...keys].every((k) => loose(e[k], a[k]));
  }
  return false;
}

function checkText(expect: TextExpect, said: string): string | undefined {
  if (typeof expect === "string") return said.toLowerCase().includes(expect.toLowerCase()) ? undefined : `to contain ${JSON.stringify(expect)}`;
  if (expect.contains !== undefined && !said.toLowerCase().includes(expect.contains.toLowerCase())) return `to contain ${JSON.stringify(expect.contains)}`;
  if (expect.matches !== undefined) {
    const pattern = compileTextPattern(expect.matches);
    if (!pattern.ok) return `to match /${expect.matches}/, but ${pattern.message}`;
    if (!pattern.test(said)) return `to match /${expect.matches}/`;
  }
  if (expect.equals !== undefined && said !== expect.equals) return `to equal ${JSON.stringify(expect.equals)}`;
  return undefined;
}

function nodeLabel(sim: Simulator, id: string | undefined): string {
  if (id === undefined) return "(none)";
  const name = getSimNodeName(sim.nodes.get(id));
  return name ? `"${name}" (id ${id})` : `id ${id}`;
}

function toFinal(sim: Simulator, state: SimState): FinalState {
  const nodeName = getSimNodeName(state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId));
  return {
    status: state.status,
    ...(state.nodeId !== undefined && { nodeId: state.nodeId }),
    ...(nodeName !== undefined && { nodeName }),
    ...(state.reason !== undefined && { reason: state.reason }),
    ...(state.transferNumber !== undefined && { transferNumber: state.transferNumber }),
    ...(state.transferPathwayId !== undefined && { transferPathwayId: state.transferPathwayId }),
    turns: state.turn,
    variables: { ...state.variables },
  };
}

function unknownNode(sim: Simulator, ref: string): boolean {
  if (sim.nodes.has(ref)) return false;
  for (const node of sim.nodes.values()) if (matchesNode(node, ref)) return false;
  return true;
}

/** A failed expectation before it gets its place: `key` is its path under `expect`. */
type Check = Omit<ScenarioFailure, "pointer" | "turn"> & { key: string };

/** Checks a turn's (or the end's) expectations on the state; returns failures without place information. */
function checkExpect(sim: Simulator, state: SimState, expect: TurnExpect & EndExpect, events: readonly TraceEvent[] | undefined): Check[] {
  const failures: Check[] = [];
  const here = state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId);
  if (expect.node !== undefined) {
    if (unknownNode(sim, expect.node))
      failures.push({
        key: "node",
        message: `expect.node: "${expect.node}" is not a node of the pathway (by id or name)`,
        expected: expect.node,
        actual: nodeLabel(sim, state.nodeId),
      });
    else if (!matchesNode(here, expect.node))
      failures.push({
        key: "node",
        message: `expected to be at "${expect.node}", but the conversation is at ${nodeLabel(sim, state.nodeId)}`,
        expected: expect.node,
        actual: nodeLabel(sim, state.nodeId),
      });
  }
  if (expect.said !== undefined) {
    const said = (events ?? state.trace).flatMap((e) => (e.type === "say" ? [e.text] : [])).join("\n");
    const problem = checkText(expect.said, said);
    if (problem) failures.push({ key: "said", message: `expected what the agent said ${problem}`, expected: expect.said, actual: said });
  }
  for (const [name, value] of Object.entries(expect.vars ?? {})) {
    const actual = getVariable(state.variables, name);
    if (!loose(value, actual))
      failures.push({
        key: `vars/${name}`,
        message: `expected variable ${name} to be ${JSON.stringify(value)}, but it is ${actual === undefined ? "unset" : JSON.stringify(actual)}`,
        expected: value,
        actual: actual ?? null,
      });
  }
  if (expect.status !== undefined && state.status !== expect.status) {
    failures.push({
      key: "status",
      message: `expected the conversation to be ${expect.status}, but it is ${state.status}${state.reason ? ` (${state.reason})` : ""}`,
      expected: expect.status,
      actual: state.status,
    });
  }
  if (expect.stayed !== undefined && events) {
    const moved = events.some((e) => e.type === "move");
    if (moved === expect.stayed)
      failures.push({
        key: "stayed",
        message: expect.stayed ? `expected to stay, but the turn moved to ${nodeLabel(sim, state.nodeId)}` : "expected to move, but the turn stayed",
        expected: expect.stayed,
        actual: !moved,
      });
  }
  if (expect.ended !== undefined && (state.status === "ended") !== expect.ended) {
    failures.push({
      key: "ended",
      message: expect.ended
        ? `expected the call to end, but it is ${state.status}${state.reason ? ` (${state.reason})` : ` at ${nodeLabel(sim, state.nodeId)}`}`
        : "expected the call not to end, but it ended",
      expected: expect.ended,
      actual: state.status === "ended",
    });
  }
  if (expect.transferred_to !== undefined && (state.status !== "transferred" || state.transferNumber !== expect.transferred_to)) {
    failures.push({
      key: "transferred_to",
      message:
        state.status === "transferred"
          ? `expected a transfer to ${expect.transferred_to}, but it went to ${state.transferNumber}`
          : `expected a transfer to ${expect.transferred_to}, but the conversation is ${state.status} at ${nodeLabel(sim, state.nodeId)}`,
      expected: expect.transferred_to,
      actual: state.transferNumber ?? null,
    });
  }
  if (expect.transferred_to_pathway !== undefined && (state.status !== "transferred" || state.transferPathwayId !== expect.transferred_to_pathway)) {
    const actual = state.transferPathwayId ?? null;
    failures.push({
      key: "transferred_to_pathway",
      message:
        state.status === "transferred"
          ? `expected the call to be handed to pathway ${expect.transferred_to_pathway}, but it went to ${actual === null ? (state.transferNumber ?? "no pathway") : `pathway ${actual}`}`
          : `expected the call to be handed to pathway ${expect.transferred_to_pathway}, but the conversation is ${state.status} at ${nodeLabel(sim, state.nodeId)}`,
      expected: expect.transferred_to_pathway,
      actual,
    });
  }

  const path = expect.path !== undefined || expect.path_contains !== undefined ? getVisitedPath(state.trace) : [];
  if (expect.path !== undefined) {
    const ok = path.length === expect.path.length && expect.path.every((ref, i) => matchesNode(sim.nodes.get(path[i]!), ref));
    if (!ok)
      failures.push({
        key: "path",
        message: "the visited path differs",
        expected: expect.path,
        actual: path.map((id) => getSimNodeName(sim.nodes.get(id)) ?? id),
      });
  }
  if (expect.path_contains !== undefined) {
    let i = 0;
    for (const id of path) if (i < expect.path_contains.length && matchesNode(sim.nodes.get(id), expect.path_contains[i]!)) i++;
    if (i < expect.path_contains.length)
      failures.push({
        key: "path_contains",
        message: `the visited path does not pass through "${expect.path_contains[i]}" in the expected order`,
        expected: expect.path_contains,
        actual: path.map((id) => getSimNodeName(sim.nodes.get(id)) ?? id),
      });
  }
  return failures;
}

/** A failed or tied decision that stood: only the turn's last decision counts (a global node's return re-decides). */
function decisionProblems(events: readonly TraceEvent[]): string[] {
  const last = events.findLast((e) => e.type === "decide");
  return last && last.type === "decide" && (last.decision.kind === "error" || last.decision.kind === "ambiguous")
    ? [`${last.decider} decider: ${last.decision.reason}`]
    : [];
}

function collectWarnings(sim: Simulator, trace: readonly TraceEvent[]): string[] {
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (const e of trace) {
    if ((e.type !== "say" && e.type !== "webhook") || e.unset.length === 0) continue;
    for (const name of e.unset) {
      if (name === "prevNodePrompt" || name === "lastUserMessage") continue;
      const key = `${e.nodeId}\u0000${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      warnings.push(`{{${name}}} was not set when ${nodeLabel(sim, e.nodeId)} ${e.type === "say" ? "spoke" : "called its webhook"} (turn ${e.turn})`);
    }
  }
  return warnings;
}

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

/** What both runners share: the simulator and the step generator, or the result that says why there is none. */
function startRun(
  pathway: Pathway,
  scenario: Scenario,
  options: RunScenarioOptions,
): { sim: Simulator; steps: ReturnType<typeof runSteps> } | { result: ScenarioResult } {
  const locate = options.locate ?? (() => undefined);
  const { sim, error } = prepare(pathway, scenario, options);
  if (error) return { result: errorResult(scenario, error, locate, [scenario.start !== undefined && error.startsWith("start") ? "start" : "decider"]) };
  return { sim, steps: runSteps(sim, scenario, locate) };
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
