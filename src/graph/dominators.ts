// Dominators of the flow graph from the start node (Cooper, Harvey and Kennedy's iterative algorithm), with global jumps.
import { getFlow, type FlowSource } from "./flow.js";

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
export function getDominatorTree(source: FlowSource): DominatorTree {
  const g = getFlow(source);
  const n = g.ids.length;
  const hub = n;
  const total = n + 1;
  const useHub = g.globals.length > 0;
  const postorder = new Int32Array(total).fill(-1);
  const idom = new Int32Array(total).fill(-1);
  const pre = new Int32Array(total).fill(-1);
  const post = new Int32Array(total).fill(-1);
  if (g.start < 0) return { idom: idom.subarray(0, n), dominates: () => false };

  // Iterative depth-first search for a postorder of the reachable part. The successors of x, by position k: its
  // out-edges, then the hub (for a non-global node); the hub's successors are the globals.
  const { outOffset, outTarget, isGlobal, globals } = g;
  const order = new Int32Array(total);
  const seen = new Uint8Array(total);
  const stackNode = new Int32Array(total);
  const stackPos = new Int32Array(total);
  let sp = 1;
  let counter = 0;
  stackNode[0] = g.start;
  seen[g.start] = 1;
  while (sp > 0) {
    const x = stackNode[sp - 1]!;
    const k = stackPos[sp - 1]!;
    let y = -1;
    if (x === hub) {
      if (k < globals.length) y = globals[k]!;
    } else {
      const degree = outOffset[x + 1]! - outOffset[x]!;
      if (k < degree) y = outTarget[outOffset[x]! + k]!;
      else if (k === degree && useHub && isGlobal[x] === 0) y = hub;
    }
    if (y < 0) {
      postorder[x] = counter;
      order[counter++] = x;
      sp--;
      continue;
    }
    stackPos[sp - 1] = k + 1;
    if (seen[y] === 0) {
      seen[y] = 1;
      stackNode[sp] = y;
      stackPos[sp++] = 0;
    }
  }

  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (postorder[a]! < postorder[b]!) a = idom[a]!;
      while (postorder[b]! < postorder[a]!) b = idom[b]!;
    }
    return a;
  };

  idom[g.start] = g.start;
  let changed = true;
  while (changed) {
    changed = false;
    // Reverse postorder: every node after (most of) its predecessors.
    for (let r = counter - 1; r >= 0; r--) {
      const b = order[r]!;
      if (b === g.start) continue;
      let next = -1;
      if (b === hub) {
        // Every reachable non-global node leads to the hub; the start (when not global) dominates all of them.
        if (isGlobal[g.start] === 0) next = g.start;
        else {
          for (let q = 0; q < counter; q++) {
            const p = order[q]!;
            if (p !== hub && isGlobal[p] === 0 && idom[p] !== -1) next = next === -1 ? p : intersect(p, next);
          }
        }
      } else {
        for (let q = g.inOffset[b]!, end = g.inOffset[b + 1]!; q < end; q++) {
          const p = g.inSource[q]!;
          if (idom[p] !== -1) next = next === -1 ? p : intersect(p, next);
        }
        if (useHub && isGlobal[b] === 1 && idom[hub] !== -1) next = next === -1 ? hub : intersect(hub, next);
      }
      if (next !== -1 && idom[b] !== next) {
        idom[b] = next;
        changed = true;
      }
    }
  }

  // Pre/post numbers on the dominator tree answer ancestor queries in constant time.
  const childCount = new Int32Array(total + 1);
  for (let q = 0; q < counter; q++) if (order[q] !== g.start) childCount[idom[order[q]!]! + 1]!++;
  for (let i = 0; i < total; i++) childCount[i + 1]! += childCount[i]!;
  const cursor = childCount.slice(0, total);
  const children = new Int32Array(counter);
  for (let r = counter - 1; r >= 0; r--) if (order[r] !== g.start) children[cursor[idom[order[r]!]!]!++] = order[r]!;
  let clock = 0;
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
