// When to try a request again and how long to wait: exponential backoff with jitter, or the server's Retry-After.

/**
 * The delay before retry number `attempt` (1 for the first retry): `base * 2^(attempt-1)` capped at `max`, then
 * "equal jitter" (half fixed, half random) so many clients do not retry in step.
 */
export function getBackoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** Milliseconds a `Retry-After` header asks for (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** True for statuses worth retrying: 429 and 5xx for reads; for writes only 429 and the gateway errors (the request never reached the service). */
export function isRetryableStatus(status: number, method: string): boolean {
  if (status === 429) return true;
  if (method === "GET") return status >= 500 && status <= 599;
  return status === 502 || status === 503 || status === 504;
}
