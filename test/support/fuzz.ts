// Fuzz run counts: short by default so the suite stays fast, long when PATHWAYKIT_FUZZ_RUNS asks (e.g. 100000 overnight).

/** Runs for a property: `short` normally, PATHWAYKIT_FUZZ_RUNS when set (a positive integer), never fewer than `short`. */
export function fuzzRuns(short: number): number {
  const asked = Number(process.env.PATHWAYKIT_FUZZ_RUNS);
  return Number.isInteger(asked) && asked > short ? asked : short;
}

/** True when a long run was asked for: tests may then lift their per-test timeout. */
export const LONG_FUZZ = Number(process.env.PATHWAYKIT_FUZZ_RUNS) > 0;
