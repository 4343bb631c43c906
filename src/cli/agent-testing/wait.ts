// Waiting on the service's Agent Testing: how long and how often (--max-wait, --poll-interval), and Ctrl-C, whose first press stops the wait cleanly (the command reports what it has).
import type { ServerRunOptions } from "../../engine/scenarios/server/run-on-server.js";
import { escapeTerminalLine } from "../../escape/terminal.js";
import type { CliIo } from "../io.js";

/** The flags only a server run takes. */
export interface ServerTestFlags {
  server?: boolean;
  explain?: boolean;
  /** Milliseconds. */
  maxWait?: number;
  /** Milliseconds. */
  pollInterval?: number;
}

/** How long and how often a server run waits (--max-wait, --poll-interval), Ctrl-C's signal, and a line on stderr when the service starts. */
export function toPollOptions(io: CliIo, flags: ServerTestFlags, signal: AbortSignal): ServerRunOptions {
  return {
    ...(flags.maxWait !== undefined && { maxWaitMs: flags.maxWait }),
    ...(flags.pollInterval !== undefined && { pollIntervalMs: flags.pollInterval }),
    signal,
    onStart: (s) =>
      io.stderr.write(
        `pathway: ${s.batchId !== undefined ? `batch ${escapeTerminalLine(s.batchId)}` : `simulation set ${escapeTerminalLine(s.simulationSetId ?? "")}`} of pathway ${escapeTerminalLine(s.pathwayId)} started on the service; waiting for it (Ctrl-C stops waiting).\n`,
      ),
  };
}
/**
 * Runs `work` with a signal that aborts on the first SIGINT or SIGTERM, saying on stderr what stopping means
 * (`what`: the service's runs go on there). The handlers are removed when `work` settles, so a second Ctrl-C after
 * that, or one during a later step, has the default effect.
 */
export async function withInterrupt<T>(io: CliIo, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    io.stderr.write(`pathway: stopping: ${what}\n`);
    controller.abort(new Error("interrupted"));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    return await work(controller.signal);
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}
