// Waiting for the service to finish a batch or simulation set: reads with a growing pause between them, a time limit, cancellation, and 429s or dropped reads waited out.
import { defaultSleep } from "../../../remote/answer-text.js";

/** How long and how often to wait; all optional. */
export interface PollOptions {
  /** The first pause between two reads. Default 2,000 ms. */
  pollIntervalMs?: number;
  /** Each pause is this times the last. Default 1.5. */
  factor?: number;
  /** The longest pause. Default 30,000 ms. */
  maxIntervalMs?: number;
  /** Give up waiting after this long. Default 1,800,000 ms (30 minutes). */
  maxWaitMs?: number;
  /** Stops the wait (Ctrl-C): the read in flight is abandoned and the last value read is kept. */
  signal?: AbortSignal;
  /** Waits `ms` (rejects when the signal aborts). Default a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds since some fixed point, for the time limit. Default performance.now(). */
  clock?: () => number;
  /** Told after each read (a progress bar). */
  onRead?: () => void;
}

/** The defaults of PollOptions. */
export const POLL_DEFAULTS = { pollIntervalMs: 2_000, factor: 1.5, maxIntervalMs: 30_000, maxWaitMs: 1_800_000 } as const;

/** How a wait ended: with the last value read (undefined when none could be), and why it stopped early. */
export interface PollResult<T> {
  value?: T;
  finished: boolean;
  stopped?: "time limit" | "interrupted";
  /** The last read's error when the reads kept failing in a way worth waiting out (429, 5xx, the network). */
  lastError?: Error;
}

/** Errors of a read that waiting can cure: rate limits, a failing or slow service, a dropped connection. */
const TRANSIENT = new Set(["rate-limited", "server", "network", "timeout", "truncated"]);

/**
 * Reads with `read` until `done` says the value is final, pausing between reads (first `pollIntervalMs`, then each
 * pause `factor` times the last, at most `maxIntervalMs`). Stops at `maxWaitMs` (a pause that would end past it is
 * not taken) or when `signal` aborts. A read that fails transiently (429, 5xx, network, timeout) is waited out like a
 * value that is not final; any other error is thrown.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, options: PollOptions = {}): Promise<PollResult<T>> {
  const sleep = options.sleep ?? defaultSleep;
  const clock = options.clock ?? (() => performance.now());
  const maxWait = options.maxWaitMs ?? POLL_DEFAULTS.maxWaitMs;
  const started = clock();
  let pause = options.pollIntervalMs ?? POLL_DEFAULTS.pollIntervalMs;
  let value: T | undefined;
  let lastError: Error | undefined;
  const interrupted = () => ({ ...(value !== undefined && { value }), finished: false, stopped: "interrupted" as const, ...(lastError && { lastError }) });
  for (;;) {
    if (options.signal?.aborted) return interrupted();
    try {
      value = await read();
      lastError = undefined;
      if (done(value)) return { value, finished: true };
    } catch (error) {
      if (options.signal?.aborted) return interrupted();
      if (!TRANSIENT.has(String((error as { kind?: unknown }).kind))) throw error;
      lastError = error as Error;
    }
    options.onRead?.();
    if (clock() - started + pause >= maxWait)
      return { ...(value !== undefined && { value }), finished: false, stopped: "time limit", ...(lastError && { lastError }) };
    try {
      await sleep(pause, options.signal);
    } catch {
      return interrupted();
    }
    pause = Math.min(pause * (options.factor ?? POLL_DEFAULTS.factor), options.maxIntervalMs ?? POLL_DEFAULTS.maxIntervalMs);
  }
}
