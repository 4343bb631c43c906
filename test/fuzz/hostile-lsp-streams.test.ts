// Hostile pass over `pathway lsp`'s stream: frames split, joined, stretched or cut, and messages out of protocol order, each row against a server of its own.
import { describe, expect, it } from "vitest";
import { frame, startRawLsp, type RawLsp } from "../support/raw-lsp.js";

const symbols = { jsonrpc: "2.0", id: "ws", method: "workspace/symbol", params: { query: "" } };
const answered = (lsp: RawLsp, id: string) => lsp.next((m) => m.id === id && m.method === undefined);
const SHUTDOWN = frame({ jsonrpc: "2.0", id: "down", method: "shutdown" });
const EXIT = frame({ jsonrpc: "2.0", method: "exit" });

/** A server that answers after the row, then shuts down cleanly (exit 0). */
async function endsCleanly(lsp: RawLsp): Promise<void> {
  lsp.write(SHUTDOWN);
  await answered(lsp, "down");
  lsp.write(EXIT);
  expect(await lsp.exitWithin(30_000)).toBe(0);
}

/** A server that ended with exit 1 and one line on stderr saying why. */
async function endsBroken(lsp: RawLsp, reason: RegExp): Promise<void> {
  lsp.write(SHUTDOWN);
  expect(await lsp.exitWithin(30_000)).toBe(1);
  expect(lsp.stderr()).toMatch(/^pathway lsp: [^\n]+\n$/);
  expect(lsp.stderr()).toMatch(reason);
}

interface Row {
  name: string;
  /** Before initialize (the server is started but not initialized) unless `initialized` is true. */
  initialized: boolean;
  run: (lsp: RawLsp) => Promise<void>;
}

const ROWS: Row[] = [
  {
    name: "a request before initialize is answered, and initialize still works",
    initialized: false,
    run: async (lsp) => {
      lsp.send({
        jsonrpc: "2.0",
        id: "early",
        method: "textDocument/hover",
        params: { textDocument: { uri: "file:///x.json" }, position: { line: 0, character: 0 } },
      });
      await answered(lsp, "early");
      await lsp.initialize();
      await endsCleanly(lsp);
    },
  },
  {
    name: "a document opened before initialize changes nothing after it",
    initialized: false,
    run: async (lsp) => {
      lsp.send({
        jsonrpc: "2.0",
        method: "textDocument/didOpen",
        params: { textDocument: { uri: "file:///early.json", languageId: "json", version: 1, text: "{}" } },
      });
      await lsp.initialize();
      await endsCleanly(lsp);
    },
  },
  {
    name: "two frames in one write are both read",
    initialized: true,
    run: async (lsp) => {
      lsp.write(Buffer.concat([frame(symbols), frame({ ...symbols, id: "ws2" })]));
      await Promise.all([answered(lsp, "ws"), answered(lsp, "ws2")]);
      await endsCleanly(lsp);
    },
  },
  {
    name: "a frame written one byte at a time is read",
    initialized: true,
    run: async (lsp) => {
      for (const byte of frame(symbols)) lsp.write(Buffer.from([byte]));
      await answered(lsp, "ws");
      await endsCleanly(lsp);
    },
  },
  {
    name: "a header and its body written 300 ms apart are read as one",
    initialized: true,
    run: async (lsp) => {
      const whole = frame(symbols);
      const split = whole.indexOf("\r\n\r\n") + 4;
      lsp.write(whole.subarray(0, split));
      await new Promise((resolve) => setTimeout(resolve, 300));
      lsp.write(whole.subarray(split));
      await answered(lsp, "ws");
      await endsCleanly(lsp);
    },
  },
  {
    name: "a frame cut inside its header, then the rest, is read",
    initialized: true,
    run: async (lsp) => {
      const whole = frame(symbols);
      lsp.write(whole.subarray(0, 9));
      lsp.write(whole.subarray(9));
      await answered(lsp, "ws");
      await endsCleanly(lsp);
    },
  },
  {
    name: "lower-case header names and an unknown header are read",
    initialized: true,
    run: async (lsp) => {
      const body = JSON.stringify(symbols);
      lsp.write(`content-length: ${Buffer.byteLength(body)}\r\nX-Editor: hostile\r\n\r\n${body}`);
      await answered(lsp, "ws");
      await endsCleanly(lsp);
    },
  },
  {
    name: "a Content-Length with leading zeros is read",
    initialized: true,
    run: async (lsp) => {
      const body = JSON.stringify(symbols);
      lsp.write(`Content-Length: 000${Buffer.byteLength(body)}\r\n\r\n${body}`);
      await answered(lsp, "ws");
      await endsCleanly(lsp);
    },
  },
  {
    name: "Content-Length given twice (the last counts) is read",
    initialized: true,
    run: async (lsp) => {
      const body = JSON.stringify(symbols);
      lsp.write(`Content-Length: 7\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      await answered(lsp, "ws");
      await endsCleanly(lsp);
    },
  },
  {
    name: "a header block of 1 MB that never ends ends the server (exit 1), not after its last byte",
    initialized: true,
    run: async (lsp) => {
      const line = `X-Pad: ${"a".repeat(1000)}\r\n`;
      for (let i = 0; i < 1000; i++) lsp.write(line);
      await endsBroken(lsp, /a header block of more than 64 KiB without the blank line that ends it/);
    },
  },
  {
    name: "an empty header block ends the server (exit 1)",
    initialized: true,
    run: (lsp) => (lsp.write("\r\n\r\n{}"), endsBroken(lsp, /broken message frame/)),
  },
  {
    name: "a frame after a broken one is never read",
    initialized: true,
    run: async (lsp) => {
      lsp.write(Buffer.concat([Buffer.from("Content-Length: x\r\n\r\n"), frame(symbols)]));
      await endsBroken(lsp, /Content-Length is "x"/);
      expect(lsp.received.some((m) => m.id === "ws")).toBe(false);
    },
  },
  {
    name: "exit without shutdown ends with 1",
    initialized: true,
    run: async (lsp) => {
      lsp.write(EXIT);
      expect(await lsp.exitWithin(30_000)).toBe(1);
      expect(lsp.stderr()).toBe("");
    },
  },
  {
    name: "a request after shutdown is answered, and exit then ends with 0",
    initialized: true,
    run: async (lsp) => {
      lsp.write(SHUTDOWN);
      await answered(lsp, "down");
      lsp.write(frame(symbols));
      await answered(lsp, "ws");
      lsp.write(EXIT);
      expect(await lsp.exitWithin(30_000)).toBe(0);
    },
  },
  {
    name: "standard input closed in the middle of a frame ends the server",
    initialized: true,
    run: async (lsp) => {
      lsp.write(frame(symbols).subarray(0, 30));
      lsp.child.stdin!.end();
      expect(await lsp.exitWithin(30_000)).toBe(1);
      expect(lsp.stderr()).not.toMatch(/^\s+at /m);
    },
  },
];

describe("pathway lsp streams, hostile inputs", () => {
  it("holds at least 15 distinct inputs", () => {
    expect(new Set(ROWS.map((r) => r.name)).size).toBe(ROWS.length);
    expect(ROWS.length).toBeGreaterThanOrEqual(15);
  });

  for (const row of ROWS) {
    it.concurrent(row.name, async () => {
      const lsp = startRawLsp();
      if (row.initialized) await lsp.initialize();
      await row.run(lsp);
    });
  }
});
