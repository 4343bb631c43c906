// The --timeout flag of every command: a duration with a unit (500ms, 30s, 2m, 1h) or a bare number of seconds, in milliseconds.
import { InvalidArgumentError } from "commander";

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** The longest duration accepted: a day (setTimeout fires at once past about 24.8 days). */
const MAX_MS = 86_400_000;

/**
 * Commander parser for a duration of 1 ms to 24 h: the value in milliseconds. With `maxBareSeconds`, larger bare
 * numbers are refused with a hint: the remote commands' --timeout took milliseconds before it took durations, and an
 * old `--timeout 30000` (or 500) read as seconds would wait hours (or minutes) instead of failing fast. Real values
 * are a few seconds to a few minutes, so only old millisecond values are above the limit.
 */
export function parseDuration(maxBareSeconds = Number.POSITIVE_INFINITY): (value: string) => number {
  return (value) => {
    const match = /^(\d+(?:\.\d+)?|\.\d+)(ms|s|m|h)?$/.exec(value.trim());
    const ms = match ? Math.round(Number(match[1]) * UNITS[match[2] ?? "s"]!) : Number.NaN;
    if (!(ms >= 1 && ms <= MAX_MS)) throw new InvalidArgumentError("Expected a duration such as 30s, 500ms or 2m (a bare number is seconds), at most 24h.");
    if (match![2] === undefined && Number(match![1]) > maxBareSeconds) {
      throw new InvalidArgumentError(`A bare number is seconds, but this flag took milliseconds before: write ${match![1]}ms or ${match![1]}s to say which.`);
    }
    return ms;
  };
}
