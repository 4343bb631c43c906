// `calls listen`: a call-end webhook receiver on loopback that writes each record atomically, with bounded body size and count.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readCallRecord } from "../calls/index.js";
import { createCallFiles } from "./calls-fetch.js";
import type { Host } from "../host/host.js";

/** Options of `startCallListener`. */
export interface CallListenerOptions {
  /** Port on 127.0.0.1 (0: any free one). */
  port: number;
  /** Directory the records go into. */
  output: string;
  /** Largest body accepted, in bytes (default 16 MiB); a larger one is answered 413 and not read further. */
  maxBodyBytes?: number;
  /** The listener closes after this many records (default 10,000). */
  maxCalls?: number;
  /** Told of each record written, or each request refused. */
  onEvent?: (event: { type: "written"; callId: string; file: string } | { type: "refused"; status: number; reason: string }) => void;
}

/** A running listener: its address, a promise settled when it closes, and a way to close it. */
export interface CallListener {
  url: string;
  closed: Promise<number>;
  close(): Promise<void>;
}

async function readLimited(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Starts the receiver on 127.0.0.1 only (the webhook is reached through a tunnel the team controls, never a public port). */
export async function startCallListener(host: Host, options: CallListenerOptions): Promise<CallListener> {
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const maxCalls = options.maxCalls ?? 10_000;
  const files = createCallFiles(host, options.output);
  let written = 0;
  let close: () => Promise<void> = async () => {};
  let settle: (count: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (settle = resolve));
  const refuse = (res: ServerResponse, status: number, reason: string) => {
    options.onEvent?.({ type: "refused", status, reason });
    res.writeHead(status, { "content-type": "application/json", connection: "close" }).end(JSON.stringify({ status: "error", message: reason }));
  };
  const server = createServer(async (req, res) => {
    if (req.method !== "POST") return refuse(res, 405, "only POST: the call-end webhook body");
    if (!/^application\/(?:[\w.+-]*\+)?json\b/i.test(req.headers["content-type"] ?? "")) return refuse(res, 415, "only JSON (content-type application/json)");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > maxBody) return refuse(res, 413, `the body is larger than ${maxBody} bytes`);
    const body = await readLimited(req, maxBody);
    if (body === undefined) return refuse(res, 413, `the body is larger than ${maxBody} bytes`);
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      return refuse(res, 400, "the body is not JSON");
    }
    const read = readCallRecord(value);
    if ("problem" in read) return refuse(res, 400, read.problem);
    if (written >= maxCalls) return refuse(res, 503, "the receiver has taken its --max-calls records");
    written++;
    let outcome;
    try {
      // The same call again (a webhook sent twice) replaces its file; another call's file is never written over.
      outcome = await files.write(read.record.callId, JSON.stringify(value, null, 2) + "\n", true);
    } catch (error) {
      written--;
      return refuse(res, 500, `cannot write the record: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (outcome.status !== "written") {
      written--;
      return refuse(res, 409, outcome.status === "refused" ? outcome.message : `${outcome.file} exists`);
    }
    options.onEvent?.({ type: "written", callId: read.record.callId, file: outcome.file });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "success" }));
    if (written >= maxCalls) void close();
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        settle(written);
        resolve();
      });
      server.closeIdleConnections();
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, closed, close: () => close() };
}
