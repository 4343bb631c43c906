// The flags of the remote commands (fetch, diff, push): --base-url, --endpoint, --timeout, --retries, --max-response, --concurrency.
import { Option, type Command } from "commander";
import type { RemoteOptions } from "../engine/project/remote-client.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../remote/read-body.js";
import { parseByteSize, resolveByteSize } from "./byte-size.js";
import { parseWholeNumber } from "./check-files.js";
import { parseDuration } from "./duration.js";
import type { CliIo } from "./io.js";

/** Flags shared by fetch, diff and push, as commander parses them. */
export interface RemoteFlags {
  baseUrl?: string;
  endpoint?: "convo" | "pathway";
  /** Milliseconds (the flag takes a duration). */
  timeout?: number;
  retries?: number;
  concurrency?: number;
  maxResponse?: number;
}

/** Environment variable for the answer cap (`--max-response` wins). */
export const MAX_RESPONSE_SIZE_ENV = "PATHWAYKIT_MAX_RESPONSE_SIZE";

/** The --concurrency option of every command that runs work in parallel (downloads, live runs). */
export function createConcurrencyOption(description: string): Option {
  return new Option("--concurrency <n>", description).argParser(parseWholeNumber(1)).default(4);
}

/** Adds --base-url, --endpoint, --timeout, --retries to a command. */
export function addRemoteOptions(command: Command): Command {
  return command
    .option("--base-url <url>", "API root (default: $PATHWAYKIT_BASE_URL, the manifest's baseUrl, or https://api.bland.ai)")
    .addOption(new Option("--endpoint <name>", "read endpoint: convo (GET /v1/convo_pathway/{id}) or pathway (GET /v1/pathway/{id})").choices(["convo", "pathway"]))
    .addOption(new Option("--timeout <duration>", "per-attempt timeout: 30s, 500ms, 2m (a bare number is seconds; at most 24h)").argParser(parseDuration(300)).default(30_000, "30s"))
    .addOption(new Option("--retries <n>", "retries on network errors, timeouts, 429 and 5xx (at most 20)").argParser(parseWholeNumber(0, 20)).default(3))
    .addOption(new Option("--max-response <size>", `largest answer accepted, decompressed (default: $${MAX_RESPONSE_SIZE_ENV} or 64MB)`).argParser(parseByteSize));
}

/** Waits from this long are said on stderr even without PATHWAYKIT_DEBUG: a silent minute (a 429's Retry-After) looks hung. */
const LONG_WAIT_MS = 1_000;

/** The engine's RemoteOptions from flags; long waits before a retry are said on stderr, and with PATHWAYKIT_DEBUG every retry (never the key). */
export function toRemoteOptions(flags: RemoteFlags, io: CliIo): RemoteOptions {
  const { maxResponse, ...rest } = flags;
  return {
    ...rest,
    maxResponseBytes: resolveByteSize(maxResponse, io.env, MAX_RESPONSE_SIZE_ENV, DEFAULT_MAX_RESPONSE_BYTES),
    onRetry: (info) => {
      if (!io.env.PATHWAYKIT_DEBUG && info.delayMs < LONG_WAIT_MS) return;
      const wait = info.delayMs < LONG_WAIT_MS ? `${info.delayMs} ms` : `${Math.round(info.delayMs / 100) / 10} s`;
      io.stderr.write(`pathway: retrying ${info.url} in ${wait} (${info.reason}; attempt ${info.attempt} of ${info.maxAttempts})\n`);
    },
  };
}
