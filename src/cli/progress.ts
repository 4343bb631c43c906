// A progress bar on stderr for long multi-file commands: shown only on a terminal and only for more than a few items.
import type { ProgressEvent } from "../engine/progress.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { CliIo } from "./io.js";

/** A running progress display; every method is a no-op when no bar is shown. */
export interface Progress {
  /** Marks one item done; `detail` (e.g. the file name) is shown beside the bar. */
  tick(detail?: string): void;
  /** Removes the bar so later output starts on a clean line. */
  stop(): void;
}

/** Options of `createProgress`. */
export interface ProgressOptions {
  /** Number of items. */
  total: number;
  /** Word shown before the bar (default "working"). */
  label?: string;
  /** Show a bar only for more than this many items (default 3). */
  threshold?: number;
}

const silent: Progress = { tick() {}, stop() {} };

/**
 * A progress bar on `io.stderr` when it is a terminal, CI is not set and there are more than `threshold` items;
 * otherwise a silent stand-in, so piped output and logs stay clean. cli-progress is loaded only when a bar is shown.
 */
export async function createProgress(io: CliIo, options: ProgressOptions): Promise<Progress> {
  if (io.stderr.isTTY !== true || options.total <= (options.threshold ?? 3) || (io.env.CI !== undefined && io.env.CI !== "" && io.env.CI !== "false")) {
    return silent;
  }
  const { default: cliProgress } = await import("cli-progress"); // why: ~12 ms, only for a bar on a terminal
  const bar = new cliProgress.SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream as NodeJS.WriteStream,
      format: `${options.label ?? "working"} [{bar}] {value}/{total} {detail}`,
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(options.total, 0, { detail: "" });
  return {
    tick(detail = "") {
      const safe = escapeTerminalText(detail);
      bar.increment(1, { detail: safe.length > 40 ? `…${safe.slice(-39)}` : safe });
    },
    stop() {
      bar.stop();
    },
  };
}

/**
 * A progress bar for an engine operation that learns the total only as it runs: the bar starts on the first event
 * (with that event's total). `report` is the operation's `onProgress`; call `stop` when it returns.
 */
export function createProgressReporter(io: CliIo, label: string): { report: (event: ProgressEvent) => void; stop: () => Promise<void> } {
  let bar: Promise<Progress> | undefined;
  return {
    report(event) {
      bar ??= createProgress(io, { total: event.total, label });
      void bar.then((b) => b.tick(event.detail));
    },
    async stop() {
      if (bar) (await bar).stop();
    },
  };
}
