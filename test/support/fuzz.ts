// Fuzz run counts: short by default so the suite stays fast, long when PATHWAYKIT_FUZZ_RUNS asks (e.g. 100000 overnight).

/** The run count asked for: PATHWAYKIT_FUZZ_RUNS, or the older FUZZ_RUNS the validator's properties read. */
const asked = Number(process.env.PATHWAYKIT_FUZZ_RUNS ?? process.env.FUZZ_RUNS);

/** Runs for a property: `short` normally, PATHWAYKIT_FUZZ_RUNS when set (a positive integer), never fewer than `short`. */
export function fuzzRuns(short: number): number {
  return Number.isInteger(asked) && asked > short ? asked : short;
}

/** True when a long run was asked for: tests may then lift their per-test timeout. */
export const LONG_FUZZ = asked > 0;
