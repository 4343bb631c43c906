// Webhook answers: mocks from a scenario (by node id or name), and live HTTP through an injected fetch.
import type { WebhookHandler, WebhookRequest, WebhookResponse } from "./types.js";
import type { FetchLike } from "./deciders/llm.js";

function findMock(mocks: Readonly<Record<string, WebhookResponse>>, request: WebhookRequest): WebhookResponse | undefined {
  if (Object.hasOwn(mocks, request.nodeId)) return mocks[request.nodeId];
  const name = request.nodeName?.trim().toLowerCase();
  for (const [key, value] of Object.entries(mocks)) if (name !== undefined && key.trim().toLowerCase() === name) return value;
  return undefined;
}

/** Answers from `mocks`; calls `fallback` (e.g. live HTTP) for webhooks without a mock, else fails with what to add. */
export function createMockWebhooks(mocks: Readonly<Record<string, WebhookResponse>> = {}, fallback?: WebhookHandler): WebhookHandler {
  return (request) => {
    const mock = findMock(mocks, request);
    if (mock) return mock;
    if (fallback) return fallback(request);
    const ref = request.nodeName ?? request.nodeId;
    throw new Error(`no mock for it; add webhooks: {"${ref}": {status: 200, body: {...}}} to the scenario (or the turn), or run with --live`);
  };
}

/** Options of `createLiveWebhooks`. */
export interface LiveWebhookOptions {
  fetch: FetchLike;
  /** Milliseconds before a call is abandoned. Default 15000. */
  timeoutMs?: number;
}

/** Real HTTP calls (only with `--live`): sends the rendered request, parses a JSON body when there is one. */
export function createLiveWebhooks(options: LiveWebhookOptions): WebhookHandler {
  return async (request) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of request.headers) headers[k] = v;
    const init = {
      method: request.method,
      headers,
      body: request.method === "GET" ? "" : (request.body ?? ""),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    };
    if (request.method === "GET") delete (init as { body?: string }).body;
    const response = await options.fetch(request.url, init as Parameters<FetchLike>[1]);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body };
  };
}
