// JSON-RPC 2.0 over newline-delimited JSON, the Model Context Protocol's stdio framing: one message per line in, one answer per line out.
import { toJsonText } from "../escape/json.js";

/** The protocol's error codes (JSON-RPC 2.0). */
export const RPC_ERRORS = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internalError: -32603 } as const;

/** Thrown by a request handler to answer with a JSON-RPC error instead of a result. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the server does with each message. */
export interface RpcHandlers {
  /** Answers a request; `signal` aborts when the client cancels it (notifications/cancelled). Throw RpcError for a protocol error. */
  request(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
  /** Takes a notification (nothing is answered). */
  notification(method: string, params: unknown): void;
}

/** Options of `serveJsonRpc`. */
export interface RpcStreamOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Longest line read, in bytes: a longer one is skipped whole and answered with an error. */
  maxMessageBytes: number;
  /** Told what was wrong with a message that could not be taken (the protocol's stdout carries only messages). */
  log(message: string): void;
}

type Id = string | number;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is Id => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

/**
 * Reads messages from `options.input` until it ends (the client went away or closed the pipe), hands requests and
 * notifications to `handlers` and writes each answer as one line. Requests run side by side; a cancelled one gets no
 * answer (the client has stopped waiting for it). Resolves when the input ends. A line that is not JSON, not an object,
 * a batch (dropped from the protocol in 2025-06-18) or longer than `maxMessageBytes` is answered with an error and
 * skipped; the lines after it are read as usual.
 */
export function serveJsonRpc(handlers: RpcHandlers, options: RpcStreamOptions): Promise<void> {
  const running = new Map<Id, AbortController>();
  let ended = false;
  const send = (message: Record<string, unknown>) => {
    // Compact, one line, with the characters a terminal or log viewer acts on written as \u escapes (the same value).
    if (!ended) options.output.write(toJsonText({ jsonrpc: "2.0", ...message }, 0));
  };
  const fail = (id: Id | null, code: number, message: string) => send({ id, error: { code, message } });

  const take = (line: string) => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      options.log(`a line that is not JSON was skipped (${error instanceof Error ? error.message : String(error)})`);
      return fail(null, RPC_ERRORS.parseError, "Parse error: the line is not JSON.");
    }
    if (Array.isArray(message)) return fail(null, RPC_ERRORS.invalidRequest, "Batches are not supported: send one message per line.");
    if (!isObject(message) || message.jsonrpc !== "2.0")
      return fail(
        isObject(message) && isId(message.id) ? message.id : null,
        RPC_ERRORS.invalidRequest,
        'Invalid request: expected a JSON-RPC 2.0 object ("jsonrpc": "2.0").',
      );
    const { id, method, params } = message;
    // An answer to a request of ours: the server sends none, so there is nothing to match it with.
    if (typeof method !== "string") {
      if ("result" in message || "error" in message) return undefined;
      return fail(isId(id) ? id : null, RPC_ERRORS.invalidRequest, "Invalid request: no method.");
    }
    if (id === undefined) {
      if (method === "notifications/cancelled") {
        const cancelled = isObject(params) ? params.requestId : undefined;
        if (isId(cancelled)) running.get(cancelled)?.abort();
        return undefined;
      }
      return handlers.notification(method, params);
    }
    if (!isId(id)) return fail(null, RPC_ERRORS.invalidRequest, "Invalid request: the id must be a string or a number.");
    if (running.has(id)) return fail(id, RPC_ERRORS.invalidRequest, `Invalid request: a request with id ${JSON.stringify(id)} is still running.`);
    const controller = new AbortController();
    running.set(id, controller);
    void handlers
      .request(method, params, controller.signal)
      .then(
        (result) => (controller.signal.aborted ? undefined : send({ id, result })),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof RpcError) return fail(id, error.code, error.message);
          options.log(`internal error in ${method}: ${error instanceof Error ? error.message : String(error)}`);
          return fail(id, RPC_ERRORS.internalError, `Internal error in ${method}: this is a bug in pathwaykit; please report it.`);
        },
      )
      .finally(() => running.delete(id));
    return undefined;
  };

  const tooLong = () => {
    options.log(`a message over ${options.maxMessageBytes} bytes was skipped`);
    fail(null, RPC_ERRORS.invalidRequest, `Invalid request: a message over ${options.maxMessageBytes} bytes was skipped.`);
  };
  return readLines(options.input, options.maxMessageBytes, take, tooLong, options.log).then(() => {
    ended = true;
    for (const controller of running.values()) controller.abort();
  });
}

/**
 * Calls `onLine` with each line of `input` (UTF-8, a trailing CR dropped, blank lines skipped), however the chunks
 * split it; a line over `maxBytes` is dropped whole, and `onTooLong` told, without holding more than `maxBytes` of it.
 * Resolves when the input ends, closes or fails.
 */
function readLines(
  input: NodeJS.ReadableStream,
  maxBytes: number,
  onLine: (line: string) => void,
  onTooLong: () => void,
  log: (message: string) => void,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    // True while skipping the rest of a line that was already too long.
    let skipping = false;
    input.on("data", (chunk: Buffer | string) => {
      let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      for (let newline = data.indexOf(10); ; newline = data.indexOf(10)) {
        const part = newline === -1 ? data : data.subarray(0, newline);
        if (!skipping && pendingBytes + part.length > maxBytes) {
          skipping = true;
          pending = [];
          pendingBytes = 0;
          onTooLong();
        } else if (!skipping) {
          pending.push(part);
          pendingBytes += part.length;
        }
        if (newline === -1) break;
        const line = skipping ? "" : Buffer.concat(pending).toString("utf8").replace(/\r$/, "");
        if (line.trim() !== "") onLine(line);
        skipping = false;
        pending = [];
        pendingBytes = 0;
        data = data.subarray(newline + 1);
      }
    });
    input.on("end", () => resolve());
    input.on("close", () => resolve());
    input.on("error", (error: Error) => {
      log(`standard input failed: ${error.message}`);
      resolve();
    });
  });
}
