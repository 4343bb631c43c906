// `pathway lsp` on what editors really send: huge and binary files, JSON mid-keystroke, a broken config, a scenario reaching outside the project; it keeps answering and writes nothing.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
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

/** Every file under `dir` with its bytes, to show that nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full).toString("base64");
    }
  };
  walk(dir);
  return out;
}

let dir: string;
let lsp: LspSession;
let before: Record<string, string>;

/** The server still answers a request at once (a document symbol request on a small pathway). */
async function stillAnswers(): Promise<void> {
  const uri = await lsp.open(path.join(dir, "ok.json"), PATHWAY);
  // An answer at all is the proof: a server stuck on the bad input never gives one (the test's timeout ends it).
  const symbols = await lsp.connection.sendRequest<unknown[]>("textDocument/documentSymbol", { textDocument: { uri } });
  expect(Array.isArray(symbols)).toBe(true);
}

beforeAll(async () => {
  dir = tempDir("pathwaykit-lsp-bad-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  writeFileSync(path.join(dir, "ok.json"), PATHWAY);
  before = snapshot(dir);
  lsp = await startLsp(dir);
}, 30_000);

afterAll(async () => {
  if (lsp) expect(await lsp.stop()).toBe(0);
});

describe("pathway lsp with bad input", () => {
  it("refuses to analyse a 100 MB document, saying what the limit is, and keeps answering", async () => {
    const huge = `{"nodes": [], "pad": "${"x".repeat(100 * 1024 * 1024)}"}`;
    const uri = await lsp.open(path.join(dir, "huge.json"), huge);
    const diagnostics = await lsp.diagnostics(uri, undefined, 60_000);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "too-large-to-analyse",
        message: expect.stringMatching(
          /this file is 100 MB, over the 4 MB the editor analyses; .*Raise pathwaykit\.maxDocumentSizeMB .*\(or start it with --max-file-size\)/,
        ),
      }),
    ]);
    const hover = await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 3 } });
    expect(hover).toBeNull();
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
    await stillAnswers();
  }, 120_000);

  it("reports a binary file opened by mistake as a parse error", async () => {
    const binary = `{"nodes": \u0000\u0001\u00ff\ufffd PNG \u0089\u0000`;
    const uri = await lsp.open(path.join(dir, "image.json"), binary);
    const diagnostics = await lsp.diagnostics(uri);
    expect(diagnostics.map((d) => d.code)).toEqual(["parse-error"]);
    await stillAnswers();
  });

  it("survives a pathway typed one keystroke at a time, and ends with the findings of the whole text", async () => {
    const uri = await lsp.open(path.join(dir, "typed.json"), "");
    for (let i = 1; i <= PATHWAY.length; i += 7) await lsp.change(uri, PATHWAY.slice(0, i));
    await lsp.change(uri, PATHWAY.replace('"target": "end"', '"target": "ned"'));
    const diagnostics = await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "unknown-edge-endpoint"));
    expect(diagnostics.map((d) => d.code)).toContain("unknown-edge-endpoint");
    await stillAnswers();
  });

  it("reports a config that does not parse on the pathway, and re-lints when the config is fixed in the editor", async () => {
    const configFile = path.join(dir, "pathway.config.json");
    writeFileSync(configFile, `{ "rules": `);
    const uri = await lsp.open(path.join(dir, "configured.json"), PATHWAY);
    const broken = await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "config-error"));
    expect(broken[0]!.message).toMatch(/pathway\.config\.json is not valid JSON/);
    const config = await lsp.open(configFile, `{ "rules": `);
    await lsp.change(config, `{ "rules": { "dead-end": "off" } }\n`);
    await lsp.diagnostics(uri, (d) => !d.some((x) => x.code === "config-error"));
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: config } });
    writeFileSync(configFile, "{}\n");
    before = { ...before, "pathway.config.json": Buffer.from("{}\n").toString("base64") };
  });

  it("does not read a pathway a scenario names outside the project, and says so", async () => {
    const text = `name: escape\npathway: ../../../../../../etc/passwd\nturns:\n  - user: hi\n    take: done\n`;
    const uri = await lsp.open(path.join(dir, "escape.scenario.yaml"), text, "yaml");
    const diagnostics = await lsp.diagnostics(uri);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/leaves the project folder .* Nothing was read from it\./),
        range: expect.objectContaining({ start: { line: 1, character: 9 } }),
      }),
    ]);
    const completion = await lsp.connection.sendRequest<unknown[]>("textDocument/completion", { textDocument: { uri }, position: { line: 4, character: 10 } });
    expect(completion).toEqual([]);
  });

  it("wrote no file through all of it", () => {
    expect(snapshot(dir)).toEqual(before);
  });
});
