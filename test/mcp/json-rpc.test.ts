// The server's JSON-RPC endpoint on hostile input: lines that are not JSON, batches, oversized lines, split chunks, cancellation and the end of input.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { RPC_ERRORS, RpcError, serveJsonRpc, type RpcHandlers } from "../../src/mcp/json-rpc.js";

/** An endpoint over in-memory streams: what it wrote, line by line, and what it logged. */
function endpoint(handlers: Partial<RpcHandlers> = {}, maxMessageBytes = 1024) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: unknown[] = [];
  const logged: string[] = [];
  let buffer = "";
  const raw: string[] = [];
  output.on("data", (chunk: Buffer) => {
    raw.push(chunk.toString());
    buffer += chunk.toString();
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      lines.push(JSON.parse(buffer.slice(0, i)));
      buffer = buffer.slice(i + 1);
    }
  });
  const done = serveJsonRpc(
    {
      request: handlers.request ?? (async (method) => ({ echo: method })),
      notification: handlers.notification ?? (() => undefined),
    },
    { input, output, maxMessageBytes, log: (m) => logged.push(m) },
  );
  return { input, lines, logged, raw, done, settle: () => new Promise((r) => setTimeout(r, 20)) };
}

describe("serveJsonRpc", () => {
  it("answers a request, even when its line arrives in pieces and ends with CRLF", async () => {
    const e = endpoint();
    e.input.write('{"jsonrpc":"2.0","id":1,');
    e.input.write('"method":"ping"}\r\n');
    await e.settle();
    expect(e.lines).toEqual([{ jsonrpc: "2.0", id: 1, result: { echo: "ping" } }]);
  });

  it("answers a line that is not JSON, a batch and a message without jsonrpc with errors, and goes on", async () => {
    const e = endpoint();
    e.input.write('{not json\n[{"jsonrpc":"2.0","id":1,"method":"a"}]\n{"id":2,"method":"b"}\n{"jsonrpc":"2.0","id":3,"method":"c"}\n');
    await e.settle();
    expect(e.lines).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: RPC_ERRORS.parseError, message: expect.any(String) } },
      { jsonrpc: "2.0", id: null, error: { code: RPC_ERRORS.invalidRequest, message: expect.stringMatching(/Batches/) } },
      { jsonrpc: "2.0", id: 2, error: { code: RPC_ERRORS.invalidRequest, message: expect.any(String) } },
      { jsonrpc: "2.0", id: 3, result: { echo: "c" } },
    ]);
  });

  it("skips a line over the size limit whole, then reads the next", async () => {
    const e = endpoint({}, 100);
    e.input.write(`{"jsonrpc":"2.0","id":1,"method":"${"x".repeat(200)}"`);
    e.input.write(`${"y".repeat(50)}}\n{"jsonrpc":"2.0","id":2,"method":"ok"}\n`);
    await e.settle();
    expect(e.lines).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: RPC_ERRORS.invalidRequest, message: expect.stringMatching(/over 100 bytes/) } },
      { jsonrpc: "2.0", id: 2, result: { echo: "ok" } },
    ]);
    expect(e.logged).toHaveLength(1);
  });

  it("turns an RpcError into its code, and any other error into an internal error that names no detail", async () => {
    const e = endpoint({
      request: async (method) => {
        if (method === "known") throw new RpcError(RPC_ERRORS.methodNotFound, "Method not found: known.");
        throw new Error("secret detail");
      },
    });
    e.input.write('{"jsonrpc":"2.0","id":"a","method":"known"}\n{"jsonrpc":"2.0","id":"b","method":"boom"}\n');
    await e.settle();
    expect(e.lines).toEqual([
      { jsonrpc: "2.0", id: "a", error: { code: RPC_ERRORS.methodNotFound, message: "Method not found: known." } },
      { jsonrpc: "2.0", id: "b", error: { code: RPC_ERRORS.internalError, message: expect.not.stringContaining("secret") } },
    ]);
    expect(e.logged.join("\n")).toContain("secret detail");
  });

  it("aborts a cancelled request and does not answer it", async () => {
    let aborted = false;
    const e = endpoint({
      request: (_method, _params, signal) =>
        new Promise((resolve) => {
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve("late");
          });
        }),
    });
    e.input.write('{"jsonrpc":"2.0","id":7,"method":"slow"}\n{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}\n');
    await e.settle();
    expect(aborted).toBe(true);
    expect(e.lines).toEqual([]);
  });

  it("writes no raw line or paragraph separator: an answer is one line whatever it holds", async () => {
    const e = endpoint({ request: async () => ({ text: "a\u2028b\u009bc" }) });
    e.input.write('{"jsonrpc":"2.0","id":1,"method":"x"}\n');
    await e.settle();
    expect(e.lines).toEqual([{ jsonrpc: "2.0", id: 1, result: { text: "a\u2028b\u009bc" } }]);
    expect(e.raw.join("")).not.toMatch(/[\u2028\u009b]/);
  });

  it("resolves when the input ends", async () => {
    const e = endpoint();
    e.input.end();
    await expect(e.done).resolves.toBeUndefined();
  });
});
