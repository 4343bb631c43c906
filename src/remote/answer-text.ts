// What the client reads from an answer for its messages (the cause of a failure, the service's words, a refusal in a 2xx body), and its default wait.

/** Waits `ms`; the abort signal cancels the wait (rejecting with its reason). */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** What a failed fetch says of its cause: the system code (ECONNREFUSED...) and message. */
export function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  const message = typeof cause?.message === "string" ? cause.message : error instanceof Error ? error.message : String(error);
  return code ? `${code}${message && !message.includes(code) ? `: ${message}` : ""}` : message;
}

/** Short text from an error body: its `message`/`error` field when JSON, else the start of the text. */
export function serverMessage(text: string): string {
  let message = text;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object") {
      const v = value as Record<string, unknown>;
      const m = v.message ?? v.error ?? v.errors;
      if (m !== undefined) message = typeof m === "string" ? m : JSON.stringify(m);
    }
  } catch {
    // Not JSON: keep the text.
  }
  // The text reaches a terminal: no escape sequences from the network.
  message = message
    .replace(/\s+/g, " ")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "?")
    .trim();
  return message.length > 200 ? `${message.slice(0, 199)}…` : message;
}

/** The service's message when a 2xx answer is really a refusal (`status: "error"` or an `error` field); undefined when it is not. */
export function getRefusal(response: unknown): string | undefined {
  if (!response || typeof response !== "object" || Array.isArray(response)) return undefined;
  const r = response as Record<string, unknown>;
  const failed =
    (typeof r.status === "string" && /^(error|fail(ed|ure)?)$/i.test(r.status)) ||
    r.success === false ||
    (r.error !== undefined && r.error !== null && r.error !== false);
  if (!failed) return undefined;
  const m = r.message ?? r.error ?? r.errors;
  return m === undefined || m === true ? "" : typeof m === "string" ? m : JSON.stringify(m);
}
