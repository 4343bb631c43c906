// The server's analysis thread: one worker analyses one document at a time, and is stopped when a newer version arrives, when the analysis runs past its time, or when it outgrows its memory.
import { Worker } from "node:worker_threads";
import type { Diagnostic } from "../diagnostics/index.js";
import type { AnalysisRequest, AnalysisResponse, AnalysisWorkerData } from "./analysis-worker.js";

/** How one analysis ended. */
export type AnalysisOutcome =
  | { kind: "done"; diagnostics: Diagnostic[] }
  /** A newer version of the document (or the server's end) stopped it: nothing to publish. */
  | { kind: "cancelled" }
  | { kind: "timeout" }
  | { kind: "out-of-memory" }
  | { kind: "failed"; message: string };

/** The budget of one analysis. */
export interface AnalysisLimits {
  timeoutMs: number;
  /** The analysis thread's JavaScript heap (V8's old generation), in MB. */
  memoryMb: number;
}

/** One document to analyse (see AnalysisRequest). */
export type AnalysisJob = Omit<AnalysisRequest, "id">;

/** Runs analyses off the server's thread, one at a time, first come first served. */
export interface AnalysisPool {
  /**
   * Analyses `job` for `key` (a document URI). An analysis of the same key, queued or running, is replaced: it
   * resolves "cancelled" (a running one is stopped at once, its thread ended).
   */
  run(key: string, job: AnalysisJob, limits: AnalysisLimits, onStart?: () => void): Promise<AnalysisOutcome>;
  /** Stops the analysis of `key`, queued or running; it resolves "cancelled". */
  cancel(key: string): void;
  /** Stops everything and ends the thread. */
  dispose(): void;
}

/** Options of `createAnalysisPool`. */
export interface AnalysisPoolOptions {
  /** The project's folder and environment, as the server's host has them. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** What the thread writes to its stdout or stderr (nothing should): never the protocol's stdout. Default: dropped. */
  onOutput?: (text: string) => void;
}

interface Queued {
  key: string;
  job: AnalysisJob;
  limits: AnalysisLimits;
  resolve: (outcome: AnalysisOutcome) => void;
  onStart?: () => void;
}

interface Running extends Queued {
  id: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * A pool of one worker thread. Stopping an analysis means ending its thread (engine code cannot be interrupted
 * otherwise); the next analysis starts a new one. The thread's heap is capped (V8's resourceLimits), so an analysis
 * that outgrows it ends its thread, not the server.
 */
export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  const queue: Queued[] = [];
  let running: Running | undefined;
  let worker: { thread: Worker; memoryMb: number } | undefined;
  let nextId = 1;
  let disposed = false;

  const endThread = () => {
    const thread = worker?.thread;
    worker = undefined;
    void thread?.terminate();
  };

  const settle = (job: Running, outcome: AnalysisOutcome, stopThread: boolean) => {
    if (running !== job) return;
    clearTimeout(job.timer);
    running = undefined;
    if (stopThread) endThread();
    job.resolve(outcome);
    void pump();
  };

  const startThread = async (memoryMb: number): Promise<Worker> => {
    // The entry's URL comes from the entry itself: in the CLI's bundle it is a chunk whose name only the bundle knows.
    const { ANALYSIS_WORKER_URL } = await import("./analysis-worker.js");
    const workerData: AnalysisWorkerData = { role: "pathwaykit-analysis", cwd: options.cwd, env: { ...options.env } };
    // stdout: true keeps the thread's output off the server's stdout, which carries the protocol.
    const thread = new Worker(new URL(ANALYSIS_WORKER_URL), { workerData, resourceLimits: { maxOldGenerationSizeMb: memoryMb }, stdout: true, stderr: true });
    for (const stream of [thread.stdout, thread.stderr]) stream.on("data", (chunk: Buffer) => options.onOutput?.(chunk.toString("utf8")));
    // The server's end, not the thread's, decides when the process ends.
    thread.unref();
    const mine = () => worker?.thread === thread;
    thread.on("message", (response: AnalysisResponse) => {
      if (!mine() || !running || response.id !== running.id) return;
      settle(running, "error" in response ? { kind: "failed", message: response.error } : { kind: "done", diagnostics: response.diagnostics }, false);
    });
    thread.on("error", (error: Error & { code?: string }) => {
      if (!mine()) return;
      worker = undefined;
      if (running) settle(running, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? { kind: "out-of-memory" } : { kind: "failed", message: error.message }, false);
    });
    thread.on("exit", (code) => {
      if (!mine()) return;
      worker = undefined;
      if (running) settle(running, { kind: "failed", message: `the analysis thread ended (exit code ${code})` }, false);
    });
    worker = { thread, memoryMb };
    return thread;
  };

  const pump = async () => {
    if (running || disposed) return;
    const next = queue.shift();
    if (!next) return;
    const job: Running = { ...next, id: nextId++ };
    running = job;
    try {
      // A new memory budget needs a new thread: resourceLimits are fixed when a thread starts.
      if (worker && worker.memoryMb !== job.limits.memoryMb) endThread();
      const thread = worker?.thread ?? (await startThread(job.limits.memoryMb));
      if (running !== job) return;
      job.timer = setTimeout(() => settle(job, { kind: "timeout" }, true), job.limits.timeoutMs);
      thread.postMessage({ ...job.job, id: job.id } satisfies AnalysisRequest);
      job.onStart?.();
    } catch (error) {
      settle(job, { kind: "failed", message: error instanceof Error ? error.message : String(error) }, true);
    }
  };

  const cancel = (key: string) => {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i]!.key !== key) continue;
      const [dropped] = queue.splice(i, 1);
      dropped!.resolve({ kind: "cancelled" });
    }
    if (running?.key === key) settle(running, { kind: "cancelled" }, true);
  };

  return {
    run(key, job, limits, onStart) {
      cancel(key);
      if (disposed) return Promise.resolve({ kind: "cancelled" });
      const outcome = new Promise<AnalysisOutcome>((resolve) => queue.push({ key, job, limits, resolve, ...(onStart && { onStart }) }));
      void pump();
      return outcome;
    },
    cancel,
    dispose() {
      disposed = true;
      for (const queued of queue.splice(0)) queued.resolve({ kind: "cancelled" });
      if (running) settle(running, { kind: "cancelled" }, true);
      endThread();
    },
  };
}
