// The simulator's transition: an initial state and `transition(state, turn) → state`, pure apart from the injected decider and webhooks.
import { nodeData } from "../model/pathway.js";
import { getCallVariables, type CallInfo } from "./call.js";
import { evaluateCondition } from "./conditions.js";
import { createScriptedDecider, resolveTake } from "./deciders/scripted.js";
import { getCandidates, returnsToCaller, type Simulator } from "./machine.js";
import { finish, getHistory, label, move, toDraft, toState, type Draft, type Effect, type WebhookAnswer } from "./transition-draft.js";
import { enter } from "./transition-enter.js";
import type { Candidate, Decision, SimState, TraceEvent, Turn } from "./types.js";
import { extractTyped, getVariable } from "./variables.js";

/** Options of `createInitialState`; all optional. */
export interface InitialStateOptions {
  /** The call's request_data: set over the system variables. */
  variables?: Record<string, unknown>;
  /** The call's system variables (from, to, a fixed clock `now`, call_id, ...); default `DEFAULT_CALL`. */
  call?: CallInfo;
}

const scripted = createScriptedDecider();

function extractVariables(sim: Simulator, d: Draft, turn: Turn): void {
  const nodeId = d.nodeId!;
  if (turn.vars && Object.keys(turn.vars).length > 0) {
    Object.assign(d.variables, turn.vars);
    d.events.push({ type: "vars", turn: d.turn, nodeId, set: { ...turn.vars }, how: "explicit" });
    return;
  }
  const node = sim.nodes.get(nodeId);
  const set: Record<string, unknown> = {};
  const specs = (node && nodeData(node).extractVars) ?? [];
  // A lone string variable takes the whole turn; several cannot be told apart without a model, so give them in `vars:`.
  const strings = specs.filter((s) => s[1] !== "integer" && s[1] !== "boolean").length;
  for (const spec of specs) {
    const [name, type] = spec;
    if (typeof name !== "string") continue;
    const isString = type !== "integer" && type !== "boolean";
    if (isString && (strings > 1 || d.variables[name] !== undefined)) continue;
    const value = extractTyped(String(type), turn.user);
    if (value !== undefined) set[name] = value;
  }
  if (Object.keys(set).length > 0) {
    Object.assign(d.variables, set);
    d.events.push({ type: "vars", turn: d.turn, nodeId, set, how: "typed" });
  }
}

/** Why an edge's own conditions (`data.condition`) do not hold, or undefined when they do (or it has none). */
function getBlock(d: Draft, c: Candidate): string | undefined {
  for (const cond of c.conditions ?? []) {
    const actual = getVariable(d.variables, cond.field);
    if (!evaluateCondition(actual, cond.operator, cond.value).holds)
      return `${cond.field} (${JSON.stringify(actual ?? null)}) ${cond.operator} ${JSON.stringify(cond.value)} does not hold`;
  }
  return undefined;
}

function* decide(sim: Simulator, d: Draft, turn: Turn, all: readonly Candidate[]): Generator<Effect, Decision, unknown> {
  const node = sim.nodes.get(d.nodeId!)!;
  let decision: Decision;
  let decider = "scripted";
  // Edges whose own conditions fail are not choices this turn; `open` maps the remaining ones back to `all`.
  const open = all.some((c) => c.conditions) ? all.flatMap((c, i) => (getBlock(d, c) === undefined ? [i] : [])) : undefined;
  const candidates = open ? open.map((i) => all[i]!) : all;
  const always = turn.take === undefined ? candidates.findIndex((c) => c.alwaysPick === true) : -1;
  if (turn.take !== undefined) {
    decision = resolveTake(candidates, turn.take);
    if (decision.kind === "error" && open) {
      const blocked = resolveTake(all, turn.take);
      if (blocked.kind === "take")
        decision = { kind: "error", reason: `take: "${turn.take}" names an edge whose condition fails: ${getBlock(d, all[blocked.index]!)}` };
    }
  } else if (always >= 0) decision = { kind: "take", index: always, reason: "the edge has alwaysPick: true" };
  else {
    const chosen = sim.config.decider ?? scripted;
    decider = chosen.name;
    if (chosen === scripted) decision = scripted.decide({ node, userText: turn.user, candidates, history: [] }) as Decision;
    else decision = (yield { type: "decide", request: { node, userText: turn.user, candidates, history: getHistory(d) } }) as Decision;
  }
  if (decision.kind === "take" && !candidates[decision.index])
    decision = { kind: "error", reason: `the ${decider} decider chose option ${decision.index + 1} of ${candidates.length}` };
  if (open && decision.kind === "take") decision = { ...decision, index: open[decision.index]! };
  if (open && decision.kind === "ambiguous") decision = { ...decision, indexes: decision.indexes.map((i) => open[i] ?? i) };
  const chosen = decision.kind === "take" ? all[decision.index] : undefined;
  const decided: TraceEvent & { type: "decide" } = { type: "decide", turn: d.turn, nodeId: d.nodeId!, decider, decision };
  if (chosen) decided.chosen = chosen;
  d.events.push(decided);
  return decision;
}

function* takeCandidate(sim: Simulator, d: Draft, c: Candidate, reason: string, turn: Turn): Generator<Effect, void, unknown> {
  const from = d.nodeId!;
  if (c.kind === "global") {
    if (returnsToCaller(sim, c.targetId)) d.returnTo.push(from);
    move(sim, d, c.targetId, "global", reason);
  } else {
    // Leaving an interrupting global node by its own edge abandons the return to the interrupted node.
    const fromNode = sim.nodes.get(from);
    if (fromNode && nodeData(fromNode).isGlobal === true && d.returnTo.length > 0) d.returnTo.pop();
    move(sim, d, c.targetId, "edge", reason, c.id);
  }
  yield* enter(sim, d, c.targetId, turn);
}

function* transitionSteps(sim: Simulator, state: SimState, turn: Turn): Generator<Effect, SimState, unknown> {
  if (state.status !== "active" || state.nodeId === undefined) return state;
  const d = toDraft(state);
  d.turn++;
  if (d.turn > sim.config.maxTurns) {
    finish(d, "stopped", `max turns (${sim.config.maxTurns}) reached at ${label(sim, d.nodeId)}`);
    return toState(d);
  }
  d.events.push({ type: "user", turn: d.turn, nodeId: d.nodeId!, text: turn.user });
  d.variables.lastUserMessage = turn.user;
  extractVariables(sim, d, turn);
  let decision = yield* decide(sim, d, turn, getCandidates(sim, d.nodeId!));
  if (decision.kind === "take") {
    yield* takeCandidate(sim, d, getCandidates(sim, d.nodeId!)[decision.index]!, decision.reason, turn);
    return toState(d);
  }
  const here = sim.nodes.get(d.nodeId!);
  const interrupted = d.returnTo[d.returnTo.length - 1];
  if (here && interrupted !== undefined && nodeData(here).isGlobal === true && returnsToCaller(sim, here.id)) {
    d.returnTo.pop();
    move(sim, d, interrupted, "return", `global node ${label(sim, here.id)} returns to the interrupted node`);
    yield* enter(sim, d, interrupted, turn);
    if (d.status !== "active") return toState(d);
    decision = yield* decide(sim, d, turn, getCandidates(sim, d.nodeId!));
    if (decision.kind === "take") yield* takeCandidate(sim, d, getCandidates(sim, d.nodeId!)[decision.index]!, decision.reason, turn);
  }
  return toState(d);
}

function* initialSteps(sim: Simulator, options: InitialStateOptions): Generator<Effect, SimState, unknown> {
  const d: Draft = {
    status: "active",
    variables: { ...getCallVariables(options.call), ...(options.variables ?? {}) },
    turn: 0,
    returnTo: [],
    visits: {},
    previous: undefined,
    events: [],
    autoMoves: 0,
    transfers: 0,
  };
  const start = sim.config.startNodeId ?? sim.startId;
  if (start === undefined) {
    finish(d, "stopped", "the pathway has no start node (a node with data.isStart: true); mark one or give a start node");
    return toState(d);
  }
  yield* enter(sim, d, start, undefined);
  return toState(d);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function answerSync(sim: Simulator, effect: Effect): unknown {
  if (effect.type === "decide") {
    try {
      return sim.config.decider!.decide(effect.request);
    } catch (error) {
      return { kind: "error", reason: `the ${sim.config.decider!.name} decider failed: ${errorText(error)}` } satisfies Decision;
    }
  }
  try {
    const response = sim.config.webhook!(effect.request);
    return isThenable(response) ? response : ({ ok: true, response } satisfies WebhookAnswer);
  } catch (error) {
    return { ok: false, error: errorText(error) } satisfies WebhookAnswer;
  }
}

function runSync(sim: Simulator, steps: Generator<Effect, SimState, unknown>): SimState {
  let r = steps.next();
  while (!r.done) {
    const answer = answerSync(sim, r.value);
    if (isThenable(answer)) {
      throw new Error("The decider or webhook handler answered asynchronously; use transitionAsync/createInitialStateAsync with it.");
    }
    r = steps.next(answer);
  }
  return r.value;
}

async function runAsync(sim: Simulator, steps: Generator<Effect, SimState, unknown>): Promise<SimState> {
  let r = steps.next();
  while (!r.done) {
    const effect = r.value;
    let answer: unknown;
    if (effect.type === "decide") {
      try {
        answer = await sim.config.decider!.decide(effect.request);
      } catch (error) {
        answer = { kind: "error", reason: `the ${sim.config.decider!.name} decider failed: ${errorText(error)}` } satisfies Decision;
      }
    } else {
      try {
        answer = { ok: true, response: await sim.config.webhook!(effect.request) } satisfies WebhookAnswer;
      } catch (error) {
        answer = { ok: false, error: errorText(error) } satisfies WebhookAnswer;
      }
    }
    r = steps.next(answer);
  }
  return r.value;
}

/** The state before the caller speaks: the start node entered (and any automatic moves from it followed). */
export function createInitialState(sim: Simulator, options: InitialStateOptions = {}): SimState {
  return runSync(sim, initialSteps(sim, options));
}

/** `createInitialState` for asynchronous deciders and webhook handlers. */
export function createInitialStateAsync(sim: Simulator, options: InitialStateOptions = {}): Promise<SimState> {
  return runAsync(sim, initialSteps(sim, options));
}

/**
 * One user turn: the caller speaks at the current node, variables are extracted, then the engine takes an edge, jumps
 * to a global node, returns from one, or stays. Returns a new state; `state` is not changed. Throws only when the
 * decider or webhook handler is asynchronous (use `transitionAsync`).
 */
export function transition(sim: Simulator, state: SimState, turn: Turn): SimState {
  return runSync(sim, transitionSteps(sim, state, turn));
}

/** `transition` for asynchronous deciders (llm) and webhook handlers (live HTTP). */
export function transitionAsync(sim: Simulator, state: SimState, turn: Turn): Promise<SimState> {
  return runAsync(sim, transitionSteps(sim, state, turn));
}

/** The ids of the nodes entered, in order (the visited path). */
export function getVisitedPath(trace: readonly TraceEvent[]): string[] {
  return trace.flatMap((e) => (e.type === "enter" ? [e.nodeId] : []));
}
