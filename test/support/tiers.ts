// The slow tier: whole-corpus browser sweeps, the largest generated inputs and long property runs, on when PATHWAYKIT_SLOW_TESTS=1 (CI sets it).

/** True when the slow tier runs. `npm test` alone leaves it off, so a developer's run stays in minutes; CI runs both. */
export const SLOW_TESTS = process.env.PATHWAYKIT_SLOW_TESTS === "1";

/**
 * `items` whole in the slow tier, else `count` of them spread evenly (first and last included), so a quick run still
 * meets files of every size the corpus has.
 */
export function sweep<T>(items: readonly T[], count: number): readonly T[] {
  if (SLOW_TESTS || items.length <= count) return items;
  if (count <= 1) return items.slice(0, count);
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/** Property runs: `slow` in the slow tier, `quick` otherwise. */
export function propertyRuns(quick: number, slow: number): number {
  return SLOW_TESTS ? slow : quick;
}
