// CPU time of a piece of work, for tests that prove a cost (linear, bounded): unlike wall-clock time, other processes on a shared machine barely change it.

/** The value `run` returns, and the CPU time (user + system, in ms) this process spent while it ran. */
export async function measureCpu<T>(run: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const before = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(before);
  return { value, ms: (used.user + used.system) / 1000 };
}

/** The CPU time (ms) of a synchronous `run`. */
export function cpuMsOf(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
