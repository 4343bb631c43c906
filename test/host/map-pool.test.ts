// mapPool, the bounded pool of every command that fetches or writes many things: input order, at most `limit` in flight, the first error rejects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../support/fast-check-seed.js";
import { mapPool } from "../../src/host/map-pool.js";

/** Resolves after `ticks` turns of the microtask and timer queues, so pieces of work finish out of order. */
const after = (ticks: number) => new Promise<void>((resolve) => (ticks === 0 ? queueMicrotask(resolve) : setTimeout(resolve, ticks)));

describe("mapPool", () => {
  it("gives results in input order, with at most `limit` (and at least one) pieces of work in flight", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }), fc.integer({ min: -1, max: 8 }), async (delays, limit) => {
        let inFlight = 0;
        let most = 0;
        const results = await mapPool(delays, limit, async (delay, index) => {
          most = Math.max(most, ++inFlight);
          await after(delay);
          inFlight--;
          return `${index}:${delay}`;
        });
        expect(results).toEqual(delays.map((delay, index) => `${index}:${delay}`));
        expect(most).toBeLessThanOrEqual(Math.max(1, limit));
        if (delays.length > 0) expect(most).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 60 },
    );
  });

  it("rejects with the first error thrown, even while other work is still running", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        async (delays, picks, limit) => {
          const failing = new Set(picks.map((p) => p % delays.length));
          const thrown: number[] = [];
          const error = await mapPool(delays, limit, async (delay, index) => {
            await after(delay);
            if (!failing.has(index)) return index;
            thrown.push(index);
            throw new Error(`failed ${index}`);
          }).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).toBe(`failed ${thrown[0]}`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("gives an empty list for no items without calling the work", async () => {
    expect(await mapPool([], 4, () => Promise.reject(new Error("never")))).toEqual([]);
  });
});
