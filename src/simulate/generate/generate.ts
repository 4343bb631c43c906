// Scenario generation: few, short scripted scenarios whose `take:` steps together visit every reachable edge.
import { createSkipList, getSearchTree, getTreeOrder, lowerBound } from "../../graph/index.js";
import { getNodeType } from "../../model/node-types/index.js";
import { nodeData } from "../../model/pathway.js";
import type { Pathway, PathwayNode } from "../../model/schema.js";
import { getGenerationTargets, getTargetsTaken, type CoverageTarget, type TargetKey } from "./coverage-targets.js";
import { createGenerationRun, enteredBetween, takenBetween, type GenerationRun, type Step } from "./actions.js";
import { coveringStep, findNext, stepAlong, stepsTo, type PathPosition } from "./search.js";
import { createSimulator, getSimNodeName, type Simulator } from "../machine.js";
import type { Scenario, ScenarioTurn } from "../scenario.js";
import { createInitialState } from "../transition.js";
import type { SimState, WebhookResponse } from "../types.js";
import { createMockWebhooks } from "../webhooks.js";

export { getSatisfyingValue } from "./ways.js";

/** Options of `generateScenarios`; all optional. */
export interface GenerateScenariosOptions {
  /** The `pathway:` written into each scenario (a path relative to where the scenario is saved). Default "pathway.json". */
  pathwayRef?: string;
  /** Longest scenario, in turns. Default 12. */
  maxTurns?: number;
  /** Most scenarios written. Default 1000. */
  maxScenarios?: number;
  /** Scenario name prefix. Default the pathway's name, else "pathway". */
  name?: string;
  /**
   * The shared mocks file the scenarios name with `mocks:` (relative to where they are saved); the default webhook
   * answers go there once (`GeneratedScenarios.mocks`) instead of into every scenario. Default: none, each scenario
   * carries its own `webhooks:`.
   */
  mocksRef?: string;
}

/** Generated scenarios, and the reachable edges and global nodes they could not visit (with why). */
export interface GeneratedScenarios {
  scenarios: Scenario[];
  /** With `mocksRef`: the shared mocks file's content (the default webhook answers), when there are any. */
  mocks?: { webhooks: Record<string, WebhookResponse> };
  /**
   * Reachable edge ids, global node ids and other ways (routes, fallbacks, response routes, press targets not drawn as
   * an edge: id `from → to`) no generated scenario takes.
   */
  uncovered: { id: string; kind: "edge" | "global" | "way"; reason: string }[];
}

function webhookNodes(sim: Simulator): PathwayNode[] {
  return [...sim.nodes.values()].filter((n) => getNodeType(n.type)?.flow.runs === "request" && typeof nodeData(n).url === "string");
}

/** How to name a node in `expect.node`: its name when no other node has it (case-insensitively), else its id. */
function createNodeRef(sim: Simulator): (id: string | undefined) => string {
  const counts = new Map<string, number>();
  for (const node of sim.nodes.values()) {
    const name = getSimNodeName(node)?.trim().toLowerCase();
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const refs = new Map<string, string>();
  return (id) => {
    if (id === undefined) return "";
    let ref = refs.get(id);
    if (ref === undefined) {
      const name = getSimNodeName(sim.nodes.get(id));
      ref = name !== undefined && counts.get(name.trim().toLowerCase()) === 1 && !sim.nodes.has(name) ? name : id;
      refs.set(id, ref);
    }
    return ref;
  };
}

/** Why an edge stayed uncovered, by when the flow model says it is taken. */
function uncoveredReason(when: string | undefined, sourceReached: boolean): string {
  if (when === "transfer-not-answered") {
    return sourceReached
      ? "a voicemail edge: only a turn whose transfer is not answered takes it, and none of the generated turns that reach its transfer node could be one"
      : "a voicemail edge: only a turn whose transfer is not answered takes it, and no generated path reached its transfer node";
  }
  if (when === "press") return "taken after its Press Button node presses its digits, and no generated path reached that node";
  if (when === "response") return "a webhook response route: no generated webhook answer picked it";
  if (when === "route") return "a Route condition or fallback: no generated input made it the one taken (route conditions the generator cannot build)";
  return "no scripted path reaches this edge (it may depend on route conditions or webhook answers the generator cannot build)";
}

/** The targets to take, in depth-first order of the node they are taken at, and which of them are still to take. */
interface TargetQueue {
  /** The first target still to take whose node lies below `node` in the search tree (-1: none; `node` -1: anywhere). */
  firstBelow(node: number): number;
  /** Takes target `i` off the queue. */
  remove(i: number): void;
  target(i: number): CoverageTarget;
  /** The flow model index of the node target `i` is taken at. */
  source(i: number): number;
}

/**
 * Orders the targets by the search tree's depth-first order of their node, so that the targets below a node are one
 * contiguous run found by binary search; those taken already (no longer in `uncovered`) are skipped, and dropped.
 */
function createTargetQueue(
  sim: Simulator,
  order: { enter: Int32Array; exit: Int32Array },
  all: ReadonlyMap<TargetKey, CoverageTarget>,
  uncovered: ReadonlySet<TargetKey>,
): TargetQueue {
  const targets = [...all.values()]
    .map((t) => {
      const source = sim.flow.indexOf.get(t.node) ?? -1;
      return { t, source, at: order.enter[source] ?? -1 };
    })
    .filter((t) => t.at >= 0)
    .sort((x, y) => x.at - y.at);
  const targetEnter = Int32Array.from(targets, (t) => t.at);
  const targetSource = Int32Array.from(targets, (t) => t.source);
  const pending = createSkipList(targets.length);
  return {
    firstBelow(node) {
      let i = node < 0 ? pending.next(0) : pending.next(lowerBound(targetEnter, order.enter[node]!));
      for (; i < targets.length; i = pending.next(i + 1)) {
        if (node >= 0 && targetEnter[i]! >= order.exit[node]!) return -1;
        if (uncovered.has(targets[i]!.t.key)) return i;
        pending.remove(i);
      }
      return -1;
    },
    remove: (i) => pending.remove(i),
    target: (i) => targets[i]!.t,
    source: (i) => targetSource[i]!,
  };
}

/** A scenario file's content: its turns, and what the call ended in (`state`) as the scenario's expectation. */
function toScenario(
  name: string,
  turns: ScenarioTurn[],
  state: SimState,
  nodeRef: (id: string | undefined) => string,
  options: GenerateScenariosOptions,
  defaults: Record<string, WebhookResponse>,
): Scenario {
  const expect: Scenario["expect"] =
    state.status === "ended"
      ? { status: "ended", node: nodeRef(state.nodeId) }
      : state.status === "transferred"
        ? { status: "transferred", ...(state.transferNumber !== undefined && { transferred_to: state.transferNumber }) }
        : { status: state.status, node: nodeRef(state.nodeId) };
  return {
    name,
    pathway: options.pathwayRef ?? "pathway.json",
    decider: "scripted",
    ...(Object.keys(defaults).length > 0 && (options.mocksRef !== undefined ? { mocks: options.mocksRef } : { webhooks: defaults as Scenario["webhooks"] })),
    turns,
    expect,
  } as Scenario;
}

/** What one generation run shares: the simulator with its mock webhooks, the targets and what has become of them. */
interface Generation {
  sim: Simulator;
  run: GenerationRun;
  /** The state every scenario starts from (states never change), and the targets it has taken already. */
  initial: SimState;
  initialKeys: readonly TargetKey[];
  all: ReadonlyMap<TargetKey, CoverageTarget>;
  queue: TargetQueue;
  /** The path from the start node down the search tree to a node, as `stepAlong` follows it. */
  pathTo(to: number): PathPosition;
  nodeRef(id: string | undefined): string;
  maxTurns: number;
  /** Targets no scenario has taken yet. */
  uncovered: Set<TargetKey>;
  /** Targets given up on: no scenario could reach them. */
  notReached: Set<TargetKey>;
  /** Nodes the generated turns enter: a reason must not say that no path reached one of them. */
  reachedNodes: Set<string>;
  /** Targets a scenario walked towards until it had `maxTurns` turns: the limit, not the pathway, stopped it. */
  beyondTurns: Set<TargetKey>;
}

/** A scenario being written: where the call is, its turns so far, and how many targets they took first. */
interface Draft {
  state: SimState;
  turns: ScenarioTurn[];
  covered: number;
}

/** The default webhook answers (200, empty body) by webhook node name, which the scenarios mock. */
function getDefaultWebhookAnswers(sim: Simulator): Record<string, WebhookResponse> {
  const defaults: Record<string, WebhookResponse> = {};
  for (const node of webhookNodes(sim)) defaults[getSimNodeName(node) ?? node.id] = { status: 200, body: {} };
  return defaults;
}

/** The run's simulator (its webhooks answering `defaults`), the targets to take as coverage counts them, and their queue. */
function createGeneration(pathway: Pathway, probe: Simulator, defaults: Record<string, WebhookResponse>, maxTurns: number): Generation {
  const sim: Simulator = { ...probe, config: { ...probe.config, webhook: createMockWebhooks(defaults), maxTurns: maxTurns + 1 } };
  // What to cover comes from the flow model, as coverage counts it: edges that can be taken, out of reachable nodes.
  const { distance, parent } = getSearchTree(sim.flow);
  const all = getGenerationTargets(pathway, sim.flow, distance);
  const uncovered = new Set<TargetKey>(all.keys());
  const order = getTreeOrder(parent);
  /**
   * The path from the start node down the search tree to node `to`: a node is on it when it is an ancestor of `to`
   * (or `to`), at the index of its depth. Answered from the tree's order, without listing the path for every target.
   */
  const pathTo =
    (to: number): PathPosition =>
    (nodeId) => {
      const v = nodeId === undefined ? undefined : sim.flow.indexOf.get(nodeId);
      return v !== undefined && order.enter[v]! >= 0 && order.enter[v]! <= order.enter[to]! && order.enter[to]! < order.exit[v]! ? distance[v]! : -1;
    };
  const initial = createInitialState(sim);
  return {
    sim,
    run: createGenerationRun(sim, initial),
    initial,
    initialKeys: getTargetsTaken(initial.trace),
    all,
    queue: createTargetQueue(sim, order, all, uncovered),
    pathTo,
    nodeRef: createNodeRef(sim),
    maxTurns,
    uncovered,
    notReached: new Set(),
    reachedNodes: new Set(),
    beyondTurns: new Set(),
  };
}

/** Takes `step`: the targets it takes are covered, the nodes it enters reached, and its turn is written. */
function takeStep(g: Generation, draft: Draft, step: Step): void {
  const t = step.action.turn;
  for (const id of enteredBetween(g.run, draft.state, step.state)) g.reachedNodes.add(id);
  for (const k of takenBetween(g.run, draft.state, step.state)) if (g.uncovered.delete(k)) draft.covered++;
  draft.state = step.state;
  // Assigned, not spread: a turn is made thousands of times, mostly before the code is optimised.
  const turn = { user: t.user } as ScenarioTurn;
  if (t.take !== undefined) turn.take = t.take;
  if (t.vars) turn.vars = t.vars;
  if (t.webhooks) turn.webhooks = t.webhooks as ScenarioTurn["webhooks"];
  if (t.transfer) turn.transfer = typeof t.transfer === "string" ? t.transfer : [...t.transfer];
  turn.expect = { node: g.nodeRef(draft.state.nodeId) };
  draft.turns.push(turn);
}

/**
 * Walks the draft to queued target `ti` and takes it, within `maxTurns`. False when the scenario ends here instead and
 * the target waits for one of its own; a target that cannot be reached at all is given up on (`notReached`).
 */
function reachTarget(g: Generation, draft: Draft, ti: number, fresh: boolean): boolean {
  const goal = g.queue.target(ti);
  const target = goal.key;
  const position = g.pathTo(g.queue.source(ti));
  // Whether --max-turns, not a condition the generator cannot meet, is what kept the target out of reach.
  let limited = false;
  while (g.uncovered.has(target) && draft.state.status === "active" && draft.turns.length < g.maxTurns) {
    const step = coveringStep(g.run, draft.state, g.uncovered, goal) ?? stepAlong(g.run, draft.state, position);
    if (step) {
      takeStep(g, draft, step);
      continue;
    }
    const found = findNext(g.run, draft.state, target, g.uncovered);
    if (found && draft.turns.length + found.length <= g.maxTurns) {
      for (const s of found) takeStep(g, draft, s);
      continue;
    }
    if (found) limited = true;
    // Stuck. A scenario that has taken nothing new yet starts again from the first state, along the shortest way
    // the search from there found (findNext asked it first).
    const known = draft.covered === 0 && draft.state !== g.initial ? stepsTo(g.run.searches.get(g.initial), target) : undefined;
    if (known && known.length > g.maxTurns) limited = true;
    if (!known || known.length > g.maxTurns) break;
    draft.state = g.initial;
    draft.turns.length = 0;
    for (const s of known) takeStep(g, draft, s);
  }
  if (g.uncovered.has(target)) {
    // Missed from the start node, with nothing taken or no way known from the first state: it cannot be reached
    // within maxTurns, and the scenario goes on. Missed otherwise: the scenario ends here and the target gets one
    // of its own (which can start along the way the search from the first state knows).
    const knownFromStart = g.run.searches.get(g.initial)?.first.has(target) === true;
    if (!fresh || (draft.covered > 0 && knownFromStart)) return false;
    g.uncovered.delete(target);
    g.notReached.add(target);
    if (limited || (draft.state.status === "active" && draft.turns.length >= g.maxTurns)) g.beyondTurns.add(target);
  }
  return true;
}

/** Takes whatever is still uncovered where the call is, while the call goes on and turns are left. */
function takeUncoveredHere(g: Generation, draft: Draft): void {
  while (draft.state.status === "active" && draft.turns.length < g.maxTurns) {
    const step = coveringStep(g.run, draft.state, g.uncovered);
    if (!step) break;
    takeStep(g, draft, step);
  }
}

/**
 * One scenario from the first state, starting at queued target `ti`: each scenario walks down the search tree to a
 * target, takes it, takes whatever else is still uncovered where the call is, then goes on to a target below that
 * node: every step is a few transitions, so generation is linear.
 */
function draftScenario(g: Generation, ti: number): Draft {
  // States never change, so every scenario starts from the one initial state.
  const draft: Draft = { state: g.initial, turns: [], covered: 0 };
  for (const k of g.initialKeys) g.uncovered.delete(k);
  let fresh = true;
  while (ti >= 0) {
    if (!reachTarget(g, draft, ti, fresh)) break;
    g.queue.remove(ti);
    fresh = false;
    takeUncoveredHere(g, draft);
    const here = g.sim.flow.indexOf.get(draft.state.nodeId ?? "");
    ti = draft.state.status === "active" && draft.turns.length < g.maxTurns && here !== undefined ? g.queue.firstBelow(here) : -1;
  }
  return draft;
}

/** The targets no scenario takes, each with why: the scenario limit, the turn limit, or what the flow model says. */
function describeUncovered(g: Generation, capped: boolean, maxScenarios: number): GeneratedScenarios["uncovered"] {
  return [...g.notReached, ...g.uncovered].map((k) => {
    const target = g.all.get(k)!;
    const { kind } = target;
    const id = kind === "global" ? target.node : kind === "way" ? `${target.node} → ${target.to}` : target.edgeId;
    if (capped) return { id, kind, reason: `the scenario limit (${maxScenarios}, --max-scenarios) was reached first` };
    if (g.beyondTurns.has(k))
      return { id, kind, reason: `a scenario needs more turns than the turn limit (${g.maxTurns}, --max-turns) to reach it; raise the limit to cover it` };
    return {
      id,
      kind,
      reason: kind === "global" ? "no generated turn could jump to this global node" : uncoveredReason(target.when, g.reachedNodes.has(target.node)),
    };
  });
}

/**
 * Writes scripted scenarios that together take every reachable edge and jump to every global node. Greedy: each
 * scenario keeps taking an untaken edge from where it is (or the shortest way to the nearest one) until it ends or
 * reaches `maxTurns`. Every generated scenario is run on the engine while it is built, so it passes as written.
 */
export function generateScenarios(pathway: Pathway, options: GenerateScenariosOptions = {}): GeneratedScenarios {
  const maxTurns = options.maxTurns ?? 12;
  const maxScenarios = options.maxScenarios ?? 1000;
  const base = options.name ?? (typeof pathway.name === "string" && pathway.name.trim() ? pathway.name.trim() : "pathway");
  const probe = createSimulator(pathway);
  const defaults = getDefaultWebhookAnswers(probe);
  const g = createGeneration(pathway, probe, defaults, maxTurns);
  const scenarios: Scenario[] = [];
  while (g.uncovered.size > 0 && scenarios.length < maxScenarios) {
    const ti = g.queue.firstBelow(-1);
    if (ti < 0) break;
    const draft = draftScenario(g, ti);
    if (draft.covered === 0) continue;
    scenarios.push(toScenario(`${base} ${scenarios.length + 1}`, draft.turns, draft.state, g.nodeRef, options, defaults));
  }
  const capped = g.uncovered.size > 0 && scenarios.length >= maxScenarios;
  return {
    scenarios,
    uncovered: describeUncovered(g, capped, maxScenarios),
    ...(options.mocksRef !== undefined && Object.keys(defaults).length > 0 && { mocks: { webhooks: defaults } }),
  };
}
