// The flags of every command that reads the service (--base-url, --endpoint, --timeout, --retries, --max-response), and the engine's RemoteOptions from them.
import type { Command } from "commander";
import type { RemoteOptions } from "../engine/project/remote-client.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../remote/read-body.js";
import { resolveByteSize } from "./options/byte-size.js";
import { option } from "./options/index.js";
import { MAX_RESPONSE_SIZE_ENV } from "./options/service.js";
import type { CliIo } from "./io.js";

/** Flags shared by the commands that read the service, as commander parses them. */
export interface RemoteFlags {
  baseUrl?: string;
  endpoint?: "convo" | "pathway";
  /** Milliseconds (the flag takes a duration). */
  timeout?: number;
  retries?: number;
  concurrency?: number;
  maxResponse?: number;
}

/** Adds --base-url, --endpoint, --timeout, --retries and --max-response (the table's) to a command. */
export function addRemoteOptions(command: Command): Command {
  return command
    .addOption(option("baseUrl"))
    .addOption(option("endpoint"))
    .addOption(option("timeout", { of: "request" }))
    .addOption(option("retries"))
    .addOption(option("maxResponse"));
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
      // A number's configuration is retried without printing the number: the endpoint says enough.
      const url = info.url.replace(/\/v1\/inbound\/[^/?#]+/, "/v1/inbound/{phone_number}");
      io.stderr.write(`pathway: retrying ${url} in ${wait} (${info.reason}; attempt ${info.attempt} of ${info.maxAttempts})\n`);
    },
  };
}
