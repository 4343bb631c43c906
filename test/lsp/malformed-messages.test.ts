// `pathway lsp` on well-framed messages of the wrong shape: a notification is logged and skipped, a request answered with InvalidParams, and the server goes on answering.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ErrorCodes, ResponseError } from "vscode-jsonrpc/node.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { startLsp, type LspSession } from "../support/lsp-client.js";

const PATHWAY = `{"nodes": [
{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "text": "Hi!"}},
{"id": "end", "type": "End Call", "data": {"name": "Bye", "text": "Goodbye."}}
], "edges": [
{"id": "e1", "source": "start", "target": "end", "label": "done"}
]}
`;

let dir: string;
let lsp: LspSession;
let okUri: string;

/** The server still answers a request about a document it holds. */
async function stillAnswers(): Promise<void> {
  const symbols = await lsp.connection.sendRequest<{ name: string }[]>("textDocument/documentSymbol", { textDocument: { uri: okUri } });
  expect(symbols.map((s) => s.name)).toEqual(["Greeting", "Bye"]);
}

beforeAll(async () => {
  dir = tempDir("pathwaykit-lsp-malformed-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  writeFileSync(path.join(dir, "ok.json"), PATHWAY);
  lsp = await startLsp(dir);
  okUri = await lsp.open(path.join(dir, "ok.json"), PATHWAY);
  await lsp.diagnostics(okUri);
}, 30_000);

afterAll(async () => {
  // Shutdown is answered and exit ends the process with 0: nothing above left the server stuck.
  if (lsp) expect(await lsp.stop()).toBe(0);
});

const uri = () => pathToFileURL(path.join(dir, "bad.json")).href;

/** Notifications of the wrong shape, each with what the log line must name. */
const NOTIFICATIONS: [string, string, () => unknown, RegExp][] = [
  ["didOpen with null params", "textDocument/didOpen", () => null, /skipped textDocument\/didOpen: params is null/],
  [
    "didOpen whose text is null",
    "textDocument/didOpen",
    () => ({ textDocument: { uri: uri(), languageId: "json", version: 1, text: null } }),
    /skipped textDocument\/didOpen: params\.textDocument\.text is null/,
  ],
  [
    "didOpen whose text is an object",
    "textDocument/didOpen",
    () => ({ textDocument: { uri: uri(), languageId: "json", version: 1, text: { nodes: [] } } }),
    /params\.textDocument\.text is object/,
  ],
  [
    "didOpen whose uri is a number",
    "textDocument/didOpen",
    () => ({ textDocument: { uri: 5, languageId: "json", version: 1, text: "{}" } }),
    /params\.textDocument\.uri is number/,
  ],
  [
    "didOpen of a file on another host",
    "textDocument/didOpen",
    () => ({ textDocument: { uri: "file://elsewhere/x.json", languageId: "json", version: 1, text: "{}" } }),
    /file:\/\/elsewhere\/x\.json names no local file/,
  ],
  ["didOpen with params by position", "textDocument/didOpen", () => [1, 2], /skipped textDocument\/didOpen: params is an array/],
  [
    "didChange whose text is null",
    "textDocument/didChange",
    () => ({ textDocument: { uri: okUri, version: 2 }, contentChanges: [{ text: null }] }),
    /params\.contentChanges\[0\]\.text is null/,
  ],
  [
    "didChange with a null textDocument",
    "textDocument/didChange",
    () => ({ textDocument: null, contentChanges: [] }),
    /skipped textDocument\/didChange: params\.textDocument is null/,
  ],
  [
    "didChange whose range has no end",
    "textDocument/didChange",
    () => ({ textDocument: { uri: okUri, version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: null }, text: "x" }] }),
    /params\.contentChanges\[0\]\.range\.end is null/,
  ],
  [
    "didChange whose changes are a string",
    "textDocument/didChange",
    () => ({ textDocument: { uri: okUri, version: 2 }, contentChanges: "boom" }),
    /params\.contentChanges is not an array/,
  ],
  ["didSave with null params", "textDocument/didSave", () => null, /skipped textDocument\/didSave: params is null/],
  ["didClose without a textDocument", "textDocument/didClose", () => ({}), /skipped textDocument\/didClose: params\.textDocument is undefined/],
];

describe("pathway lsp with malformed notifications", () => {
  for (const [name, method, params, logged] of NOTIFICATIONS) {
    it(`logs and skips a ${name}, then answers the next request`, async () => {
      const since = lsp.logs.length;
      await lsp.connection.sendNotification(method, params());
      await lsp.log(logged, since);
      await stillAnswers();
    });
  }

  it("keeps a document whose broken didOpen was skipped out of the store: a hover on it answers null, not an error", async () => {
    const since = lsp.logs.length;
    await lsp.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(), languageId: "json", version: 1, text: null } });
    await lsp.log(/text is null/, since);
    expect(await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri: uri() }, position: { line: 0, character: 1 } })).toBeNull();
  });

  it("keeps the document as it was when a change is skipped", async () => {
    const since = lsp.logs.length;
    await lsp.connection.sendNotification("textDocument/didChange", { textDocument: { uri: okUri, version: 7 }, contentChanges: [{ text: null }] });
    await lsp.log(/contentChanges\[0\]\.text is null/, since);
    await stillAnswers();
  });
});

/** Requests of the wrong shape. */
const REQUESTS: [string, string, () => unknown][] = [
  ["hover without a position", "textDocument/hover", () => ({ textDocument: { uri: okUri }, position: null })],
  ["completion at a position that is not numbers", "textDocument/completion", () => ({ textDocument: { uri: okUri }, position: { line: "a", character: 1 } })],
  ["definition without a document", "textDocument/definition", () => ({ position: { line: 0, character: 0 } })],
  [
    "references at a negative line",
    "textDocument/references",
    () => ({ textDocument: { uri: okUri }, position: { line: -1, character: 0 }, context: { includeDeclaration: true } }),
  ],
  ["document symbols of a uri that is a number", "textDocument/documentSymbol", () => ({ textDocument: { uri: 1 } })],
  ["workspace symbols without a query", "workspace/symbol", () => ({})],
  [
    "code actions without a context",
    "textDocument/codeAction",
    () => ({ textDocument: { uri: okUri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, context: null }),
  ],
];

describe("pathway lsp with malformed requests", () => {
  for (const [name, method, params] of REQUESTS) {
    it(`answers a ${name} with InvalidParams, then the next request`, async () => {
      const error = await lsp.connection.sendRequest(method, params()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ResponseError);
      expect((error as ResponseError<unknown>).code).toBe(ErrorCodes.InvalidParams);
      expect((error as ResponseError<unknown>).message).toContain(method);
      await stillAnswers();
    });
  }
});

describe("pathway lsp before initialize", () => {
  it("answers requests with ServerNotInitialized, drops notifications, and serves normally once initialized", async () => {
    const early = tempDir("pathwaykit-lsp-early-");
    writeFileSync(path.join(early, "package.json"), "{}\n");
    writeFileSync(path.join(early, "ok.json"), PATHWAY);
    const earlyUri = pathToFileURL(path.join(early, "ok.json")).href;
    const refusals: unknown[] = [];
    const session = await startLsp(
      early,
      {},
      {
        beforeInitialize: async (connection) => {
          for (const method of ["textDocument/documentSymbol", "shutdown"])
            refusals.push(
              await connection.sendRequest(method, { textDocument: { uri: earlyUri } }).then(
                () => "answered",
                (e: unknown) => e,
              ),
            );
          // Dropped: were it acted on, the server would hold the document and list its symbols below.
          await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: earlyUri, languageId: "json", version: 1, text: PATHWAY } });
        },
      },
    );
    try {
      expect(refusals.map((e) => (e instanceof ResponseError ? e.code : e))).toEqual([-32002, -32002]);
      expect(await session.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: earlyUri } })).toEqual([]);
      await session.open(path.join(early, "ok.json"), PATHWAY);
      const symbols = await session.connection.sendRequest<{ name: string }[]>("textDocument/documentSymbol", { textDocument: { uri: earlyUri } });
      expect(symbols.map((s) => s.name)).toEqual(["Greeting", "Bye"]);
    } finally {
      expect(await session.stop()).toBe(0);
    }
  });
});
