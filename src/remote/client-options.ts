// The remote client's settings and the shapes it answers with: options and their defaults, which hosts may carry the key over http.
import { defaultSleep } from "./answer-text.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./read-body.js";

/** The service's public API root. */
export const DEFAULT_BASE_URL = "https://api.bland.ai";

/** Which read endpoint to use: `convo` is GET /v1/convo_pathway/{id}, `pathway` is GET /v1/pathway/{id}. */
export type PathwayEndpoint = "convo" | "pathway";

/** The subset of the WHATWG fetch the client needs; pass `globalThis.fetch` or a test double. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** Reported before each retry. */
export interface RetryInfo {
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  reason: string;
  url: string;
}

/** Options of `createPathwayClient`; all optional. */
export interface ClientOptions {
  /** The API key, sent raw in the `authorization` header. Required for every call. */
  apiKey?: string;
  /** The telephony-provider account's `encrypted_key`, sent only to the inbound-number endpoints that take it; never printed. Default none. */
  encryptedKey?: string;
  /** Default DEFAULT_BASE_URL. Plain http is refused except to loopback addresses (the key would travel in clear text). */
  baseUrl?: string;
  /** Default `globalThis.fetch`. */
  fetch?: FetchFunction;
  /** Per attempt, headers and body together. Default 30,000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First backoff delay. Default 500 ms. */
  backoffBaseMs?: number;
  /** Longest backoff delay. Default 8,000 ms. */
  backoffMaxMs?: number;
  /** Longest Retry-After honoured; longer asks are cut to this. Default 60,000 ms. */
  maxRetryAfterMs?: number;
  /** Source of jitter, 0..1. Default Math.random. */
  random?: () => number;
  /** Waits between attempts. Default a timer that the abort signal cancels. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each retry (for progress or logs; never given the key). */
  onRetry?: (info: RetryInfo) => void;
  /** Cancels everything. */
  signal?: AbortSignal;
  /** Largest answer accepted, in bytes after decompression; checked on Content-Length and while the body streams. Default DEFAULT_MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number;
}

export { DEFAULT_MAX_RESPONSE_BYTES };

/** ClientOptions with defaults filled in. */
export type ClientConfig = Required<Omit<ClientOptions, "apiKey" | "encryptedKey" | "signal" | "onRetry">> &
  Pick<ClientOptions, "apiKey" | "encryptedKey" | "signal" | "onRetry">;

/** Fills in the defaults of ClientOptions. */
export function resolveClientOptions(options: ClientOptions = {}): ClientConfig {
  return {
    apiKey: options.apiKey,
    encryptedKey: options.encryptedKey,
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: options.retries ?? 3,
    backoffBaseMs: options.backoffBaseMs ?? 500,
    backoffMaxMs: options.backoffMaxMs ?? 8_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
    onRetry: options.onRetry,
    signal: options.signal,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
}

/** True for hosts on this machine, the only ones plain http may carry the key to. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A pathway as read from the service. */
export interface FetchedPathway {
  id: string;
  endpoint: PathwayEndpoint;
  url: string;
  pathway: Record<string, unknown>;
  /** `sha256:` of the pathway's canonical JSON (see getPathwayHash). */
  hash: string;
  warnings: string[];
  attempts: number;
}

/** The outcome of a save. */
export interface PushResult {
  id: string;
  url: string;
  status: number;
  /** The service's answer, parsed when it is JSON. */
  response: unknown;
  /** Edge labels copied from data.label to the top level. */
  liftedLabels: number;
  attempts: number;
}
