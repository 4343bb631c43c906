// Timing helpers for `npm run bench`: median of repeated runs after a warm-up, and a table printer.
import { performance } from "node:perf_hooks";

/** Median milliseconds of `fn` over `runs` runs, after `warmup` untimed ones. */
export function timeMedian(fn: () => unknown, runs = 7, warmup = 2): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * Median milliseconds of each function, timed in turns (a, b, c, a, b, c, ...) after `warmup` untimed rounds. A ratio
 * of two medians taken this way compares them under the same machine load and heap state, which on a shared machine
 * matters more than the number of runs.
 */
export function timeInTurns<T extends readonly (() => unknown)[]>(fns: T, runs = 15, warmup = 2): { [K in keyof T]: number } {
  for (let i = 0; i < warmup; i++) for (const fn of fns) fn();
  const times = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, k) => {
      const start = performance.now();
      fn();
      times[k]!.push(performance.now() - start);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!) as { [K in keyof T]: number };
}

/** Async variant of `timeMedian`. */
export async function timeMedianAsync(fn: () => Promise<unknown>, runs = 5, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** One line of the bench report. */
export interface BenchRow {
  name: string;
  value: string;
  note?: string;
}

/** A bench suite: a name and a function that measures and returns rows. */
export interface BenchSuite {
  name: string;
  run(): Promise<BenchRow[]>;
}

export function ms(n: number): string {
  return `${n.toFixed(1)} ms`;
}

export function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}x`;
}

/**
 * A layer's public surface as compiled to dist/ (`npm run bench` builds first): that is the code users run, while
 * tsx's transform of src/ wraps every closure in a naming call and would be timed instead.
 */
export async function loadShipped<T>(layer: string): Promise<T> {
  return (await import(new URL(`../../dist/${layer}/index.js`, import.meta.url).href)) as T;
}

/**
 * A JavaScript expression, for the script of a child process, giving its peak resident set size in kB. Linux's VmHWM
 * counts from the child's exec; process.resourceUsage().maxRSS keeps the peak of the process that forked it (this
 * bench, a few hundred MB by then), so every child would read at least that. maxRSS where /proc is missing.
 */
export const PEAK_RSS_KB = `(() => { try { return Number(/VmHWM:\\s+(\\d+) kB/.exec(process.getBuiltinModule("node:fs").readFileSync("/proc/self/status", "utf8"))[1]); } catch { return process.resourceUsage().maxRSS; } })()`;
