// The tree helpers scenario generation walks the search tree with: depth-first order, lower bound and the skip list agree with the plain definitions for every input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSkipList, getTreeOrder, lowerBound } from "../../src/graph/index.js";
import "../support/fast-check-seed.js";

/** A forest as a parent array: each node's parent comes before it (or is -1), as in a breadth-first search tree. */
const forest = fc.array(fc.nat(), { maxLength: 60 }).map((picks) => Int32Array.from(picks, (p, v) => (v === 0 || p % 4 === 0 ? -1 : p % v)));

function isAncestor(parent: Int32Array, u: number, v: number): boolean {
  for (let at = v; at >= 0; at = parent[at]!) if (at === u) return true;
  return false;
}

describe("getTreeOrder", () => {
  it("puts v below u exactly when u is an ancestor of v (or v itself)", () => {
    fc.assert(
      fc.property(forest, (parent) => {
        const { enter, exit } = getTreeOrder(parent);
        for (let u = 0; u < parent.length; u++) {
          for (let v = 0; v < parent.length; v++) expect(enter[u]! <= enter[v]! && enter[v]! < exit[u]!).toBe(isAncestor(parent, u, v));
        }
      }),
    );
  });

  it("numbers every node of a forest once, from 0", () => {
    const { enter } = getTreeOrder(Int32Array.from([-1, 0, 0, 1, -1, 4]));
    expect([...enter].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("lowerBound", () => {
  it("is the first index whose value is at least the one asked for", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (raw, value) => {
        const values = Int32Array.from(raw.sort((a, b) => a - b));
        const expected = values.findIndex((x) => x >= value);
        expect(lowerBound(values, value)).toBe(expected < 0 ? values.length : expected);
      }),
    );
  });
});

describe("createSkipList", () => {
  it("answers next(i) as the first index at or after i not removed, after any removals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(fc.nat()), fc.array(fc.nat()), (n, removals, asks) => {
        const list = createSkipList(n);
        const removed = new Set<number>();
        for (const r of removals) {
          if (n === 0) break;
          list.remove(r % n);
          removed.add(r % n);
        }
        for (const a of asks) {
          const i = a % (n + 1);
          let expected = i;
          while (expected < n && removed.has(expected)) expected++;
          expect(list.next(i)).toBe(expected);
        }
      }),
    );
  });
});
