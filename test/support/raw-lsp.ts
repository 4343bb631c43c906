// `pathway lsp --stdio` spoken to in raw frames and bytes, for tests of what a broken or hostile client sends.
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { StreamMessageReader } from "vscode-jsonrpc/node.js";
import { BIN, tempDir } from "./cli.js";

/** A message from the server, as far as the tests read it. */
export interface ServerMessage {
  id?: number | string | null;
  method?: string;
  result?: unknown;
  error?: { code: number; message: string };
  params?: { message?: string; uri?: string; diagnostics?: { code?: string; message: string }[] };
}

/** One server process and its raw stream. */
export interface RawLsp {
  child: ChildProcess;
  /** The workspace folder (holds a package.json). */
  dir: string;
  received: ServerMessage[];
  stderr(): string;
  exited: Promise<number | null>;
  /** Writes bytes as they are. */
  write(bytes: string | Buffer): void;
  /** Writes one message (any JSON value, or text taken as the body) in a well-formed frame. */
  send(message: unknown): void;
  /** The first message since `since` (default: all) that matches, now or when it arrives. */
  next(match: (m: ServerMessage) => boolean, since?: number, timeoutMs?: number): Promise<ServerMessage>;
  /** Sends a request with a fresh id and resolves with its answer (result or error). */
  request(method: string, params?: unknown): Promise<ServerMessage>;
  /** Sends initialize and initialized, with this folder as the workspace. */
  initialize(initializationOptions?: unknown): Promise<void>;
  /** Resolves with the exit code, or "still running" after `ms` (the process is then killed). */
  exitWithin(ms: number): Promise<number | null | "still running">;
}

/** A message as the protocol frames it: a Content-Length header, then the body. */
export function frame(message: unknown): Buffer {
  const body = Buffer.from(typeof message === "string" ? message : JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
}

/** Starts `pathway lsp --stdio` in a fresh folder (or `dir`) and reads everything it says. */
export function startRawLsp(dir = tempDir("pathwaykit-lsp-raw-"), env: Record<string, string> = {}): RawLsp {
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, NO_COLOR: "1", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  // A server that ended leaves writes unread: that is an outcome the test reads from `exited`, not an error.
  child.stdin!.on("error", () => {});
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  new StreamMessageReader(child.stdout!).listen((message) => {
    received.push(message as ServerMessage);
    for (const w of [...waiters]) w();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let nextId = 1000;
  const lsp: RawLsp = {
    child,
    dir,
    received,
    stderr: () => stderr,
    exited,
    write: (bytes) => void child.stdin!.write(bytes),
    send: (message) => void child.stdin!.write(frame(message)),
    next(match, since = 0, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.slice(since).find(match);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; the last: ${JSON.stringify(received.slice(-5)).slice(0, 2000)}; stderr: ${stderr}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    request(method, params) {
      const id = nextId++;
      const since = received.length;
      lsp.send({ jsonrpc: "2.0", id, method, ...(params !== undefined && { params }) });
      return lsp.next((m) => m.id === id && m.method === undefined, since);
    },
    async initialize(initializationOptions) {
      await lsp.request("initialize", {
        processId: null,
        rootUri: pathToFileURL(dir).href,
        capabilities: {},
        ...(initializationOptions !== undefined && { initializationOptions }),
      });
      lsp.send({ jsonrpc: "2.0", method: "initialized", params: {} });
    },
    async exitWithin(ms) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<"still running">((resolve) => (timer = setTimeout(() => resolve("still running"), ms)));
      const result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (result === "still running") child.kill();
      return result;
    },
  };
  return lsp;
}
