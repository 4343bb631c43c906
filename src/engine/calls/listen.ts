// `calls listen`: a call-end webhook receiver on loopback that writes each record atomically, and keeps serving whatever a client sends or fails to send.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readCallRecord } from "../../calls/index.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { createCallFiles } from "./fetch.js";
import { createLoopbackGuard } from "../http/loopback-guard.js";
import { createByteBudget, readRequestBody, type BodyReader } from "../http/request-body.js";
import { createSecretCheck } from "../http/shared-secret.js";
import { CALL_LISTENER_DEFAULTS } from "./limits.js";

export { CALL_LISTENER_DEFAULTS } from "./limits.js";

/** Options of `startCallListener`; the limits default to CALL_LISTENER_DEFAULTS. */
export interface CallListenerOptions {
  /** Port on 127.0.0.1 (0: any free one). */
  port: number;
  /** Directory the records go into. */
  output: string;
  /** Largest body accepted, in bytes; a larger one is answered 413 and not read further. */
  maxBodyBytes?: number;
  /** The listener closes after this many records. */
  maxCalls?: number;
  /** Connections open at once; more are closed as they arrive, unanswered. */
  maxConnections?: number;
  /** Bytes of bodies being read or written at once, across requests; a request that would pass it is answered 503. */
  maxBytesInFlight?: number;
  /** Longest wait for a request's headers, and for each next byte of its body, in milliseconds. */
  timeoutMs?: number;
  /** Longest time for a whole request, in milliseconds (at least `timeoutMs`). */
  requestTimeoutMs?: number;
  /** Host names to answer besides 127.0.0.1 and localhost at the port: a tunnel's public name, as it sends it. */
  allowedHosts?: readonly string[];
  /** A secret each request must carry in `secretHeader` (answered 401 otherwise). Default: none is asked for. */
  secret?: string;
  /** The header that carries `secret` (default x-pathway-secret). */
  secretHeader?: string;
  /** Told of each record written, each request refused with an answer, and each connection dropped without one. */
  onEvent?: (event: CallListenerEvent) => void;
}

/** What the listener tells its caller, one event per request or connection. */
export type CallListenerEvent =
  | { type: "written"; callId: string; file: string }
  | { type: "refused"; status: number; reason: string }
  /** The connection was closed without an answer: reset, closed part way, too slow, or over the connection cap. */
  | { type: "dropped"; reason: string };

/** A running listener: its address, a promise settled when it closes, and a way to close it. */
export interface CallListener {
  url: string;
  closed: Promise<number>;
  close(): Promise<void>;
}

/** The limits in force: the options given, else CALL_LISTENER_DEFAULTS; the whole-request time is at least the header time (Node requires it). */
type ListenerConfig = { -readonly [K in keyof typeof CALL_LISTENER_DEFAULTS]: number };

function resolveListenerConfig(options: CallListenerOptions): ListenerConfig {
  const d = CALL_LISTENER_DEFAULTS;
  const timeoutMs = options.timeoutMs ?? d.timeoutMs;
  return {
    maxBodyBytes: options.maxBodyBytes ?? d.maxBodyBytes,
    maxCalls: options.maxCalls ?? d.maxCalls,
    maxConnections: options.maxConnections ?? d.maxConnections,
    maxBytesInFlight: options.maxBytesInFlight ?? d.maxBytesInFlight,
    timeoutMs,
    requestTimeoutMs: Math.max(options.requestTimeoutMs ?? d.requestTimeoutMs, timeoutMs),
  };
}

const seconds = (ms: number) => `${ms / 1000}s`;

/** Why the HTTP parser gave up on a connection, for the user; `partial`: bytes of a request arrived since the last answer. */
function describeClientError(code: string | undefined, partial: boolean, config: ListenerConfig): string {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    if (!partial) return `no request arrived within ${seconds(config.timeoutMs)}`;
    return `the request was not complete in time (headers within ${seconds(config.timeoutMs)}, all of it within ${seconds(config.requestTimeoutMs)}): the client sends too slowly`;
  }
  if (code === "ECONNRESET" || code === "EPIPE") return "the client reset the connection part way through a request";
  if (code === "HPE_INVALID_EOF_STATE") return "the client closed the connection part way through a request";
  if (code === "HPE_HEADER_OVERFLOW") return "the request's headers are too large";
  return `a malformed request (${code ?? "unknown error"})`;
}

/** The raw answer to a request the HTTP parser gave up on, before any handler saw it. */
function rawAnswer(code: string | undefined): string {
  const [status, text] =
    code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout"]
      : code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large"]
        : [400, "Bad Request"];
  return `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;
}

/** What the request handler shares with the server around it. */
interface ListenerState {
  config: ListenerConfig;
  files: ReturnType<typeof createCallFiles>;
  budget: ReturnType<typeof createByteBudget>;
  guard: ReturnType<typeof createLoopbackGuard>;
  secret: ReturnType<typeof createSecretCheck> | undefined;
  /** The body being read on a socket, so a timeout the server sees drops it (told once, by the request). */
  reading: WeakMap<Socket, BodyReader>;
  /** Records written so far. */
  written: number;
  tell(event: CallListenerEvent): void;
  /** Called once `config.maxCalls` records are written. */
  done(): void;
}

function refuse(state: ListenerState, res: ServerResponse, status: number, reason: string, headers: Record<string, string> = {}): void {
  state.tell({ type: "refused", status, reason });
  res.writeHead(status, { "content-type": "application/json", connection: "close", ...headers }).end(JSON.stringify({ status: "error", message: reason }));
}

/** Refusals that need no byte of the body: who asks (Host, Origin, secret), how (method, type), and how much. */
function checkRequest(state: ListenerState, req: IncomingMessage): { status: number; reason: string } | undefined {
  const denied = state.guard.check(req.headers);
  if (denied !== undefined) return { status: 403, reason: denied };
  const unauthorized = state.secret?.check(req.headers);
  if (unauthorized !== undefined) return { status: 401, reason: unauthorized };
  if (req.method !== "POST") return { status: 405, reason: "only POST: the call-end webhook body" };
  if (!/^application\/(?:[\w.+-]*\+)?json\b/i.test(req.headers["content-type"] ?? ""))
    return { status: 415, reason: "only JSON (content-type application/json)" };
  if (Number(req.headers["content-length"] ?? 0) > state.config.maxBodyBytes)
    return { status: 413, reason: `the body is larger than ${state.config.maxBodyBytes} bytes` };
  return undefined;
}

/** Answers one request: checks it, reads its body within the limits, and writes the record it holds. */
async function answerWebhook(state: ListenerState, req: IncomingMessage, res: ServerResponse, continues: boolean): Promise<void> {
  const refused = checkRequest(state, req);
  if (refused) return refuse(state, res, refused.status, refused.reason);
  const busy = "too many bytes of bodies are being read at once; send it again later";
  const hold = state.budget.hold(Number(req.headers["content-length"] ?? 0));
  if (hold === undefined) return refuse(state, res, 503, busy, { "retry-after": "5" });
  try {
    if (continues) res.writeContinue();
    const reader = readRequestBody(req, { maxBytes: state.config.maxBodyBytes, idleMs: state.config.timeoutMs, hold });
    state.reading.set(req.socket, reader);
    const read = await reader.done;
    state.reading.delete(req.socket);
    if (!read.ok) {
      if (read.status !== undefined) return refuse(state, res, read.status, read.reason, read.status === 503 ? { "retry-after": "5" } : {});
      req.socket.destroy();
      return state.tell({ type: "dropped", reason: read.reason });
    }
    let value: unknown;
    try {
      value = JSON.parse(read.body.toString("utf8"));
    } catch {
      return refuse(state, res, 400, "the body is not JSON");
    }
    const record = readCallRecord(value);
    if ("problem" in record) return refuse(state, res, 400, record.problem);
    if (state.written >= state.config.maxCalls) return refuse(state, res, 503, "the receiver has taken its --max-calls records");
    state.written++;
    let outcome;
    try {
      // The same call again (a webhook sent twice) replaces its file; another call's file is never written over.
      outcome = await state.files.write(record.record.callId, `${JSON.stringify(value, null, 2)}\n`, true);
    } catch (error) {
      state.written--;
      return refuse(state, res, 500, `cannot write the record: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (outcome.status !== "written") {
      state.written--;
      return refuse(state, res, 409, outcome.status === "refused" ? outcome.message : `${outcome.file} exists`);
    }
    state.tell({ type: "written", callId: record.record.callId, file: outcome.file });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "success" }));
    if (state.written >= state.config.maxCalls) state.done();
  } finally {
    // Held until the answer: the text, parsed value and written copy of the body live that long.
    hold.release();
  }
}

/**
 * Starts the receiver on 127.0.0.1 only (the webhook is reached through a tunnel the team controls, never a public
 * port). Nothing a client does ends it: a request that is reset, closed part way or too slow is dropped and told as a
 * `dropped` event, and the next one is served. Requests whose Host or Origin is not this server's are refused (403,
 * the check `report --serve` uses), as are those without the secret when one is set (401).
 */
export async function startCallListener(host: Host, options: CallListenerOptions): Promise<CallListener> {
  const config = resolveListenerConfig(options);
  let port = 0;
  let close: () => Promise<void> = async () => {};
  const state: ListenerState = {
    config,
    files: createCallFiles(host, options.output),
    budget: createByteBudget(config.maxBytesInFlight),
    guard: createLoopbackGuard(() => port, { allowedHosts: options.allowedHosts ?? [] }),
    secret: options.secret === undefined ? undefined : createSecretCheck(options.secret, options.secretHeader),
    reading: new WeakMap(),
    written: 0,
    tell: (event) => options.onEvent?.(event),
    done: () => void close(),
  };
  /** Sockets with a request in a handler: the handler answers those, not the parser's error path. */
  const answering = new WeakSet<Socket>();
  /** Bytes read on a socket when its last answer was sent: a reset after that is a client closing a kept-alive connection. */
  const answeredAt = new WeakMap<Socket, number>();
  const onRequest = (continues: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    answering.add(socket);
    res.once("close", () => {
      answering.delete(socket);
      answeredAt.set(socket, socket.bytesRead);
    });
    answerWebhook(state, req, res, continues).catch((error: unknown) => {
      // A broken assumption of ours: this request fails, the receiver goes on.
      const reason = `internal error: ${error instanceof Error ? error.message : String(error)}`;
      if (!res.headersSent) return refuse(state, res, 500, reason);
      socket.destroy();
      state.tell({ type: "dropped", reason });
    });
  };

  // Node looks for requests past their time every connectionsCheckingInterval (30 s by default): once a second here.
  const server = createServer({
    headersTimeout: config.timeoutMs,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, config.timeoutMs),
  });
  server.maxConnections = config.maxConnections;
  server.on("request", onRequest(false));
  // Expect: 100-continue is answered only after the checks, so a refused body is never sent.
  server.on("checkContinue", onRequest(true));
  server.on("drop", () => state.tell({ type: "dropped", reason: `a new connection was closed: ${config.maxConnections} are open, the most at once` }));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const partial = socket.bytesRead > (answeredAt.get(socket) ?? 0);
    const reason = describeClientError(error.code, partial, config);
    const reader = state.reading.get(socket);
    if (reader) reader.drop(reason);
    // A reset with nothing sent since the last answer is a client closing a kept-alive connection: nothing was lost.
    // One whose request was read whole is still answered (or told) by its handler.
    else if (!answering.has(socket) && (partial || (error.code !== "ECONNRESET" && error.code !== "EPIPE"))) state.tell({ type: "dropped", reason });
    if (socket.writable && !answering.has(socket)) socket.write(rawAnswer(error.code));
    // With a clientError listener Node leaves the socket open: it would hold one of the connections allowed.
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new EngineError("usage", `Cannot listen on 127.0.0.1:${options.port} (${error.code ?? error.message}): choose another --port.`)),
    );
    server.listen(options.port, "127.0.0.1", resolve);
  });
  port = (server.address() as AddressInfo).port;
  let settle: (count: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (settle = resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        settle(state.written);
        resolve();
      });
      server.closeIdleConnections();
    });
  return { url: `http://127.0.0.1:${port}`, closed, close: () => close() };
}
