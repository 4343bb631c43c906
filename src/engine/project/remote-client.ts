// Shared by the remote operations (fetch, drift check, push): the client from options, host and manifest; a bounded pool.
import type { PathwayClient, RetryInfo } from "../../remote/index.js";
import { EngineError, toErrorObject } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import type { LoadedManifest } from "./manifest.js";
import type { ProgressEvent } from "../progress.js";

/** How to reach the service; all optional. */
export interface RemoteOptions {
  /** API root. Default: $PATHWAYKIT_BASE_URL, the manifest's baseUrl, or the service's public URL. */
  baseUrl?: string;
  /** Read endpoint. Default: the manifest entry's, else "convo". */
  endpoint?: "convo" | "pathway";
  /** Per-attempt timeout in milliseconds. Default 30000. */
  timeout?: number;
  /** Retries on network errors, timeouts, 429 and 5xx. Default 3. */
  retries?: number;
  /** Largest answer accepted, in bytes after decompression. Default 64 MiB (see DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  /** Downloads at a time (fetch, drift check). Default 4. */
  concurrency?: number;
  /** Told before each retry (the CLI logs it with PATHWAYKIT_DEBUG). */
  onRetry?: (info: RetryInfo) => void;
  /** Told as each item finishes (the CLI draws a progress bar). */
  onProgress?: (event: ProgressEvent) => void;
  /** Cancels every request (Ctrl-C). */
  signal?: AbortSignal;
}

/** The remote layer, loaded on first use: `pathway validate` imports this file for its flags, and never talks to the service unless an input is `remote:`. */
export const loadRemote = () => import("../../remote/index.js"); // why: the HTTP client, settings and chat (~18 ms) stay off validate's path until a remote: input appears

/** Builds the client from options, the host's environment (API key, base URL) and the manifest. */
export async function createClient(host: Host, options: RemoteOptions, loaded: LoadedManifest): Promise<PathwayClient> {
  const { createPathwayClient, resolveRemoteSettings } = await loadRemote();
  try {
    const settings = resolveRemoteSettings({ baseUrl: options.baseUrl, env: host.env, configBaseUrl: loaded.manifest.baseUrl });
    return createPathwayClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      ...(settings.encryptedKey !== undefined && { encryptedKey: settings.encryptedKey }),
      timeoutMs: options.timeout,
      retries: options.retries,
      ...(options.maxResponseBytes !== undefined && { maxResponseBytes: options.maxResponseBytes }),
      fetch: (url, init) => host.fetch(url, init),
      ...(options.onRetry && { onRetry: options.onRetry }),
      ...(options.signal && { signal: options.signal }),
    });
  } catch (error) {
    throw await toEngineError(error);
  }
}

/** A RemoteError as an EngineError ("remote", or "config" for a missing key: see toErrorObject); anything else is returned unchanged. */
export async function toEngineError(error: unknown, details: EngineError["details"] = {}): Promise<unknown> {
  const { RemoteError } = await loadRemote();
  if (!(error instanceof RemoteError)) return error;
  const { code, reason } = toErrorObject(error);
  return new EngineError(code === "config" ? "config" : "remote", error.message, reason, details);
}
