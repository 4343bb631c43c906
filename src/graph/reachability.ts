// Reachability from the start node, shortest paths, dead ends, traps and global nodes: iterative, linear-time passes.
import { getFlow, type FlowModel, type FlowSource } from "./flow.js";

/** Which nodes a caller can get to from the start node. */
export interface Reachability {
  /** Id of the start node (the first with `isStart: true`), when there is one. */
  start?: string;
  /** Reachable node ids, in file order. */
  reachable: string[];
  /** Unreachable node ids, in file order (all of them when there is no start node). */
  unreachable: string[];
}

/** A breadth-first search from the start: distance (-1 when unreachable) and the node each was first reached from. */
export interface SearchTree {
  distance: Int32Array;
  parent: Int32Array;
  /** Node indexes in the order they were reached. */
  order: Int32Array;
}

/**
 * Breadth-first search from the start node over flow edges. Global nodes are entered from any non-global node, so
 * they join the search (one step away) when the first non-global node is reached.
 */
export function getSearchTree(source: FlowSource): SearchTree {
  const g = getFlow(source);
  const n = g.ids.length;
  const distance = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  if (g.start >= 0) {
    distance[g.start] = 0;
    queue[tail++] = g.start;
  }
  let globalsReleased = g.globals.length === 0;
  while (head < tail) {
    const v = queue[head++]!;
    const next = distance[v]! + 1;
    for (let p = g.outOffset[v]!, end = g.outOffset[v + 1]!; p < end; p++) {
      const w = g.outTarget[p]!;
      if (distance[w] !== -1) continue;
      distance[w] = next;
      parent[w] = v;
      queue[tail++] = w;
    }
    if (!globalsReleased && g.isGlobal[v] === 0) {
      globalsReleased = true;
      for (const w of g.globals) {
        if (distance[w] !== -1) continue;
        distance[w] = next;
        parent[w] = v;
        queue[tail++] = w;
      }
    }
  }
  return { distance, parent, order: queue.subarray(0, tail) };
}

/** Reachable and unreachable nodes from the start node; global nodes count as reachable once any other node is. */
export function getReachability(source: FlowSource): Reachability {
  const g = getFlow(source);
  const { distance } = getSearchTree(g);
  const reachable: string[] = [];
  const unreachable: string[] = [];
  for (let i = 0; i < g.ids.length; i++) (distance[i]! >= 0 ? reachable : unreachable).push(g.ids[i]!);
  return { ...(g.start >= 0 && { start: g.ids[g.start] }), reachable, unreachable };
}

/** Ids of the global nodes (`data.isGlobal: true`), in file order. */
export function getGlobalNodes(source: FlowSource): string[] {
  const g = getFlow(source);
  return g.globals.map((i) => g.ids[i]!);
}

/** Shortest number of steps from the start node to each reachable node (a jump to a global node is one step). */
export function getDistances(source: FlowSource): Record<string, number> {
  const g = getFlow(source);
  const { distance, order } = getSearchTree(g);
  const result: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const i of order) result[g.ids[i]!] = distance[i]!;
  return result;
}

/** One shortest path of node ids from the start node to `target` (both included), or undefined when unreachable. */
export function getShortestPath(source: FlowSource, target: string): string[] | undefined {
  const g = getFlow(source);
  const t = g.indexOf.get(target);
  if (t === undefined) return undefined;
  const { distance, parent } = getSearchTree(g);
  if (distance[t]! < 0) return undefined;
  const path: string[] = [];
  for (let v = t; v >= 0; v = parent[v]!) path.push(g.ids[v]!);
  return path.reverse();
}

function hasWayOut(g: FlowModel, v: number): boolean {
  return g.outOffset[v + 1]! > g.outOffset[v]! || g.returns[v] !== 0;
}

/**
 * Ids of dead ends: nodes with no way on (no edge, route, response route or press target that leads to an existing
 * node) that are not End Call, a transfer or Transfer Pathway. A global node that hands control back (see
 * `GlobalReturn`) is not one.
 */
export function getDeadEnds(source: FlowSource): string[] {
  const g = getFlow(source);
  const result: string[] = [];
  for (let i = 0; i < g.ids.length; i++) if (g.isExit[i] === 0 && !hasWayOut(g, i)) result.push(g.ids[i]!);
  return result;
}

/** Ids of global nodes that never hand control back: `enableGlobalAutoReturn: false` and no way on of their own. */
export function getStrandingGlobals(source: FlowSource): string[] {
  const g = getFlow(source);
  return g.globals.filter((i) => g.isExit[i] === 0 && !hasWayOut(g, i)).map((i) => g.ids[i]!);
}

/**
 * Which nodes can reach an exit (End Call, transfer, Transfer Pathway) over ways that can be taken. A global node that
 * returns counts as one that can, since it hands control back to the conversation it interrupted.
 */
export function getCanExit(source: FlowSource): Uint8Array {
  const g = getFlow(source);
  const n = g.ids.length;
  const can = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (g.isExit[i] === 1 || g.returns[i] !== 0) {
      can[i] = 1;
      queue[tail++] = i;
    }
  }
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    for (let p = g.inOffset[v]!, end = g.inOffset[v + 1]!; p < end; p++) {
      const u = g.inSource[p]!;
      if (can[u] === 0) {
        can[u] = 1;
        queue[tail++] = u;
      }
    }
  }
  return can;
}

/**
 * Strongly connected components (iterative Tarjan). Returns the component number of each node; components are
 * numbered in reverse topological order (a component's successors have smaller numbers).
 */
export function getComponents(source: FlowSource): { component: Int32Array; count: number } {
  const g = getFlow(source);
  const n = g.ids.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const callNode = new Int32Array(n);
  const callEdge = new Int32Array(n);
  let sp = 0;
  let counter = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = g.outOffset[root]!;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    while (depth >= 0) {
      const v = callNode[depth]!;
      const p = callEdge[depth]!;
      if (p < g.outOffset[v + 1]!) {
        callEdge[depth] = p + 1;
        const w = g.outTarget[p]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          depth++;
          callNode[depth] = w;
          callEdge[depth] = g.outOffset[w]!;
        } else if (component[w] === -1 && index[w]! < low[v]!) {
          low[v] = index[w]!;
        }
        continue;
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack[--sp]!;
          component[w] = count;
        } while (w !== v);
        count++;
      }
      depth--;
      if (depth >= 0) {
        const u = callNode[depth]!;
        if (low[v]! < low[u]!) low[u] = low[v]!;
      }
    }
  }
  return { component, count };
}

/** Node index groups of the cyclic components: more than one node, or one node with an edge to itself. */
export function getCycleGroups(source: FlowSource): number[][] {
  const g = getFlow(source);
  const { component, count } = getComponents(g);
  const groups: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < g.ids.length; i++) groups[component[i]!]!.push(i);
  const selfLoop = (v: number) => {
    for (let p = g.outOffset[v]!, end = g.outOffset[v + 1]!; p < end; p++) if (g.outTarget[p] === v) return true;
    return false;
  };
  return groups.filter((members) => members.length > 1 || selfLoop(members[0]!)).sort((a, b) => a[0]! - b[0]!);
}

/**
 * Traps: cycles (strongly connected components) from which no End Call, transfer or Transfer Pathway can ever be
 * reached, so a caller who enters one can only go round. Each trap lists its node ids in file order; traps are ordered
 * by their first node. Global jumps are not counted as ways out: a caller should not need to say a global's label to
 * leave a loop.
 */
export function getTraps(source: FlowSource): string[][] {
  const g = getFlow(source);
  const can = getCanExit(g);
  return getCycleGroups(g)
    .filter((members) => members.every((i) => can[i] === 0))
    .map((members) => members.map((i) => g.ids[i]!));
}
