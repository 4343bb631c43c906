// Scenario generation: few, short scripted scenarios whose `take:` steps together visit every reachable edge.
import { getFlowWays, getSearchTree } from "../graph/index.js";
import { getEdgeLabel, getEdges, nodeData } from "../model/pathway.js";
import type { Pathway, PathwayNode } from "../model/schema.js";
import { getEdgeWays } from "./coverage.js";
import { createInitialState, transition } from "./transition.js";
import { resolveTake } from "./deciders/scripted.js";
import { getAutoReach, getVariants } from "./generate-ways.js";
import { createSimulator, getCandidates, getSimNodeName, getSimWays, returnsToCaller, type Simulator } from "./machine.js";
import type { Scenario, ScenarioTurn } from "./scenario.js";
import { getEventsSince } from "./trace-log.js";
import type { Candidate, SimState, TraceEvent, Turn, WebhookResponse } from "./types.js";
import { createMockWebhooks } from "./webhooks.js";

export { getSatisfyingValue } from "./generate-ways.js";

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

/**
 * A turn the generator may write: `turn.take` is what the file says (a label where it is unique), `id` what runs (the
 * edge or global id, the engine's fast path). `reach` is where running it can move from, known without running it
 * (see `getReach`); undefined when that depends on the call's variables.
 */
type Action = {
  turn: Turn;
  id: string;
  targetId: string;
  reach: Reach | undefined;
  /** Its coverage keys as an edge from here and as a jump to its target, and whether its target moves on by itself (computed once per node). */
  edgeKey: string;
  globalKey: string;
  passesThrough: boolean;
};

/** A coverage key taken apart: `edge:<from>\0<edge id>`, `global:<node>` or `way:<from>\0<to>`. */
type Key = { key: string; kind: string; from: string; to: string | undefined };

function parseKey(key: string): Key {
  const colon = key.indexOf(":");
  const [from, to] = key.slice(colon + 1).split("\u0000") as [string, string | undefined];
  return { key, kind: key.slice(0, colon), from, to };
}

/**
 * What one turn can take, besides the edge it decides at its own node: moves out of `from` (the node the decision enters
 * and every node the engine's automatic ways lead on to from there), and the global node it jumps to, if any.
 */
type Reach = { from: ReadonlySet<string>; jumpsTo: string | undefined };

function webhookNodes(sim: Simulator): PathwayNode[] {
  return [...sim.nodes.values()].filter((n) => n.type === "Webhook" && typeof nodeData(n).url === "string");
}

function takeRef(candidates: readonly Candidate[], c: Candidate): string {
  if (c.kind === "global") {
    const sameName = candidates.filter((o) => o.targetName !== undefined && o.targetName === c.targetName).length;
    return c.targetName !== undefined && sameName === 1 ? c.targetName : c.targetId;
  }
  const sameLabel = candidates.filter((o) => o.label.trim().toLowerCase() === c.label.trim().toLowerCase()).length;
  return c.label.trim() !== "" && c.label.length <= 80 && sameLabel === 1 && c.label !== c.id ? c.label : c.id;
}

function userLine(c: Candidate): string {
  const text = (c.label || c.targetName || c.targetId).replace(/\s+/g, " ").trim();
  return text.length > 100 ? text.slice(0, 97) + "..." : text;
}

const actionCache = new WeakMap<Simulator, Map<string, Action[]>>();

/** Every action at the state's node: each candidate, in each way of steering the automatic node it leads to (per node, computed once). */
function getActions(sim: Simulator, state: SimState): Action[] {
  let byNode = actionCache.get(sim);
  if (!byNode) actionCache.set(sim, (byNode = new Map()));
  const known = byNode.get(state.nodeId!);
  if (known) return known;
  const actions = computeActions(sim, state);
  byNode.set(state.nodeId!, actions);
  return actions;
}

function computeActions(sim: Simulator, state: SimState): Action[] {
  const candidates = getCandidates(sim, state.nodeId!);
  const placeholders = getPlaceholders(sim.nodes.get(state.nodeId!));
  // An edge's own condition makes which candidate a take: resolves to depend on the variables: then nothing is known.
  const decidedStatically = !candidates.some((c) => c.conditions);
  const actions: Action[] = [];
  for (const c of candidates) {
    const ref = takeRef(candidates, c);
    const id = c.kind === "edge" ? c.id : ref;
    const reach = decidedStatically ? getReach(sim, candidates, id) : undefined;
    for (const v of getVariants(sim, c.targetId)) {
      const vars = { ...placeholders, ...v.vars };
      actions.push({
        turn: { user: userLine(c), take: ref, ...(Object.keys(vars).length > 0 && { vars }), ...(v.webhooks && { webhooks: v.webhooks }), ...(v.transfer && { transfer: v.transfer }) },
        id,
        targetId: c.targetId,
        reach,
        edgeKey: `edge:${state.nodeId}\u0000${id}`,
        globalKey: `global:${c.targetId}`,
        passesThrough: passesThrough(sim, c.targetId),
      });
    }
  }
  return actions;
}

/** Example values for the variables a node extracts, for the author to replace: `<name>`, 1, or true. */
function getPlaceholders(node: PathwayNode | undefined): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const [name, type] of (node && nodeData(node).extractVars) ?? []) {
    if (typeof name === "string") vars[name] = type === "integer" ? 1 : type === "boolean" ? true : `<${name}>`;
  }
  return vars;
}

/** Moves the engine makes on its own, along ways of node data (routes, fallbacks, response routes, press targets). */
const AUTOMATIC = new Set(["route", "fallback", "webhook", "press"]);

/** Where running `take: id` among `candidates` can move from and jump to: the candidate it resolves to, and on from there by itself. */
function getReach(sim: Simulator, candidates: readonly Candidate[], id: string): Reach {
  const decision = resolveTake(candidates, id);
  if (decision.kind !== "take") return { from: new Set(), jumpsTo: undefined };
  const chosen = candidates[decision.index]!;
  return { from: getAutoReach(sim, chosen.targetId), jumpsTo: chosen.kind === "global" ? chosen.targetId : undefined };
}

/**
 * False only when running `action` from `state` cannot take `key`, known without running it: so skipping it changes
 * nothing. A turn moves by its decision at the state's node (the edge or global it resolves to), then by itself from
 * the node entered; a global node that returns to the node it interrupted may instead go back there and decide
 * again, which is not known in advance, and neither is a choice among edges with conditions.
 */
function mayTake(sim: Simulator, state: SimState, action: Action, key: Key): boolean {
  const here = state.nodeId;
  if (action.reach === undefined || here === undefined) return true;
  const node = sim.nodes.get(here);
  if (state.returnTo.length > 0 && node && nodeData(node).isGlobal === true && returnsToCaller(sim, here)) return true;
  if (key.kind === "global") return action.reach.jumpsTo === key.from;
  return key.from === here || action.reach.from.has(key.from);
}

/** The keys of what the events take: edges (by their source and id), jumps to global nodes, and automatic ways. */
function coveredBy(events: readonly TraceEvent[]): string[] {
  const keys: string[] = [];
  for (const e of events) {
    if (e.type !== "move") continue;
    if (e.edgeId !== undefined) keys.push(`edge:${e.from}\u0000${e.edgeId}`);
    if (e.via === "global") keys.push(`global:${e.to}`);
    if (AUTOMATIC.has(e.via)) keys.push(`way:${e.from}\u0000${e.to}`);
  }
  return keys;
}

/** The keys each state's transition took, by the state it made (one transition makes a state: see `run`). */
const takenBy = new WeakMap<SimState, readonly string[]>();

/** What a transition from `before` to `after` takes (its new events only, without building either state's whole trace). */
function coveredBetween(before: SimState, after: SimState): readonly string[] {
  if (after === before) return [];
  let keys = takenBy.get(after);
  if (!keys) takenBy.set(after, (keys = coveredBy(getEventsSince(before, after))));
  return keys;
}

/** A step of a breadth-first search, with the step before it (undefined: the search's first). */
type SearchStep = { action: Action; state: SimState; previous: SearchStep | undefined };

/**
 * A breadth-first search from one state, kept between questions: the first step (in search order) that takes each
 * key still uncovered, and the search itself, suspended where it stopped. Many targets get stuck at the same state
 * and each used to search from it anew; a target no turn can take made every one of those searches run to the end.
 */
type Search = { first: Map<string, SearchStep>; rest: Generator<void> | undefined };

/**
 * The searches of one generation, by the state they start from: the one from the call's first state, and the most
 * recent others (a suspended search holds its frontier). `allowance` is what is left of the actions all searches from
 * other states may try together: each stuck scenario searching from where it is made generation quadratic on pathways
 * with many routes (2,000 nodes: 8 s, 4,000: 50 s); past the allowance a stuck scenario ends, and the next one
 * starts from the first state along the shortest way its search knows.
 */
type Searches = { initial: SimState; byState: Map<SimState, Search>; allowance: number };
const MAX_SEARCHES = 64;

/**
 * Runs the search from `start` in breadth-first order of actions, recording for each key still uncovered the first
 * step that takes it without stopping the call, and pausing after each one recorded. States are told apart by node
 * and return stack; at most `budget` actions are tried (and, from a state other than the first, the allowance).
 */
function* search(sim: Simulator, searches: Searches, start: SimState, uncovered: ReadonlySet<string>, budget: number, first: Map<string, SearchStep>): Generator<void> {
  const charged = start !== searches.initial;
  const seen = new Set<string>([`${start.nodeId}|${start.returnTo.join(",")}`]);
  let frontier: (SearchStep | undefined)[] = [undefined];
  let expansions = 0;
  while (frontier.length > 0) {
    const next: SearchStep[] = [];
    for (const previous of frontier) {
      const from = previous?.state ?? start;
      for (const action of getActions(sim, from)) {
        if (++expansions > budget || (charged && --searches.allowance < 0)) return;
        const after = run(sim, from, action);
        const step: SearchStep = { action, state: after, previous };
        if (after.status !== "stopped") {
          let recorded = false;
          for (const k of coveredBetween(from, after)) {
            if (!uncovered.has(k) || first.has(k)) continue;
            first.set(k, step);
            recorded = true;
          }
          if (recorded) yield;
        }
        if (after.status !== "active") continue;
        const key = `${after.nodeId}|${after.returnTo.join(",")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(step);
      }
    }
    frontier = next;
  }
}

/** The search from `state`, run on until it has taken `target` or ended. */
function searchFor(sim: Simulator, searches: Searches, state: SimState, target: string, uncovered: ReadonlySet<string>, budget: number): Search {
  const { byState } = searches;
  let known = byState.get(state);
  if (!known) {
    // Past the allowance a new search could try nothing: none is made, nor pushes a useful one out of the cache.
    if (state !== searches.initial && searches.allowance <= 0) return { first: new Map(), rest: undefined };
    if (byState.size >= MAX_SEARCHES) byState.delete([...byState.keys()].find((s) => s !== searches.initial)!);
    const first = new Map<string, SearchStep>();
    known = { first, rest: search(sim, searches, state, uncovered, budget, first) };
    byState.set(state, known);
  }
  while (!known.first.has(target) && known.rest) if (known.rest.next().done) known.rest = undefined;
  return known;
}

/**
 * The shortest list of steps from `state` whose last one takes `target` (uncovered), breadth-first: the fallback where
 * the search tree's path cannot be walked (a route or condition leads elsewhere). Undefined when none is found within
 * `budget` actions, or within what is left of the allowance of searches from states other than the first. The search
 * from the first state is run as well, so that a scenario stuck with nothing taken can start over along its way.
 */
function findNext(sim: Simulator, searches: Searches, state: SimState, target: string, uncovered: ReadonlySet<string>, budget: number): Step[] | undefined {
  searchFor(sim, searches, searches.initial, target, uncovered, budget);
  return stepsTo(searchFor(sim, searches, state, target, uncovered, budget), target);
}

/** The steps of `search` that end taking `target`, from its start; undefined when it has not found the target. */
function stepsTo(search: Search | undefined, target: string): Step[] | undefined {
  const steps: Step[] = [];
  for (let at = search?.first.get(target); at; at = at.previous) steps.push({ action: at.action, state: at.state });
  return steps.length > 0 ? steps.reverse() : undefined;
}

/**
 * Transitions already run, by the state they start from and the action (neither ever changes, so neither does the
 * result). Scenarios walk down the same search tree from the one initial state, so their first turns are mostly
 * transitions an earlier scenario ran: at 1,000 nodes two in three.
 */
const memo = new WeakMap<SimState, Map<Action, SimState>>();

/** Runs an action by its id: the same choice as its written `take:` (takeRef keeps labels unique), without resolving a label. */
function run(sim: Simulator, state: SimState, action: Action): SimState {
  let byAction = memo.get(state);
  if (!byAction) memo.set(state, (byAction = new Map()));
  let after = byAction.get(action);
  if (!after) byAction.set(action, (after = transition(sim, state, { ...action.turn, take: action.id })));
  return after;
}

/** One turn taken: its action and the state after it. */
type Step = { action: Action; state: SimState };

/** The node ids each state's transition entered, by the state it made (as `takenBy`). */
const enteredBy = new WeakMap<SimState, readonly string[]>();

/** The node ids a transition entered, each once, in order. */
function entered(before: SimState, after: SimState): readonly string[] {
  if (after === before) return [];
  let ids = enteredBy.get(after);
  if (!ids) {
    const set = new Set<string>();
    for (const e of getEventsSince(before, after)) if (e.type === "enter") set.add(e.nodeId);
    enteredBy.set(after, (ids = [...set]));
  }
  return ids;
}

/** The first action at the state's node whose turn takes something still uncovered (`only`: that key). */
function coveringStep(sim: Simulator, state: SimState, uncovered: ReadonlySet<string>, only?: Key): Step | undefined {
  const actions = getActions(sim, state);
  // Without a target, only actions that can take something new are tried: an uncovered edge or global, or a move into
  // a node the engine passes through (its routes, response routes or edges may be new). Most nodes have none.
  if (!only) {
    for (const action of actions) {
      if (!uncovered.has(action.edgeKey) && !uncovered.has(action.globalKey) && !action.passesThrough) continue;
      const step = tryStep(sim, state, action, uncovered);
      if (step) return step;
    }
    return undefined;
  }
  // With one: the actions likely to take it first, then the rest; only those that may take it (on the way down to it,
  // most cannot).
  for (const likelyPass of [true, false]) {
    for (const action of actions) {
      if (isLikely(action, only) !== likelyPass || !mayTake(sim, state, action, only)) continue;
      const step = tryStep(sim, state, action, uncovered, only.key);
      if (step) return step;
    }
  }
  return undefined;
}

/** The step `action` makes from `state` when it takes something still uncovered (`only`: that key) and does not stop the call. */
function tryStep(sim: Simulator, state: SimState, action: Action, uncovered: ReadonlySet<string>, only?: string): Step | undefined {
  const after = run(sim, state, action);
  if (after.status === "stopped") return undefined;
  const takes = coveredBetween(state, after).some((k) => uncovered.has(k) && (only === undefined || k === only));
  return takes ? { action, state: after } : undefined;
}

/** Where a node lies on the path to a target: its index from the start node, or -1 when it is not on the path. */
type PathPosition = (nodeId: string | undefined) => number;

/** The action that moves furthest along the path to a target (see PathPosition), from the state's node. */
function stepAlong(sim: Simulator, state: SimState, position: PathPosition): Step | undefined {
  const here = position(state.nodeId);
  let best: Step | undefined;
  let bestAt = here;
  const actions = getActions(sim, state);
  // Usually the action into the path's next node gets furthest: try it alone first, all of them only when it does not.
  const next = actions.filter((a) => position(a.targetId) === here + 1);
  for (const candidates of [next, actions]) {
    for (const action of candidates) {
      const after = run(sim, state, action);
      if (after.status !== "active") continue;
      for (const id of entered(state, after)) {
        const at = position(id);
        // The state must wait on the path, further than now: or the next step would start off it, or go round again.
        if (at > bestAt && position(after.nodeId) > here) {
          best = { action, state: after };
          bestAt = at;
        }
      }
    }
    if (best) return best;
  }
  return best;
}

/** True for a node the engine leaves on its own (a Route, a Webhook, a Press Button, ...): entering it may take its ways. */
function passesThrough(sim: Simulator, nodeId: string): boolean {
  return getSimWays(sim, nodeId).some((w) => w.kind !== "edge" && w.kind !== "voicemail") || sim.nodes.get(nodeId)?.type === "Webhook";
}

/** True for an action that usually takes `key`: the edge itself, or a move into the global node or way's source. */
function isLikely(action: Action, { kind, from, to }: Key): boolean {
  return kind === "edge" ? action.id === to : action.targetId === from;
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

/** Depth-first entry and exit times of the search tree given by `parent`: v is below u when enter[u] <= enter[v] < exit[u]. */
function getTreeOrder(parent: Int32Array): { enter: Int32Array; exit: Int32Array } {
  const n = parent.length;
  const childCount = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) if (parent[v]! >= 0) childCount[parent[v]! + 1]!++;
  for (let v = 0; v < n; v++) childCount[v + 1]! += childCount[v]!;
  const children = new Int32Array(n);
  const fill = childCount.slice(0, n);
  for (let v = 0; v < n; v++) if (parent[v]! >= 0) children[fill[parent[v]!]!++] = v;
  const enter = new Int32Array(n).fill(-1);
  const exit = new Int32Array(n).fill(-1);
  let clock = 0;
  const stack: number[] = [];
  const cursor = childCount.slice(0, n);
  for (let root = 0; root < n; root++) {
    if (parent[root]! >= 0) continue;
    stack.push(root);
    enter[root] = clock++;
    while (stack.length > 0) {
      const v = stack[stack.length - 1]!;
      if (cursor[v]! < childCount[v + 1]!) {
        const c = children[cursor[v]!++]!;
        enter[c] = clock++;
        stack.push(c);
      } else {
        exit[v] = clock;
        stack.pop();
      }
    }
  }
  return { enter, exit };
}

/** The first index whose value is at least `value`, in an ascending array. */
function lowerBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indexes 0..n-1 that can be removed, with `next(i)`: the first index >= i not removed (path-compressed, near O(1)). */
function createSkipList(n: number): { next(i: number): number; remove(i: number): void } {
  const link = Int32Array.from({ length: n + 1 }, (_, i) => i);
  const next = (i: number): number => {
    let root = i;
    while (link[root] !== root) root = link[root]!;
    while (link[i] !== root) {
      const up = link[i]!;
      link[i] = root;
      i = up;
    }
    return root;
  };
  return { next, remove: (i) => void (link[i] = i + 1) };
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
  const defaults: Record<string, WebhookResponse> = {};
  const probe = createSimulator(pathway);
  for (const node of webhookNodes(probe)) defaults[getSimNodeName(node) ?? node.id] = { status: 200, body: {} };
  const sim: Simulator = { ...probe, config: { ...probe.config, webhook: createMockWebhooks(defaults), maxTurns: maxTurns + 1 } };
  // What to cover comes from the flow model, as coverage counts it: edges that can be taken, out of reachable nodes.
  const { distance, parent } = getSearchTree(sim.flow);
  const flowWays = getFlowWays(sim.flow);
  const edgeWays = getEdgeWays(sim.flow, flowWays);
  const uncovered = new Set<string>();
  const edgeKeys = new Map<string, string>();
  const whenOf = new Map<string, string>();
  for (const { edge, index } of getEdges(pathway)) {
    const way = edgeWays.get(index);
    if (!way || way.when === "never" || way.toIndex < 0 || distance[way.fromIndex]! < 0 || typeof edge.id !== "string") continue;
    const key = `edge:${edge.source}\u0000${edge.id}`;
    uncovered.add(key);
    edgeKeys.set(key, edge.id);
    whenOf.set(key, way.when);
  }
  for (const i of sim.flow.globals) if (distance[i]! >= 0) uncovered.add(`global:${sim.flow.ids[i]}`);
  for (const way of flowWays) {
    const fromData = way.kind === "route" || way.kind === "fallback" || way.kind === "response" || (way.kind === "press" && way.ref < 0);
    if (!fromData || way.when === "never" || way.toIndex < 0 || distance[way.fromIndex]! < 0) continue;
    const key = `way:${way.from}\u0000${way.to}`;
    uncovered.add(key);
    whenOf.set(key, way.when);
  }
  const scenarios: Scenario[] = [];
  const nodeRef = createNodeRef(sim);
  const order = getTreeOrder(parent);
  // Targets in depth-first order of the node they leave from: the targets below a node are one contiguous run.
  const sourceOf = (k: string): number => sim.flow.indexOf.get(parseKey(k).from) ?? -1;
  const targets = [...uncovered]
    .map((k) => {
      const source = sourceOf(k);
      return { k, source, at: order.enter[source] ?? -1 };
    })
    .filter((t) => t.at >= 0)
    .sort((x, y) => x.at - y.at);
  const targetEnter = Int32Array.from(targets, (t) => t.at);
  const targetKeys = targets.map((t) => t.k);
  const targetSource = Int32Array.from(targets, (t) => t.source);
  const pending = createSkipList(targets.length);
  /** The first target still to take whose node lies below `node` in the search tree (-1: none; `node` -1: anywhere). */
  const firstBelow = (node: number): number => {
    let i = node < 0 ? pending.next(0) : pending.next(lowerBound(targetEnter, order.enter[node]!));
    for (; i < targets.length; i = pending.next(i + 1)) {
      if (node >= 0 && targetEnter[i]! >= order.exit[node]!) return -1;
      if (uncovered.has(targetKeys[i]!)) return i;
      pending.remove(i);
    }
    return -1;
  };
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
  const notReached = new Set<string>();
  /** Nodes the generated turns enter: a reason must not say that no path reached one of them. */
  const reachedNodes = new Set<string>();
  /** Targets a scenario walked towards until it had `maxTurns` turns: the limit, not the pathway, stopped it. */
  const beyondTurns = new Set<string>();
  const budget = Math.max(2_000, sim.nodes.size * 20);
  const initial = createInitialState(sim);
  // Five actions per node: enough for every search a small pathway needs (the corpus's are unchanged by it), and
  // linear on large ones, where starting over along the known way makes no more scenarios than searching did.
  const searches: Searches = { initial, byState: new Map(), allowance: Math.max(500, sim.nodes.size * 5) };
  const initialKeys = coveredBy(initial.trace);
  while (uncovered.size > 0 && scenarios.length < maxScenarios) {
    let ti = firstBelow(-1);
    if (ti < 0) break;
    // States never change, so every scenario starts from the one initial state.
    let state = initial;
    for (const k of initialKeys) uncovered.delete(k);
    const turns: ScenarioTurn[] = [];
    let covered = 0;
    const take = (step: Step) => {
      const t = step.action.turn;
      for (const id of entered(state, step.state)) reachedNodes.add(id);
      for (const k of coveredBetween(state, step.state)) if (uncovered.delete(k)) covered++;
      state = step.state;
      // Assigned, not spread: a turn is made thousands of times, mostly before the code is optimised.
      const turn = { user: t.user } as ScenarioTurn;
      if (t.take !== undefined) turn.take = t.take;
      if (t.vars) turn.vars = t.vars;
      if (t.webhooks) turn.webhooks = t.webhooks as ScenarioTurn["webhooks"];
      if (t.transfer) turn.transfer = t.transfer;
      turn.expect = { node: nodeRef(state.nodeId) };
      turns.push(turn);
    };
    // Each scenario walks down the search tree to a target, takes it, takes whatever else is still uncovered where the
    // call is, then goes on to a target below that node: every step is a few transitions, so generation is linear.
    let fresh = true;
    while (ti >= 0) {
      const target = targetKeys[ti]!;
      const position = pathTo(targetSource[ti]!);
      const targetKey = parseKey(target);
      // Whether --max-turns, not a condition the generator cannot meet, is what kept the target out of reach.
      let limited = false;
      while (uncovered.has(target) && state.status === "active" && turns.length < maxTurns) {
        const step = coveringStep(sim, state, uncovered, targetKey) ?? stepAlong(sim, state, position);
        if (step) {
          take(step);
          continue;
        }
        const found = findNext(sim, searches, state, target, uncovered, budget);
        if (found && turns.length + found.length <= maxTurns) {
          for (const s of found) take(s);
          continue;
        }
        if (found) limited = true;
        // Stuck. A scenario that has taken nothing new yet starts again from the first state, along the shortest way
        // the search from there found (findNext asked it first).
        const known = covered === 0 && state !== initial ? stepsTo(searches.byState.get(initial), target) : undefined;
        if (known && known.length > maxTurns) limited = true;
        if (!known || known.length > maxTurns) break;
        state = initial;
        turns.length = 0;
        for (const s of known) take(s);
      }
      if (uncovered.has(target)) {
        // Missed from the start node, with nothing taken or no way known from the first state: it cannot be reached
        // within maxTurns, and the scenario goes on. Missed otherwise: the scenario ends here and the target gets one
        // of its own (which can start along the way the search from the first state knows).
        const knownFromStart = searches.byState.get(initial)?.first.has(target) === true;
        if (!fresh || (covered > 0 && knownFromStart)) break;
        uncovered.delete(target);
        notReached.add(target);
        if (limited || (state.status === "active" && turns.length >= maxTurns)) beyondTurns.add(target);
      }
      pending.remove(ti);
      fresh = false;
      while (state.status === "active" && turns.length < maxTurns) {
        const step = coveringStep(sim, state, uncovered);
        if (!step) break;
        take(step);
      }
      const here = sim.flow.indexOf.get(state.nodeId ?? "");
      ti = state.status === "active" && turns.length < maxTurns && here !== undefined ? firstBelow(here) : -1;
    }
    if (covered === 0) continue;
    const expect: Scenario["expect"] =
      state.status === "ended" ? { status: "ended", node: nodeRef(state.nodeId) }
      : state.status === "transferred" ? { status: "transferred", ...(state.transferNumber !== undefined && { transferred_to: state.transferNumber }) }
      : { status: state.status, node: nodeRef(state.nodeId) };
    scenarios.push({
      name: `${base} ${scenarios.length + 1}`,
      pathway: options.pathwayRef ?? "pathway.json",
      decider: "scripted",
      ...(Object.keys(defaults).length > 0 && (options.mocksRef !== undefined ? { mocks: options.mocksRef } : { webhooks: defaults as Scenario["webhooks"] })),
      turns,
      expect,
    } as Scenario);
  }
  const capped = uncovered.size > 0 && scenarios.length >= maxScenarios;
  const uncoveredList = [...notReached, ...uncovered].map((k) => {
    const kind = k.startsWith("global:") ? ("global" as const) : k.startsWith("way:") ? ("way" as const) : ("edge" as const);
    const id = kind === "global" ? k.slice(7) : kind === "way" ? k.slice(4).replace("\u0000", " → ") : (edgeKeys.get(k) ?? k);
    if (capped) return { id, kind, reason: `the limit of ${maxScenarios} scenarios was reached first` };
    if (beyondTurns.has(k)) return { id, kind, reason: `a scenario needs more than ${maxTurns} turns (the maxTurns limit, --max-turns) to reach it; raise the limit to cover it` };
    return { id, kind, reason: kind === "global" ? "no generated turn could jump to this global node" : uncoveredReason(whenOf.get(k), reachedNodes.has(parseKey(k).from)) };
  });
  return { scenarios, uncovered: uncoveredList, ...(options.mocksRef !== undefined && Object.keys(defaults).length > 0 && { mocks: { webhooks: defaults } }) };
}
