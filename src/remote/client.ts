// HTTP client of the service's pathway endpoints, over an injected fetch: timeouts, retries with backoff, clear errors.
import { getPathwayHash } from "./hash.js";
import { RemoteError, type RemoteErrorKind } from "./errors.js";
import { createRedactor } from "./redact.js";
import { readCappedBytes, ResponseTooLargeError } from "./read-body.js";
import {
  DEFAULT_BASE_URL,
  isLoopbackHost,
  resolveClientOptions,
  type ClientConfig,
  type ClientOptions,
  type FetchedPathway,
  type PathwayEndpoint,
  type PushResult,
} from "./client-options.js";
import { getBackoffDelay, isRetryableStatus, parseRetryAfter } from "./retry.js";
import { toPushBody, toRemotePathway } from "./shape.js";
import { toChatCreateBody, toChatReply, toChatSession } from "./chat.js";
import type { ChatApi } from "../model/index.js";
import { toVersionList, toVersionNumber, type PathwayVersionInfo } from "./versions.js";
import { createReleaseMethods, type RawAnswer, type ReleaseApi, type RequestExtra } from "./release.js";
import { getPathSegmentProblem } from "./path-segment.js";
import { describeCause, getRefusal, serverMessage } from "./answer-text.js";
import { createAgentTestingMethods, type AgentTestingApi } from "./agent-testing.js";
import { findDeepNesting, MAX_NESTING_DEPTH } from "../parse/nesting.js";
import { createCallMethods, type CallsApi } from "./calls.js";
import { createUsageMethods, type UsageApi } from "./usage.js";

export * from "./client-options.js";

/** The client: one method per endpoint. */
export interface PathwayClient extends ChatApi, ReleaseApi, CallsApi, UsageApi, AgentTestingApi {
  readonly config: ClientConfig;
  /** Reads a pathway; throws RemoteError. */
  getPathway(id: string, options?: { endpoint?: PathwayEndpoint }): Promise<FetchedPathway>;
  /** Saves a pathway with POST /v1/pathway/{id}; edge labels are sent at the top level. Throws RemoteError. */
  updatePathway(id: string, pathway: Record<string, unknown>): Promise<PushResult>;
  /** Lists the saved versions (GET /v1/pathway/{id}/versions), oldest first. Throws RemoteError. */
  listVersions(id: string): Promise<PathwayVersionInfo[]>;
  /** Reads one saved version (GET /v1/pathway/{id}/version/{n}; 0 is the live pathway). Throws RemoteError. */
  getVersion(id: string, version: number): Promise<FetchedPathway & { version: number }>;
}

/** An answer as the request gives it (release.ts names it for the endpoint groups). */
type Answer = RawAnswer;

/** Creates a client. Checks the base URL and key lazily, on the first call, so a bad one is reported as a RemoteError. */
export function createPathwayClient(options: ClientOptions = {}): PathwayClient {
  const config = resolveClientOptions(options);
  // The service may echo the authorization header anywhere (a 200 body, an error, a header): every text this client
  // builds from an answer passes through the redactor, so a RemoteError's message never holds the key.
  const redactKey = createRedactor(config.apiKey);
  const redactAccount = createRedactor(config.encryptedKey);
  const redact = (text: string) => redactAccount(redactKey(text));
  const fail = (kind: RemoteErrorKind, message: string, details: RemoteError["details"] = {}) => new RemoteError(kind, redact(message), details);
  /** Re-raises a RemoteError built elsewhere (the shape checks) with its message redacted. */
  const redacted = (error: unknown): unknown => (error instanceof RemoteError ? new RemoteError(error.kind, redact(error.message), error.details) : error);

  const baseUrl = (): URL => {
    let url: URL;
    try {
      url = new URL(config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`);
    } catch {
      throw fail("config", `Base URL ${JSON.stringify(config.baseUrl)} is not a URL; pass e.g. --base-url ${DEFAULT_BASE_URL}.`);
    }
    // `origin` is "null" for file:, data: and other non-web schemes, so the message names the scheme instead.
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw fail(
        "config",
        `Base URL ${JSON.stringify(config.baseUrl)} uses ${url.protocol.replace(/:$/, "")}:, which is not supported: use https (or http to this machine), e.g. --base-url ${DEFAULT_BASE_URL}.`,
      );
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
      throw fail("insecure", `Refusing to send the API key over plain http to ${url.host}; use https://${url.host} (plain http is allowed only to localhost).`);
    }
    if (url.username || url.password) throw fail("config", "The base URL must not hold credentials; the API key comes from PATHWAYKIT_API_KEY.");
    return url;
  };

  const request = async (method: "GET" | "POST" | "PUT", path: string, body: string | undefined, what: string, extra: RequestExtra = {}): Promise<Answer> => {
    const url = new URL(path, baseUrl()).toString();
    if (!config.apiKey) throw fail("config", 'No API key: set PATHWAYKIT_API_KEY to the key from the service\'s dashboard (sent raw, without "Bearer").');
    const headers: Record<string, string> = { authorization: config.apiKey, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (extra.account && config.encryptedKey) headers.encrypted_key = config.encryptedKey;
    // A read sent as POST (a campaign) is retried as a GET is: asking again changes nothing.
    const read = method === "GET" || extra.read === true;
    const maxAttempts = Math.max(1, config.retries + 1);
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = config.signal ? AbortSignal.any([config.signal, timeout]) : timeout;
      const where = `${method} ${url}`;
      const tries = `${attempt} attempt${attempt === 1 ? "" : "s"}`;
      let retry: { reason: string; delayMs?: number; error: RemoteError } | undefined;
      const aborted = () => config.signal?.aborted === true;
      const timedOut = () => timeout.aborted && !aborted();
      try {
        const response = await config.fetch(url, { method, headers, body, signal, redirect: "manual" });
        const status = response.status;
        let bytes: Uint8Array;
        try {
          bytes = await readCappedBytes(response, config.maxResponseBytes);
        } catch (error) {
          if (error instanceof ResponseTooLargeError) {
            throw fail(
              "too-large",
              `${what}: the answer from ${where} ${error.message}; nothing was read past the limit. Raise --max-response if the pathway really is that large.`,
              { url, status, attempts: attempt },
            );
          }
          if (aborted()) throw fail("aborted", `${what}: cancelled.`);
          if (timedOut()) throw fail("timeout", `${what}: the answer from ${where} did not finish within ${config.timeoutMs} ms.`, { url, attempts: attempt });
          throw fail("truncated", `${what}: the answer from ${where} was cut short (${describeCause(error)}).`, { url, status, attempts: attempt });
        }
        const length = response.headers.get("content-length");
        // Bytes, not the decoded text: the decoder drops a leading byte-order mark, which is no reason to call it short.
        if (length !== null && /^\d+$/.test(length) && bytes.byteLength < Number(length)) {
          throw fail("truncated", `${what}: the answer from ${where} was cut short (${bytes.byteLength} of ${length} bytes).`, {
            url,
            status,
            attempts: attempt,
          });
        }
        const text = new TextDecoder().decode(bytes);
        if (status >= 200 && status < 300) return { status, text, attempts: attempt, url };
        const said = serverMessage(redact(text));
        const saying = said ? ` The service said: ${said}` : "";
        if (status >= 300 && status < 400) {
          throw fail(
            "redirect",
            `${what}: ${where} answered with a redirect (${status}) to ${response.headers.get("location") ?? "nowhere"}; not followed (the key must not go elsewhere). Check --base-url.`,
            { url, status, attempts: attempt },
          );
        }
        if (status === 401)
          throw fail(
            "unauthorized",
            `${what}: the service rejected the API key (401 Unauthorized). Check PATHWAYKIT_API_KEY: the raw key from the dashboard, without "Bearer".${saying}`,
            { url, status, attempts: attempt },
          );
        if (status === 403)
          throw fail("forbidden", `${what}: the API key may not access this pathway (403 Forbidden). Use a key of the organisation that owns it.${saying}`, {
            url,
            status,
            attempts: attempt,
          });
        if (status === 409)
          throw fail(
            "conflict",
            `${what}: ${where} answered 409 Conflict: it changed on the service since it was read (a stale revision). Nothing was saved; read it again and retry.${saying}`,
            { url, status, attempts: attempt },
          );
        if (status === 404)
          throw fail(
            "not-found",
            `${what}: not found (404) at ${where}. Check the ${extra.subject ?? `pathway id${method === "GET" ? ", or try the other read endpoint (--endpoint convo|pathway)" : ""}`}.${saying}`,
            { url, status, attempts: attempt },
          );
        if (isRetryableStatus(status, read ? "GET" : method)) {
          const after = parseRetryAfter(response.headers.get("retry-after"));
          const kind: RemoteErrorKind = status === 429 ? "rate-limited" : "server";
          const label = status === 429 ? "rate limited (429 Too Many Requests)" : `the service failed (${status})`;
          retry = {
            reason: `${status}`,
            delayMs: after === undefined ? undefined : Math.min(after, config.maxRetryAfterMs),
            error: fail(
              kind,
              `${what}: ${label} at ${where}; gave up after ${tries}. Try again later${status === 429 ? " or lower --concurrency" : ""}.${saying}`,
              { url, status, attempts: attempt },
            ),
          };
        } else {
          throw fail("http", `${what}: ${where} answered ${status}.${saying || " Check the request."}`, { url, status, attempts: attempt });
        }
      } catch (error) {
        if (error instanceof RemoteError) {
          // A body cut short is worth another try on a read; everything else decided above is final.
          if (!(error.kind === "truncated" || error.kind === "timeout") || !read || attempt >= maxAttempts) {
            if (error.kind === "truncated" || error.kind === "timeout")
              throw fail(error.kind, `${error.message.replace(/\.$/, "")}; gave up after ${tries}.`, error.details);
            throw error;
          }
          retry = { reason: error.kind, error };
        } else if (aborted()) {
          throw fail("aborted", `${what}: cancelled.`, { url, attempts: attempt });
        } else if (timedOut()) {
          const error2 = fail(
            "timeout",
            `${what}: no answer from ${where} within ${config.timeoutMs} ms; gave up after ${tries}. The service may be slow: raise --timeout or try later.`,
            { url, attempts: attempt },
          );
          if (!read || attempt >= maxAttempts) throw error2;
          retry = { reason: "timeout", error: error2 };
        } else {
          const cause = describeCause(error);
          const refused = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(cause);
          // A connection the service closed mid-request was reached: "check --base-url" would send the user the wrong way.
          const dropped = /UND_ERR_SOCKET|ECONNRESET|EPIPE/.test(cause);
          const error2 = dropped
            ? fail(
                "network",
                `${what}: the connection to ${new URL(url).host} closed before the answer came (${cause}); gave up after ${tries}. The service or a proxy dropped it: try again later${read ? "" : " (not retried: the service may have received the request)"}.`,
                { url, attempts: attempt },
              )
            : fail("network", `${what}: cannot reach ${new URL(url).host} (${cause}); gave up after ${tries}. Check the network and --base-url.`, {
                url,
                attempts: attempt,
              });
          if ((!read && !refused) || attempt >= maxAttempts) throw error2;
          retry = { reason: cause, error: error2 };
        }
      }
      if (attempt >= maxAttempts) throw retry.error;
      const delayMs = retry.delayMs ?? getBackoffDelay(attempt, config.backoffBaseMs, config.backoffMaxMs, config.random);
      config.onRetry?.({ attempt, maxAttempts, delayMs, reason: retry.reason, url });
      try {
        await config.sleep(delayMs, config.signal);
      } catch {
        throw fail("aborted", `${what}: cancelled.`, { url, attempts: attempt });
      }
    }
  };

  const parse = (answer: Answer, what: string): unknown => {
    let value: unknown;
    try {
      value = JSON.parse(answer.text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const at = /at position (\d+)/.exec(message);
      const atEnd = /end of (JSON )?input|Unterminated/i.test(message) || (at !== null && Number(at[1]) >= answer.text.trimEnd().length);
      if (atEnd && answer.text.trim() !== "") {
        throw fail(
          "truncated",
          `${what}: the answer from ${answer.url} ends in the middle of the JSON (${answer.text.length} characters); it was cut short. Try again.`,
          { url: answer.url, status: answer.status, attempts: answer.attempts },
        );
      }
      const start = answer.text.replace(/\s+/g, " ").trim().slice(0, 60);
      throw fail(
        "invalid-json",
        `${what}: the answer from ${answer.url} is not JSON (${message.replace(/, ".*" is not valid JSON$/s, "")}); it starts with ${JSON.stringify(start)}. Is --base-url the API root?`,
        { url: answer.url, status: answer.status, attempts: answer.attempts },
      );
    }
    // JSON.parse takes any depth; writing the value back (a call record's file) or walking it overflowed the stack.
    const deep = findDeepNesting(value);
    if (deep)
      throw fail(
        "shape",
        `${what}: the answer from ${answer.url} is JSON nested ${deep.depth} levels deep, more than the ${MAX_NESTING_DEPTH} pathwaykit reads; no answer of the service nests so deep.`,
        { url: answer.url, status: answer.status, attempts: answer.attempts },
      );
    return value;
  };

  /** `id` as one URL path segment; `.`, `..` and empty are refused before anything is sent (they change the endpoint). */
  const segment = (id: string, what: string, noun = "pathway id"): string => {
    const problem = getPathSegmentProblem(id);
    if (problem !== undefined) throw fail("invalid-id", `${what}: the ${noun} ${problem}; nothing was sent. Pass the id the service gave.`);
    return encodeURIComponent(id);
  };

  /** What each group of methods is given, its ids named `noun` in refusals. */
  const methodContext = (noun?: string) => ({
    request,
    parse,
    fail,
    refusal: getRefusal,
    quote: (text: string) => serverMessage(redact(text)),
    segment: (id: string, what: string) => segment(id, what, noun),
  });

  return {
    config,
    ...createReleaseMethods(methodContext()),
    ...createCallMethods(methodContext("call id")),
    ...createUsageMethods(methodContext("phone number or campaign id")),
    ...createAgentTestingMethods(methodContext("agent-testing id")),
    async getPathway(id, options = {}) {
      const endpoint = options.endpoint ?? "convo";
      const what = `fetching pathway ${id}`;
      const path = endpoint === "convo" ? `v1/convo_pathway/${segment(id, what)}` : `v1/pathway/${segment(id, what)}`;
      const answer = await request("GET", path, undefined, what);
      let shaped: ReturnType<typeof toRemotePathway>;
      try {
        shaped = toRemotePathway(parse(answer, what), id);
      } catch (error) {
        throw redacted(error);
      }
      const { pathway } = shaped;
      return { id, endpoint, url: answer.url, pathway, hash: getPathwayHash(pathway), warnings: shaped.warnings.map(redact), attempts: answer.attempts };
    },
    async updatePathway(id, pathway) {
      const what = `pushing pathway ${id}`;
      const { body, liftedLabels } = toPushBody(pathway);
      const answer = await request("POST", `v1/pathway/${segment(id, what)}`, JSON.stringify(body), what);
      let response: unknown = answer.text;
      try {
        response = JSON.parse(answer.text);
      } catch {
        // A non-JSON success body is kept as text.
      }
      // The save endpoint answers 200 even when it refuses: `{"status": "error", "message": ...}`.
      const refusal = getRefusal(response);
      if (refusal !== undefined) {
        throw fail(
          "rejected",
          `${what}: the service answered ${answer.status} but refused the save${refusal ? `: ${serverMessage(redact(refusal))}` : ""}. Nothing was changed on the service.`,
          { url: answer.url, status: answer.status, attempts: answer.attempts },
        );
      }
      return { id, url: answer.url, status: answer.status, response, liftedLabels, attempts: answer.attempts };
    },
    async listVersions(id) {
      const what = `listing the versions of pathway ${id}`;
      const answer = await request("GET", `v1/pathway/${segment(id, what)}/versions`, undefined, what);
      return toVersionList(parse(answer, what), id);
    },
    async getVersion(id, version) {
      // Only a decimal number may become the path segment: `/version/1e+300` or `/version/NaN` is another request.
      if (toVersionNumber(version) === undefined) throw new TypeError(`getVersion: version must be a non-negative safe integer, not ${String(version)}`);
      const what = `fetching version ${version} of pathway ${id}`;
      const answer = await request("GET", `v1/pathway/${segment(id, what)}/version/${version}`, undefined, what);
      const { pathway, warnings } = toRemotePathway(parse(answer, what), `${id}@${version}`);
      return { id, endpoint: "pathway", url: answer.url, pathway, hash: getPathwayHash(pathway), warnings, attempts: answer.attempts, version };
    },
    async createChat(start) {
      const what = `starting a chat with pathway ${start.pathwayId}`;
      const answer = await request("POST", "v1/pathway/chat/create", JSON.stringify(toChatCreateBody(start)), what);
      return toChatSession(parse(answer, what), what);
    },
    async sendChatMessage(chatId, message) {
      const what = `sending a message to chat ${chatId}`;
      const answer = await request("POST", `v1/pathway/chat/${segment(chatId, what, "chat id")}`, JSON.stringify({ message }), what);
      return toChatReply(parse(answer, what), chatId, what);
    },
  };
}
