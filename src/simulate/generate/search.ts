// The searches of scenario generation: the next step that takes something uncovered, and the shortest way to a target.
import type { CoverageTarget, TargetKey } from "./coverage-targets.js";
import {
  enteredBetween,
  getActions,
  isLikely,
  mayTake,
  runAction,
  takenBetween,
  type Action,
  type GenerationRun,
  type Search,
  type SearchStep,
  type Step,
} from "./actions.js";
import type { SimState } from "../types.js";

/** The most searches a run keeps (the one from the first state always among them). */
const MAX_SEARCHES = 64;

/** The key telling states apart in a search: node and return stack. */
function stateKey(state: SimState): string {
  return `${state.nodeId}|${state.returnTo.join(",")}`;
}

/**
 * Runs the search from `start` in breadth-first order of actions, recording for each key still uncovered the first
 * step that takes it without stopping the call, and pausing after each one recorded. States are told apart by node
 * and return stack; at most `run.budget` actions are tried (and, from a state other than the first, the allowance).
 */
function* search(run: GenerationRun, start: SimState, uncovered: ReadonlySet<TargetKey>, first: Map<TargetKey, SearchStep>): Generator<void> {
  const charged = start !== run.initial;
  const seen = new Set<string>([stateKey(start)]);
  let frontier: (SearchStep | undefined)[] = [undefined];
  let expansions = 0;
  while (frontier.length > 0) {
    const next: SearchStep[] = [];
    for (const previous of frontier) {
      const from = previous?.state ?? start;
      for (const action of getActions(run, from)) {
        if (++expansions > run.budget || (charged && --run.allowance < 0)) return;
        const after = runAction(run, from, action);
        const step: SearchStep = { action, state: after, previous };
        if (after.status !== "stopped") {
          let recorded = false;
          for (const k of takenBetween(run, from, after)) {
            if (!uncovered.has(k) || first.has(k)) continue;
            first.set(k, step);
            recorded = true;
          }
          if (recorded) yield;
        }
        if (after.status !== "active") continue;
        const key = stateKey(after);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(step);
      }
    }
    frontier = next;
  }
}

/** The search from `state`, run on until it has taken `target` or ended. */
function searchFor(run: GenerationRun, state: SimState, target: TargetKey, uncovered: ReadonlySet<TargetKey>): Search {
  const { searches } = run;
  let known = searches.get(state);
  if (!known) {
    // Past the allowance a new search could try nothing: none is made, nor pushes a useful one out of the cache.
    if (state !== run.initial && run.allowance <= 0) return { first: new Map(), rest: undefined };
    if (searches.size >= MAX_SEARCHES) searches.delete([...searches.keys()].find((s) => s !== run.initial)!);
    const first = new Map<TargetKey, SearchStep>();
    known = { first, rest: search(run, state, uncovered, first) };
    searches.set(state, known);
  }
  while (!known.first.has(target) && known.rest) if (known.rest.next().done) known.rest = undefined;
  return known;
}

/**
 * The shortest list of steps from `state` whose last one takes `target` (uncovered), breadth-first: the fallback where
 * the search tree's path cannot be walked (a route or condition leads elsewhere). Undefined when none is found within
 * the run's budget, or within what is left of the allowance of searches from states other than the first. The search
 * from the first state is run as well, so that a scenario stuck with nothing taken can start over along its way.
 */
export function findNext(run: GenerationRun, state: SimState, target: TargetKey, uncovered: ReadonlySet<TargetKey>): Step[] | undefined {
  searchFor(run, run.initial, target, uncovered);
  return stepsTo(searchFor(run, state, target, uncovered), target);
}

/** The steps of `search` that end taking `target`, from its start; undefined when it has not found the target. */
export function stepsTo(search: Search | undefined, target: TargetKey): Step[] | undefined {
  const steps: Step[] = [];
  for (let at = search?.first.get(target); at; at = at.previous) steps.push({ action: at.action, state: at.state });
  return steps.length > 0 ? steps.reverse() : undefined;
}

/** The first action at the state's node whose turn takes something still uncovered (`only`: that target). */
export function coveringStep(run: GenerationRun, state: SimState, uncovered: ReadonlySet<TargetKey>, only?: CoverageTarget): Step | undefined {
  const actions = getActions(run, state);
  // Without a target, only actions that can take something new are tried: an uncovered edge or global, or a move into
  // a node the engine passes through (its routes, response routes or edges may be new). Most nodes have none.
  if (!only) {
    for (const action of actions) {
      if (!uncovered.has(action.edgeKey) && !uncovered.has(action.globalKey) && !action.passesThrough) continue;
      const step = tryStep(run, state, action, uncovered);
      if (step) return step;
    }
    return undefined;
  }
  // With one: the actions likely to take it first, then the rest; only those that may take it (on the way down to it,
  // most cannot).
  for (const likelyPass of [true, false]) {
    for (const action of actions) {
      if (isLikely(action, only) !== likelyPass || !mayTake(run.sim, state, action, only)) continue;
      const step = tryStep(run, state, action, uncovered, only.key);
      if (step) return step;
    }
  }
  return undefined;
}

/** The step `action` makes from `state` when it takes something still uncovered (`only`: that key) and does not stop the call. */
function tryStep(run: GenerationRun, state: SimState, action: Action, uncovered: ReadonlySet<TargetKey>, only?: TargetKey): Step | undefined {
  const after = runAction(run, state, action);
  if (after.status === "stopped") return undefined;
  const takes = takenBetween(run, state, after).some((k) => uncovered.has(k) && (only === undefined || k === only));
  return takes ? { action, state: after } : undefined;
}

/** Where a node lies on the path to a target: its index from the start node, or -1 when it is not on the path. */
export type PathPosition = (nodeId: string | undefined) => number;

/** The action that moves furthest along the path to a target (see PathPosition), from the state's node. */
export function stepAlong(run: GenerationRun, state: SimState, position: PathPosition): Step | undefined {
  const here = position(state.nodeId);
  let best: Step | undefined;
  let bestAt = here;
  const actions = getActions(run, state);
  // Usually the action into the path's next node gets furthest: try it alone first, all of them only when it does not.
  const next = actions.filter((a) => position(a.targetId) === here + 1);
  for (const candidates of [next, actions]) {
    for (const action of candidates) {
      const after = runAction(run, state, action);
      if (after.status !== "active") continue;
      for (const id of enteredBetween(run, state, after)) {
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
