// `pathway lsp` fed raw bytes: a frame that cannot be read ends the server with exit 1 and one line on stderr; a whole frame whose body is not JSON is logged and skipped.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { StreamMessageReader } from "vscode-jsonrpc/node.js";
import { describe, expect, it } from "vitest";
import { BIN, tempDir } from "../support/cli.js";

/** One JSON-RPC message as the protocol frames it. */
const frame = (message: object) => {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
};

interface Received {
  id?: number;
  method?: string;
  result?: unknown;
  params?: { message?: string };
}

/** The server as a child process spoken to in bytes; `next` waits for a message from it that matches. */
function startRaw() {
  const dir = tempDir("pathwaykit-lsp-frames-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, NO_COLOR: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  new StreamMessageReader(child.stdout).listen((message) => {
    received.push(message as Received);
    for (const w of [...waiters]) w();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    stderr: () => stderr,
    write: (bytes: Buffer | string) => child.stdin.write(bytes),
    exited,
    next(match: (m: Received) => boolean, timeoutMs = 20_000): Promise<Received> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(received)}; stderr: ${stderr}`));
        }, timeoutMs);
        const check = () => {
          const hit = received.find(match);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        waiters.add(check);
        check();
      });
    },
    async initialize() {
      this.write(frame({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {} } }));
      await this.next((m) => m.id === 1);
      this.write(frame({ jsonrpc: "2.0", method: "initialized", params: {} }));
    },
  };
}

/** Resolves with the exit code, or with "still running" after `ms` (then the process is killed). */
async function exitWithin(server: ReturnType<typeof startRaw>, ms: number): Promise<number | null | "still running"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"still running">((resolve) => (timer = setTimeout(() => resolve("still running"), ms)));
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  if (result === "still running") server.child.kill();
  return result;
}

const SHUTDOWN = frame({ jsonrpc: "2.0", id: 2, method: "shutdown" });

/** Frames that cannot be read, each followed by a well-formed shutdown the server must not be left waiting on. */
const BROKEN: [string, Buffer | string, RegExp][] = [
  ["a negative Content-Length", "Content-Length: -1\r\n\r\n{}", /Content-Length is "-1"/],
  ["a Content-Length that is not a number", "Content-Length: abc\r\n\r\n{}", /Content-Length is "abc"/],
  ["a 26-digit Content-Length", "Content-Length: 12345678901234567890123456\r\n\r\n{}", /Content-Length is "12345678901234567890123456"/],
  ["a header block without Content-Length", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}", /Content-Length/],
  ["a message with no header at all", '{"jsonrpc":"2.0","id":9,"method":"shutdown"}', /broken message frame/],
  ["a header line without a colon", "Content-Length 2\r\n\r\n{}", /separate key and value/],
];

describe("pathway lsp with broken frames", () => {
  for (const [name, bytes, reason] of BROKEN) {
    it.concurrent(`ends with exit 1 and one line on stderr on ${name}`, async () => {
      const server = startRaw();
      await server.initialize();
      server.write(bytes);
      server.write(SHUTDOWN);
      expect(await exitWithin(server, 30_000)).toBe(1);
      expect(server.stderr()).toMatch(/^pathway lsp: [^\n]+\n$/);
      expect(server.stderr()).toMatch(reason);
    });
  }

  it.concurrent("ends with exit 1 when a message announces more bytes than ever arrive", async () => {
    const server = startRaw();
    await server.initialize();
    server.write("Content-Length: 1000\r\n\r\n{}");
    expect(await exitWithin(server, 60_000)).toBe(1);
    expect(server.stderr()).toMatch(/^pathway lsp: a message announced more bytes than arrived[^\n]+\n$/);
  });

  it.concurrent("logs and skips a whole frame whose body is not JSON, then answers shutdown and exits with 0", async () => {
    const server = startRaw();
    await server.initialize();
    server.write("Content-Length: 9\r\n\r\n{nodes: [");
    server.write(SHUTDOWN);
    expect(
      await server.next((m) => m.method === "window/logMessage" && /skipped a message whose body is not JSON/.test(m.params?.message ?? "")),
    ).toBeDefined();
    expect((await server.next((m) => m.id === 2)).result).toBeNull();
    server.write(frame({ jsonrpc: "2.0", method: "exit" }));
    expect(await exitWithin(server, 30_000)).toBe(0);
  });
});
