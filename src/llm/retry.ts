// Retries a model request the provider asked to be sent later (429, 500, 502-504) or that the network dropped, with backoff or the provider's Retry-After.
import { getBackoffDelay, parseRetryAfter } from "../remote/retry.js";
import type { ModelTransport } from "./transport.js";

/** Options of `withRetries`. */
export interface ModelRetryOptions {
  /** Retries after the first attempt. Default 2. */
  retries?: number;
  /** Waits `ms`; injected so tests do not wait. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Default Math.random (jitter). */
  random?: () => number;
  /** Longest wait before a retry, whatever Retry-After asks. Default 20000. */
  maxDelayMs?: number;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/** `inner` trying again on a retryable status or a network failure; a timeout (`signal`) is never retried past. */
export function withRetries(inner: ModelTransport, options: ModelRetryOptions): ModelTransport {
  const retries = options.retries ?? 2;
  const maxDelay = options.maxDelayMs ?? 20_000;
  return async (exchange, signal) => {
    for (let attempt = 0; ; attempt++) {
      let answer: Awaited<ReturnType<ModelTransport>> | undefined;
      try {
        answer = await inner(exchange, signal);
      } catch (error) {
        if (attempt >= retries || signal?.aborted || (error instanceof Error && /over the limit/.test(error.message))) throw error;
      }
      if (answer && (!RETRYABLE.has(answer.status) || attempt >= retries)) return answer;
      const asked = answer?.retryAfter === undefined ? undefined : parseRetryAfter(answer.retryAfter);
      await options.sleep(Math.min(maxDelay, asked ?? getBackoffDelay(attempt + 1, 500, maxDelay, options.random ?? Math.random)), signal);
    }
  };
}
