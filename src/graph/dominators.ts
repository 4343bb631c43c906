// Dominators of the flow graph from the start node (Cooper, Harvey and Kennedy's iterative algorithm), with global jumps.
import { toGraphIndex, type GraphSource } from "./graph-index.js";

/** The dominator tree of the nodes reachable from the start; answers "does every path to `u` pass through `d`?". */
export interface DominatorTree {
  /** Immediate dominator of each node index (-1 for the start and for unreachable nodes). */
  idom: Int32Array;
  /** True when every path from the start node to `u` passes through `d` (a node dominates itself). */
  dominates(d: number, u: number): boolean;
}

/**
 * Builds the dominator tree. Jumps to global nodes are modelled by one virtual node entered from every reachable
 * non-global node and leading to every global, so a global is dominated only by what dominates all of the conversation.
 */
export function getDominatorTree(source: GraphSource): DominatorTree {
  const g = toGraphIndex(source);
  const n = g.ids.length;
  const hub = n;
  const total = n + 1;
  const useHub = g.globals.length > 0;
  const postorder = new Int32Array(total).fill(-1);
  const rpo: number[] = [];
  const idom = new Int32Array(total).fill(-1);
  const pre = new Int32Array(total).fill(-1);
  const post = new Int32Array(total).fill(-1);
  if (g.start < 0) return { idom: idom.subarray(0, n), dominates: () => false };

  // Successors of x in the augmented graph, visited by position: out-edges, then the hub (or, for the hub, the globals).
  const degree = (x: number): number =>
    x === hub ? g.globals.length : g.outOffset[x + 1]! - g.outOffset[x]! + (useHub && g.isGlobal[x] === 0 ? 1 : 0);
  const successor = (x: number, k: number): number => {
    if (x === hub) return g.globals[k]!;
    const base = g.outOffset[x]!;
    return base + k < g.outOffset[x + 1]! ? g.outTarget[base + k]! : hub;
  };

  // Iterative depth-first search for a postorder of the reachable part.
  const seen = new Uint8Array(total);
  const stackNode = new Int32Array(total);
  const stackPos = new Int32Array(total);
  let sp = 0;
  let counter = 0;
  stackNode[0] = g.start;
  stackPos[0] = 0;
  seen[g.start] = 1;
  sp = 1;
  while (sp > 0) {
    const x = stackNode[sp - 1]!;
    const k = stackPos[sp - 1]!;
    if (k < degree(x)) {
      stackPos[sp - 1] = k + 1;
      const y = successor(x, k);
      if (seen[y] === 0) {
        seen[y] = 1;
        stackNode[sp] = y;
        stackPos[sp] = 0;
        sp++;
      }
      continue;
    }
    postorder[x] = counter++;
    rpo.push(x);
    sp--;
  }
  rpo.reverse();

  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (postorder[a]! < postorder[b]!) a = idom[a]!;
      while (postorder[b]! < postorder[a]!) b = idom[b]!;
    }
    return a;
  };
  const reachedNonGlobals: number[] = [];
  for (const x of rpo) if (x !== hub && g.isGlobal[x] === 0) reachedNonGlobals.push(x);

  idom[g.start] = g.start;
  let changed = true;
  while (changed) {
    changed = false;
    for (const b of rpo) {
      if (b === g.start) continue;
      let next = -1;
      if (b === hub) {
        // Every reachable non-global node leads to the hub; the start (when not global) dominates all of them.
        if (g.isGlobal[g.start] === 0) next = g.start;
        else for (const p of reachedNonGlobals) if (idom[p] !== -1) next = next === -1 ? p : intersect(p, next);
      } else {
        for (let q = g.inOffset[b]!, end = g.inOffset[b + 1]!; q < end; q++) {
          const p = g.inSource[q]!;
          if (idom[p] !== -1) next = next === -1 ? p : intersect(p, next);
        }
        if (useHub && g.isGlobal[b] === 1 && idom[hub] !== -1) next = next === -1 ? hub : intersect(hub, next);
      }
      if (next !== -1 && idom[b] !== next) {
        idom[b] = next;
        changed = true;
      }
    }
  }

  // Pre/post numbers on the dominator tree answer ancestor queries in constant time.
  const childCount = new Int32Array(total + 1);
  for (const x of rpo) if (x !== g.start) childCount[idom[x]! + 1]!++;
  for (let i = 0; i < total; i++) childCount[i + 1]! += childCount[i]!;
  const cursor = childCount.slice(0, total);
  const children = new Int32Array(rpo.length);
  for (const x of rpo) if (x !== g.start) children[cursor[idom[x]!]!++] = x;
  let clock = 0;
  sp = 0;
  stackNode[sp] = g.start;
  stackPos[sp] = childCount[g.start]!;
  sp++;
  pre[g.start] = clock++;
  while (sp > 0) {
    const x = stackNode[sp - 1]!;
    const k = stackPos[sp - 1]!;
    if (k < childCount[x + 1]!) {
      stackPos[sp - 1] = k + 1;
      const y = children[k]!;
      pre[y] = clock++;
      stackNode[sp] = y;
      stackPos[sp] = childCount[y]!;
      sp++;
      continue;
    }
    post[x] = clock++;
    sp--;
  }
  idom[g.start] = -1;
  return {
    idom: idom.subarray(0, n),
    dominates: (d, u) => pre[d]! >= 0 && pre[u]! >= 0 && pre[d]! <= pre[u]! && post[u]! <= post[d]!,
  };
}
