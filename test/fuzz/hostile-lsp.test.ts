// Hostile pass over `pathway lsp`: what a malicious or broken editor client and a hostile workspace send, one row each, against one real server that must keep answering.
// The quick run sends each row once; PATHWAYKIT_FUZZ_RUNS=2000 npx vitest run test/fuzz/hostile-lsp.test.ts also sends that many generated messages.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";
import { frame, startRawLsp, type RawLsp } from "../support/raw-lsp.js";

const PATHWAY = `{"nodes": [
{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "text": "Hi!"}},
{"id": "end", "type": "End Call", "data": {"name": "Bye", "text": "Goodbye."}}
], "edges": [
{"id": "e1", "source": "start", "target": "end", "label": "done"}
]}
`;
const SECRET = "SECRET-OUTSIDE-3f9a";
/** In the server's environment: /proc/self/environ would show it. */
const ENV_MARKER = "ENV-MARKER-71c2";
const unix = process.platform !== "win32";

let lsp: RawLsp;
let dir: string;
const uri = (file: string) => pathToFileURL(path.join(dir, file)).href;
const okUri = () => uri("ok.json");
const open = (u: string, text: string, languageId = "json", version: unknown = 1) =>
  lsp.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: u, languageId, version, text } } });
const notify = (method: string, params?: unknown) => lsp.send({ jsonrpc: "2.0", method, ...(params !== undefined && { params }) });
const published = (u: string, since: number) => lsp.next((m) => m.method === "textDocument/publishDiagnostics" && m.params?.uri === u, since);
const logged = (pattern: RegExp, since: number) => lsp.next((m) => m.method === "window/logMessage" && pattern.test(m.params?.message ?? ""), since);

beforeAll(async () => {
  const outer = tempDir("pathwaykit-hostile-lsp-");
  dir = path.join(outer, "project");
  mkdirSync(path.join(outer, "outside"), { recursive: true });
  mkdirSync(dir);
  writeFileSync(path.join(outer, "outside/secret.json"), JSON.stringify({ nodes: [{ id: SECRET, type: "Default", data: { name: SECRET } }] }));
  writeFileSync(path.join(dir, "ok.json"), PATHWAY);
  if (unix) {
    symlinkSync(path.join(outer, "outside/secret.json"), path.join(dir, "link-out.json"));
    execFileSync("mkfifo", [path.join(dir, "fifo.json")]);
    // A 1 GB file that takes no disk: only its size may be looked at.
    execFileSync("truncate", ["-s", "1G", path.join(dir, "huge.json")]);
    mkdirSync(path.join(dir, "linked"));
  }
  lsp = startRawLsp(dir, { PATHWAYKIT_TEST_MARKER: ENV_MARKER });
  await lsp.initialize();
  const since = lsp.received.length;
  open(okUri(), PATHWAY);
  await published(okUri(), since);
}, 60_000);

afterAll(async () => {
  if (!lsp) return;
  await lsp.request("shutdown");
  notify("exit");
  expect(await lsp.exitWithin(30_000)).toBe(0);
  expect(lsp.stderr()).toBe("");
  expect(JSON.stringify(lsp.received)).not.toMatch(new RegExp(`${SECRET}|${ENV_MARKER}|root:x:0`));
});

/** The server still answers a request on the document it holds. */
async function stillAnswers(): Promise<void> {
  const answer = await lsp.request("textDocument/documentSymbol", { textDocument: { uri: okUri() } });
  expect((answer.result as { name: string }[]).map((s) => s.name)).toEqual(["Greeting", "Bye"]);
}

/** A scenario naming `pathway` on its first line, with a `take:` line to complete and go to definition from. */
const scenario = (pathway: string) => `name: hostile\npathway: ${pathway}\nturns:\n  - user: hi\n    take: done\n`;

/** One hostile input and what it must get; every row is followed by a request the server must still answer. */
interface Row {
  name: string;
  run: (since: number) => Promise<void>;
}

const ROWS: Row[] = [
  // Messages that are not what JSON-RPC or LSP expects.
  { name: "a request for a method nobody defined", run: async () => expect((await lsp.request("pathway/nothing")).error?.code).toBe(-32601) },
  { name: "a notification nobody defined", run: async () => notify("pathway/nothing", { a: 1 }) },
  { name: "a $/ notification nobody defined", run: async () => notify("$/pathway/nothing", null) },
  {
    name: "a JSON-RPC batch (an array of requests)",
    run: async (s) => {
      lsp.send([{ jsonrpc: "2.0", id: 1, method: "shutdown" }]);
      await logged(/neither a response nor a notification/, s);
    },
  },
  {
    name: "a body that is a number",
    run: async (s) => {
      lsp.send("5");
      await logged(/neither a response nor a notification/, s);
    },
  },
  {
    name: "a body that is null",
    run: async (s) => {
      lsp.send("null");
      await logged(/empty message/, s);
    },
  },
  {
    name: "a body that is a string",
    run: async (s) => {
      lsp.send('"initialize"');
      await logged(/neither a response nor a notification/, s);
    },
  },
  {
    name: "an empty object",
    run: async (s) => {
      lsp.send("{}");
      await logged(/neither a response nor a notification/, s);
    },
  },
  {
    name: "an empty body (Content-Length: 0)",
    run: async (s) => {
      lsp.write("Content-Length: 0\r\n\r\n");
      await logged(/skipped a message whose body is not JSON/, s);
    },
  },
  {
    name: "a Content-Type naming another charset (the body is read as UTF-8)",
    run: async () => void lsp.write(`Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{}`),
  },
  {
    name: 'jsonrpc "1.0"',
    run: async () =>
      expect(
        (await lsp.send({ jsonrpc: "1.0", id: "v1", method: "workspace/symbol", params: { query: "" } }), await lsp.next((m) => m.id === "v1")).result,
      ).toEqual(expect.any(Array)),
  },
  {
    name: "an id and nothing else",
    run: async (s) => {
      lsp.send({ id: 7 });
      await logged(/neither a response nor a notification/, s);
    },
  },
  { name: "a response to a request the server never sent", run: async () => lsp.send({ jsonrpc: "2.0", id: 424242, result: { nodes: [] } }) },
  {
    name: "a request whose id is null",
    run: async (s) => {
      lsp.send({ jsonrpc: "2.0", id: null, method: "workspace/symbol", params: { query: "" } });
      await logged(/neither a response nor a notification/, s);
    },
  },
  {
    name: "a request whose id is an object",
    run: async (s) => {
      lsp.send({ jsonrpc: "2.0", id: { a: 1 }, method: "workspace/symbol", params: { query: "" } });
      await logged(/neither a response nor a notification/, s);
    },
  },
  {
    name: "a request whose id is a long string",
    run: async () =>
      expect(
        (lsp.send({ jsonrpc: "2.0", id: "i".repeat(10_000), method: "workspace/symbol", params: { query: "" } }),
        await lsp.next((m) => m.id === "i".repeat(10_000))).result,
      ).toBeDefined(),
  },
  {
    name: "a request whose id is 1e300",
    run: async () =>
      expect(
        (lsp.send({ jsonrpc: "2.0", id: 1e300, method: "workspace/symbol", params: { query: "" } }), await lsp.next((m) => m.id === 1e300)).result,
      ).toBeDefined(),
  },
  {
    name: "initialize a second time",
    run: async () => expect((await lsp.request("initialize", { processId: null, rootUri: "file:///", capabilities: {} })).result).toBeDefined(),
  },
  {
    name: "5,000 cancellations of requests that do not exist, in one write",
    run: async () =>
      lsp.write(Buffer.concat(Array.from({ length: 5000 }, (_, i) => frame({ jsonrpc: "2.0", method: "$/cancelRequest", params: { id: 90_000 + i } })))),
  },
  ...(
    [
      ["without params", undefined],
      ["whose params are null", null],
      ["whose params have no id", {}],
      ["whose params are text", "7"],
    ] as const
  ).map(
    ([what, params]): Row => ({
      name: `a cancellation ${what} (skipped; it ended the server as a broken frame)`,
      run: async (s) => {
        lsp.send({ jsonrpc: "2.0", method: "$/cancelRequest", ...(params !== undefined && { params }) });
        await logged(/skipped a \$\/cancelRequest message the server could not act on/, s);
      },
    }),
  ),
  { name: "a cancellation whose id is an object", run: async () => notify("$/cancelRequest", { id: { nested: true } }) },
  {
    name: "a request cancelled as soon as it is sent",
    run: async () => {
      lsp.send({ jsonrpc: "2.0", id: "c1", method: "textDocument/hover", params: { textDocument: { uri: okUri() }, position: { line: 1, character: 10 } } });
      notify("$/cancelRequest", { id: "c1" });
      const answer = await lsp.next((m) => m.id === "c1");
      expect(answer.error === undefined || answer.error.code === -32800).toBe(true);
    },
  },
  // Documents the server must not read from disk, or cannot.
  {
    name: "an untitled: document",
    run: async () => {
      open("untitled:Untitled-1", PATHWAY);
      expect(
        (await lsp.request("textDocument/hover", { textDocument: { uri: "untitled:Untitled-1" }, position: { line: 1, character: 10 } })).result,
      ).toBeNull();
    },
  },
  {
    name: "an http: document",
    run: async () => {
      open("http://attacker.example/p.json", PATHWAY);
      expect((await lsp.request("textDocument/documentSymbol", { textDocument: { uri: "http://attacker.example/p.json" } })).result).toEqual([]);
    },
  },
  {
    name: "a file URI with an encoded slash",
    run: async (s) => {
      open(`${uri("a")}%2Fb.json`, PATHWAY);
      await logged(/names no local file/, s);
    },
  },
  {
    name: "a file URI of another host",
    run: async (s) => {
      open("file://attacker.example/share/p.json", PATHWAY);
      await logged(/names no local file/, s);
    },
  },
  {
    name: "a file URI with an encoded NUL (analysed from its text, never read)",
    run: async (s) => {
      open(`${uri("nul")}%00.json`, PATHWAY);
      await published(`${uri("nul")}%00.json`, s);
    },
  },
  {
    name: "a file URI climbing out with ..",
    run: async (s) => {
      open(`${okUri()}/../../../../../../etc/hostile.json`, PATHWAY);
      await lsp.next((m) => m.method === "textDocument/publishDiagnostics" && /etc\/hostile\.json$/.test(m.params?.uri ?? ""), s);
    },
  },
  {
    name: "a file outside the workspace (/proc/self/environ as a name)",
    run: async (s) => {
      open("file:///proc/self/environ", '{"nodes": []}');
      await published("file:///proc/self/environ", s);
    },
  },
  { name: "a 5,000-character file name", run: async () => open(uri(`${"n".repeat(5000)}.json`), PATHWAY) },
  {
    name: "a version of 1.5",
    run: async (s) => {
      open(uri("v.json"), PATHWAY, "json", 1.5);
      await logged(/version is not a whole number/, s);
    },
  },
  {
    name: "a version of 1e308",
    run: async (s) => {
      open(uri("big-version.json"), PATHWAY, "json", 1e308);
      await published(uri("big-version.json"), s);
    },
  },
  {
    name: "a negative version",
    run: async (s) => {
      open(uri("neg-version.json"), PATHWAY, "json", -7);
      await published(uri("neg-version.json"), s);
    },
  },
  {
    name: "a languageId that is a number",
    run: async (s) => {
      open(uri("lang.json"), PATHWAY, 5 as unknown as string);
      await logged(/languageId is number/, s);
    },
  },
  {
    name: "a change whose range is past the end",
    run: async () => {
      notify("textDocument/didChange", {
        textDocument: { uri: uri("big-version.json"), version: 2 },
        contentChanges: [{ range: { start: { line: 9999, character: 9999 }, end: { line: 99_999, character: 0 } }, text: " " }],
      });
      expect(
        (await lsp.request("textDocument/hover", { textDocument: { uri: uri("big-version.json") }, position: { line: 1, character: 10 } })).error,
      ).toBeUndefined();
    },
  },
  {
    name: "a change whose range ends before it starts",
    run: async () =>
      notify("textDocument/didChange", {
        textDocument: { uri: uri("big-version.json"), version: 3 },
        contentChanges: [{ range: { start: { line: 3, character: 5 }, end: { line: 0, character: 0 } }, text: "x" }],
      }),
  },
  {
    name: "a change to a document never opened",
    run: async () => notify("textDocument/didChange", { textDocument: { uri: uri("never.json"), version: 2 }, contentChanges: [{ text: "{}" }] }),
  },
  { name: "a save of a document never opened", run: async () => notify("textDocument/didSave", { textDocument: { uri: uri("never-opened.pathway.ts") } }) },
  {
    name: "watched-file events naming files outside the workspace",
    run: async () =>
      notify("workspace/didChangeWatchedFiles", {
        changes: [
          { uri: "file:///etc/passwd", type: 2 },
          { uri: "file:///proc/self/environ", type: 1 },
        ],
      }),
  },
  {
    name: "10,000 changes in one message",
    run: async (s) => {
      notify("textDocument/didChange", {
        textDocument: { uri: uri("neg-version.json"), version: 2 },
        contentChanges: Array.from({ length: 10_000 }, (_, i) => ({
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          text: i % 2 ? " " : "",
        })),
      });
      await published(uri("neg-version.json"), s);
    },
  },
  {
    name: "a document holding NUL, lone surrogates and terminal escapes",
    run: async (s) => {
      open(
        uri("controls.json"),
        '{"nodes": [{"id": "\\u001b[2J", "type": "Default", "data": {"name": "\\u0000\\ud800\\u202e", "isStart": true}}], "edges": []}\u0000',
      );
      await published(uri("controls.json"), s);
    },
  },
  {
    name: "a frame whose body holds bytes that are not UTF-8",
    run: async (s) => {
      const body = Buffer.concat([
        Buffer.from(
          JSON.stringify({
            jsonrpc: "2.0",
            method: "textDocument/didOpen",
            params: { textDocument: { uri: uri("bytes.json"), languageId: "json", version: 1, text: '{"nodes": [], "x": "@"}' } },
          }).replace("@", "\u0001"),
        ),
      ]);
      const raw = Buffer.from(body.toString("latin1").replace("\u0001", "\xed\xa0\x80\xff"), "latin1");
      lsp.write(Buffer.concat([Buffer.from(`Content-Length: ${raw.length}\r\n\r\n`), raw]));
      await published(uri("bytes.json"), s);
    },
  },
  {
    name: "the same document opened twice and closed twice",
    run: async () => {
      for (let i = 0; i < 2; i++) open(uri("twice.json"), PATHWAY);
      for (let i = 0; i < 2; i++) notify("textDocument/didClose", { textDocument: { uri: uri("twice.json") } });
    },
  },
  {
    name: "200 documents opened in one write",
    run: async () =>
      lsp.write(
        Buffer.concat(
          Array.from({ length: 200 }, (_, i) =>
            frame({
              jsonrpc: "2.0",
              method: "textDocument/didOpen",
              params: { textDocument: { uri: uri(`many/${i}.json`), languageId: "json", version: 1, text: PATHWAY } },
            }),
          ),
        ),
      ),
  },
  // Requests at places that do not exist.
  {
    name: "hover at line 2^31",
    run: async () =>
      expect(
        (await lsp.request("textDocument/hover", { textDocument: { uri: okUri() }, position: { line: 2 ** 31, character: 2 ** 31 } })).error,
      ).toBeUndefined(),
  },
  {
    name: "completion far past the end",
    run: async () =>
      expect((await lsp.request("textDocument/completion", { textDocument: { uri: okUri() }, position: { line: 1e9, character: 0 } })).result).toEqual([]),
  },
  {
    name: "a workspace symbol query of 100,000 characters",
    run: async () => expect((await lsp.request("workspace/symbol", { query: "q".repeat(100_000) })).result).toEqual([]),
  },
  {
    name: "code actions for 10,000 made-up diagnostics",
    run: async () => {
      const diagnostics = Array.from({ length: 10_000 }, (_, i) => ({
        range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } },
        message: "x",
        code: "dead-end",
      }));
      expect(
        (
          await lsp.request("textDocument/codeAction", {
            textDocument: { uri: okUri() },
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
            context: { diagnostics },
          })
        ).result,
      ).toEqual(expect.any(Array));
    },
  },
  // Settings of the wrong types, as a client or a settings file gives them.
  {
    name: "settings of the wrong types",
    run: async (s) => {
      notify("workspace/didChangeConfiguration", {
        settings: { pathwaykit: { maxDocumentSizeMB: "1e9", runModules: "true", analysisMemoryMB: -1, analysisTimeoutSeconds: 1e308 } },
      });
      await logged(/pathwaykit\.maxDocumentSizeMB is "1e9", which is not a valid value; it keeps 4/, s);
    },
  },
  { name: "settings that are a string", run: async () => notify("workspace/didChangeConfiguration", { settings: "pathwaykit" }) },
  { name: "settings that are null", run: async () => notify("workspace/didChangeConfiguration", null) },
  { name: "settings whose section is a list", run: async () => notify("workspace/didChangeConfiguration", { settings: { pathwaykit: [true] } }) },
  {
    name: "runModules hidden under __proto__ (a module is still not run)",
    run: async (s) => {
      lsp.send(
        '{"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": {"__proto__": {"runModules": true}, "pathwaykit": {"__proto__": {"runModules": true}}}}}',
      );
      open(uri("m.pathway.ts"), 'import { writeFileSync } from "node:fs"; writeFileSync("ran.txt", "x");\n', "typescript");
      notify("textDocument/didSave", { textDocument: { uri: uri("m.pathway.ts") } });
      const notice = await lsp.next(
        (m) => m.method === "textDocument/publishDiagnostics" && m.params?.uri === uri("m.pathway.ts") && m.params.diagnostics?.[0]?.code === "module-not-run",
        s,
      );
      expect(notice).toBeDefined();
    },
  },
  // A workspace whose files name things outside it, or things that are not files.
  ...(unix
    ? [
        {
          name: "a workspace config that is a link to /etc/passwd",
          run: async (s: number) => {
            symlinkSync("/etc/passwd", path.join(dir, "linked/pathway.config.json"));
            open(uri("linked/p.json"), PATHWAY);
            const diagnostics = (await published(uri("linked/p.json"), s)).params?.diagnostics ?? [];
            expect(diagnostics.map((d) => d.code)).toEqual(["config-error"]);
            expect(diagnostics[0]!.message).toMatch(/symbolic link that leads outside the project, so nothing was read from it/);
          },
        },
        {
          name: "a scenario naming /proc/self/environ",
          run: async (s: number) => {
            open(uri("env.scenario.yaml"), scenario("/proc/self/environ"), "yaml");
            expect((await published(uri("env.scenario.yaml"), s)).params?.diagnostics?.[0]?.message).toMatch(/outside the project/);
          },
        },
        {
          name: "a scenario naming a link to a file outside",
          run: async (s: number) => {
            open(uri("link.scenario.yaml"), scenario("link-out.json"), "yaml");
            expect((await published(uri("link.scenario.yaml"), s)).params?.diagnostics?.[0]?.message).toMatch(/symbolic link/);
          },
        },
        {
          name: "completion in a scenario naming a FIFO",
          run: async () => {
            open(uri("fifo.scenario.yaml"), scenario("fifo.json"), "yaml");
            expect(
              (await lsp.request("textDocument/completion", { textDocument: { uri: uri("fifo.scenario.yaml") }, position: { line: 4, character: 10 } })).result,
            ).toEqual([]);
          },
        },
        {
          name: "definition in a scenario naming a 1 GB file",
          run: async () => {
            open(uri("huge.scenario.yaml"), scenario("huge.json"), "yaml");
            expect(
              (await lsp.request("textDocument/definition", { textDocument: { uri: uri("huge.scenario.yaml") }, position: { line: 4, character: 10 } })).result,
            ).toEqual([]);
          },
        },
      ]
    : []),
];

describe.runIf(unix)("pathway lsp, hostile inputs", () => {
  it("holds at least 61 distinct inputs", () => {
    expect(new Set(ROWS.map((r) => r.name)).size).toBe(ROWS.length);
    expect(ROWS.length).toBeGreaterThanOrEqual(61);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      await row.run(lsp.received.length);
      await stillAnswers();
    });
  }
});

/** Messages of the rows' families, drawn at random: any method the server knows or not, with params of any shape. */
const message = fc.record({
  method: fc.constantFrom(
    "textDocument/didOpen",
    "textDocument/didChange",
    "textDocument/didClose",
    "textDocument/didSave",
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentSymbol",
    "textDocument/codeAction",
    "workspace/symbol",
    "workspace/didChangeConfiguration",
    "$/cancelRequest",
    "$/setTrace",
    "initialized",
    "pathway/unknown",
  ),
  id: fc.option(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { nil: undefined }),
  params: fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 3 }),
    fc.record(
      {
        textDocument: fc.record(
          {
            uri: fc.oneof(fc.constant("file:///tmp/x.json"), fc.webUrl(), fc.string()),
            version: fc.jsonValue({ maxDepth: 0 }),
            text: fc.oneof(fc.string(), fc.constant(PATHWAY)),
            languageId: fc.constant("json"),
          },
          { requiredKeys: [] },
        ),
        position: fc.record({ line: fc.integer(), character: fc.integer() }),
      },
      { requiredKeys: [] },
    ),
  ),
});

describe.runIf(unix)("pathway lsp, generated hostile messages", () => {
  it(
    "skips or answers each, and keeps answering",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 20 }), async (batch) => {
          // String ids of their own: an answer to one can never pass for the answer stillAnswers waits for.
          lsp.write(
            Buffer.concat(
              batch.map((m) =>
                frame({
                  jsonrpc: "2.0",
                  ...(m.id !== undefined && { id: `fuzz-${m.id}` }),
                  method: m.method,
                  ...(m.params !== undefined && { params: m.params }),
                }),
              ),
            ),
          );
          await stillAnswers();
          expect(lsp.child.exitCode).toBeNull();
        }),
        { numRuns: fuzzRuns(15) },
      );
    },
    LONG_FUZZ ? 0 : 60_000,
  );
});
