// The turns scenario generation may write at a node, and what running one takes, remembered for one generation run.
import { getNodeType } from "../../model/node-types/index.js";
import { nodeData } from "../../model/pathway.js";
import type { PathwayNode } from "../../model/schema.js";
import { edgeTargetKey, getTargetsTaken, globalTargetKey, type CoverageTarget, type TargetKey } from "./coverage-targets.js";
import { resolveTake } from "../deciders/scripted.js";
import { getAutoReach, getVariants } from "./ways.js";
import { getCandidates, getSimWays, returnsToCaller, type Simulator } from "../machine.js";
import { getEventsSince } from "../trace-log.js";
import { transition } from "../transition.js";
import type { Candidate, SimState, Turn } from "../types.js";

/**
 * What one turn can take, besides the edge it decides at its own node: moves out of `from` (the node the decision enters
 * and every node the engine's automatic ways lead on to from there), and the global node it jumps to, if any.
 */
type Reach = { from: ReadonlySet<string>; jumpsTo: string | undefined };

/**
 * A turn the generator may write: `turn.take` is what the file says (a label where it is unique), `id` what runs (the
 * edge or global id, the engine's fast path). `reach` is where running it can move from, known without running it
 * (see `getReach`); undefined when that depends on the call's variables.
 */
export type Action = {
  turn: Turn;
  id: string;
  targetId: string;
  reach: Reach | undefined;
  /** Its coverage keys as an edge from here and as a jump to its target, and whether its target moves on by itself (computed once per node). */
  edgeKey: TargetKey;
  globalKey: TargetKey;
  passesThrough: boolean;
};

/** One turn taken: its action and the state after it. */
export type Step = { action: Action; state: SimState };

/** A step of a breadth-first search, with the step before it (undefined: the search's first). */
export type SearchStep = { action: Action; state: SimState; previous: SearchStep | undefined };

/**
 * A breadth-first search from one state, kept between questions: the first step (in search order) that takes each
 * key still uncovered, and the search itself, suspended where it stopped. Many targets get stuck at the same state
 * and each used to search from it anew; a target no turn can take made every one of those searches run to the end.
 */
export type Search = { first: Map<TargetKey, SearchStep>; rest: Generator<void> | undefined };

/**
 * What one generation has worked out so far, passed to every step explicitly: two generations share nothing, and
 * what one remembers goes with it. States never change, so everything keyed by a state stays true; those maps are weak
 * so that states no scenario or search still holds can go.
 */
export interface GenerationRun {
  sim: Simulator;
  /** The call's first state: every scenario starts from it. */
  initial: SimState;
  /** Every action at a node, by node id (computed once per node). */
  actions: Map<string, Action[]>;
  /**
   * Transitions already run, by the state they start from and the action. Scenarios walk down the same search tree from
   * the one initial state, so their first turns are mostly transitions an earlier scenario ran: at 1,000 nodes two in three.
   */
  transitions: WeakMap<SimState, Map<Action, SimState>>;
  /** The keys each state's transition took, by the state it made (one transition makes a state: see `runAction`). */
  takenBy: WeakMap<SimState, readonly TargetKey[]>;
  /** The node ids each state's transition entered, by the state it made. */
  enteredBy: WeakMap<SimState, readonly string[]>;
  /**
   * The searches, by the state they start from: the one from the call's first state, and the most recent others (a
   * suspended search holds its frontier).
   */
  searches: Map<SimState, Search>;
  /**
   * What is left of the actions all searches from other states may try together: each stuck scenario searching from
   * where it is made generation quadratic on pathways with many routes (2,000 nodes: 8 s, 4,000: 50 s); past the
   * allowance a stuck scenario ends, and the next one starts from the first state along the shortest way its search knows.
   */
  allowance: number;
  /** The most actions one search tries. */
  budget: number;
}

/** A new run's memory, for `sim` from its first state. */
export function createGenerationRun(sim: Simulator, initial: SimState): GenerationRun {
  return {
    sim,
    initial,
    actions: new Map(),
    transitions: new WeakMap(),
    takenBy: new WeakMap(),
    enteredBy: new WeakMap(),
    searches: new Map(),
    // Five actions per node: enough for every search a small pathway needs (the corpus's are unchanged by it), and
    // linear on large ones, where starting over along the known way makes no more scenarios than searching did.
    allowance: Math.max(500, sim.nodes.size * 5),
    budget: Math.max(2_000, sim.nodes.size * 20),
  };
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
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

/** Every action at the state's node: each candidate, in each way of steering the automatic node it leads to (per node, computed once). */
export function getActions(run: GenerationRun, state: SimState): Action[] {
  const known = run.actions.get(state.nodeId!);
  if (known) return known;
  const actions = computeActions(run.sim, state);
  run.actions.set(state.nodeId!, actions);
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
        turn: {
          user: userLine(c),
          take: ref,
          ...(Object.keys(vars).length > 0 && { vars }),
          ...(v.webhooks && { webhooks: v.webhooks }),
          ...(v.transfer && { transfer: v.transfer }),
        },
        id,
        targetId: c.targetId,
        reach,
        edgeKey: edgeTargetKey(state.nodeId!, id),
        globalKey: globalTargetKey(c.targetId),
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

/** Where running `take: id` among `candidates` can move from and jump to: the candidate it resolves to, and on from there by itself. */
function getReach(sim: Simulator, candidates: readonly Candidate[], id: string): Reach {
  const decision = resolveTake(candidates, id);
  if (decision.kind !== "take") return { from: new Set(), jumpsTo: undefined };
  const chosen = candidates[decision.index]!;
  return { from: getAutoReach(sim, chosen.targetId), jumpsTo: chosen.kind === "global" ? chosen.targetId : undefined };
}

/** True for a node the engine leaves on its own (a Route, a Webhook, a Press Button, ...): entering it may take its ways. */
function passesThrough(sim: Simulator, nodeId: string): boolean {
  return getSimWays(sim, nodeId).some((w) => w.kind !== "edge" && w.kind !== "voicemail") || getNodeType(sim.nodes.get(nodeId)?.type)?.flow.runs === "request";
}

/** Runs an action by its id: the same choice as its written `take:` (takeRef keeps labels unique), without resolving a label. */
export function runAction(run: GenerationRun, state: SimState, action: Action): SimState {
  let byAction = run.transitions.get(state);
  if (!byAction) run.transitions.set(state, (byAction = new Map()));
  let after = byAction.get(action);
  if (!after) byAction.set(action, (after = transition(run.sim, state, { ...action.turn, take: action.id })));
  return after;
}

/** What a transition from `before` to `after` takes (its new events only, without building either state's whole trace). */
export function takenBetween(run: GenerationRun, before: SimState, after: SimState): readonly TargetKey[] {
  if (after === before) return [];
  let keys = run.takenBy.get(after);
  if (!keys) run.takenBy.set(after, (keys = getTargetsTaken(getEventsSince(before, after))));
  return keys;
}

/** The node ids a transition entered, each once, in order. */
export function enteredBetween(run: GenerationRun, before: SimState, after: SimState): readonly string[] {
  if (after === before) return [];
  let ids = run.enteredBy.get(after);
  if (!ids) {
    const set = new Set<string>();
    for (const e of getEventsSince(before, after)) if (e.type === "enter") set.add(e.nodeId);
    run.enteredBy.set(after, (ids = [...set]));
  }
  return ids;
}

/**
 * False only when running `action` from `state` cannot take `target`, known without running it: so skipping it
 * changes nothing. A turn moves by its decision at the state's node (the edge or global it resolves to), then by itself
 * from the node entered; a global node that returns to the node it interrupted may instead go back there and decide
 * again, which is not known in advance, and neither is a choice among edges with conditions.
 */
export function mayTake(sim: Simulator, state: SimState, action: Action, target: CoverageTarget): boolean {
  const here = state.nodeId;
  if (action.reach === undefined || here === undefined) return true;
  const node = sim.nodes.get(here);
  if (state.returnTo.length > 0 && node && nodeData(node).isGlobal === true && returnsToCaller(sim, here)) return true;
  if (target.kind === "global") return action.reach.jumpsTo === target.node;
  return target.node === here || action.reach.from.has(target.node);
}

/** True for an action that usually takes `target`: the edge itself, or a move into the global node or way's source. */
export function isLikely(action: Action, target: CoverageTarget): boolean {
  return target.kind === "edge" ? action.id === target.edgeId : action.targetId === target.node;
}
