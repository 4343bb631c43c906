// Helpers over a tree given as a parent array (the flow model's search tree): depth-first order, and the sorted-index tools that walk it.

/**
 * Depth-first entry and exit times of the tree given by `parent` (-1 for a root): v is below u when
 * enter[u] <= enter[v] < exit[u]. Nodes outside every tree keep -1. Iterative, so deep trees cannot overflow the stack.
 */
export function getTreeOrder(parent: Int32Array): { enter: Int32Array; exit: Int32Array } {
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

/** The first index whose value is at least `value`, in an ascending array (its length when there is none). */
export function lowerBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indexes 0..n-1 that can be removed, with `next(i)`: the first index >= i not removed (n when none; path-compressed, near O(1)). */
export function createSkipList(n: number): { next(i: number): number; remove(i: number): void } {
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
