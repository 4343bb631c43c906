// `pathway lsp` on a 13.5 MB pathway: one "too large" finding instead of minutes of analysis; within a raised limit, the time and memory budgets and a newer version stop the analysis, and the server answers throughout.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { startLsp, type LspClientOptions, type LspSession } from "../support/lsp-client.js";

/**
 * A chain of `count` small nodes, each reading a variable nothing sets (one finding per node): the shape of the
 * 13.5 MB file that took the server past 120 s and 768 MB. 95,000 nodes make about 13.5 MB.
 */
function chainPathway(count: number): string {
  const nodes: string[] = [];
  const edges: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = i === count - 1 ? "End Call" : "Default";
    nodes.push(`{"id":"n${i}","type":"${type}","data":{"name":"N${i}"${i === 0 ? ',"isStart":true' : ""},"prompt":"say {{v${i % 50}}}"}}`);
    if (i > 0) edges.push(`{"id":"e${i}","source":"n${i - 1}","target":"n${i}","label":"go"}`);
  }
  return `{"nodes":[\n${nodes.join(",\n")}\n],"edges":[\n${edges.join(",\n")}\n]}\n`;
}

const SMALL = `{"nodes": [
{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "text": "Hi!"}},
{"id": "end", "type": "End Call", "data": {"name": "Bye", "text": "Goodbye."}}
], "edges": [
{"id": "e1", "source": "start", "target": "ned", "label": "done"}
]}
`;

const LARGE = chainPathway(95_000);

/** Peak resident memory of a process in MB (Linux), or undefined elsewhere. */
function peakMb(pid: number): number | undefined {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return undefined;
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(status, "utf8"));
  return m ? Number(m[1]) / 1024 : undefined;
}

/** A project with the small pathway; the server started with `client`. */
async function session(client: LspClientOptions = {}): Promise<{ dir: string; lsp: LspSession; small: string }> {
  const dir = tempDir("pathwaykit-lsp-large-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  const lsp = await startLsp(dir, {}, client);
  const small = await lsp.open(path.join(dir, "small.json"), SMALL);
  await lsp.diagnostics(small);
  return { dir, lsp, small };
}

/** A hover on the small pathway's broken target is answered (with its finding). */
async function answersHover(lsp: LspSession, small: string): Promise<void> {
  const hover = await lsp.connection.sendRequest<{ contents: { value: string } } | null>("textDocument/hover", {
    textDocument: { uri: small },
    position: { line: 4, character: SMALL.split("\n")[4]!.indexOf('"ned"') + 2 },
  });
  expect(hover?.contents.value).toContain("unknown-edge-endpoint");
}

describe("pathway lsp with a large document", () => {
  it("gives a 13.5 MB pathway one too-large-to-analyse finding, answers hover and shutdown, and stays small in memory", async () => {
    expect(LARGE.length).toBeGreaterThan(13 * 1024 * 1024);
    const { dir, lsp, small } = await session();
    const uri = await lsp.open(path.join(dir, "large.json"), LARGE);
    const diagnostics = await lsp.diagnostics(uri, undefined, 60_000);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "too-large-to-analyse", severity: 2, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }),
    ]);
    expect(diagnostics[0]!.message).toMatch(
      /^Not analysed: this file is 13 MB, over the 4 MB the editor analyses; nothing in it was checked\. Raise pathwaykit\.maxDocumentSizeMB/,
    );
    expect(diagnostics[0]!.message).toContain("`pathway lint <file>` in a terminal");
    expect(await lsp.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 1, character: 10 } })).toBeNull();
    await answersHover(lsp, small);
    // Analysing it took the server to 858 MB; holding its text and refusing it, to the size of the text a few times over.
    const peak = peakMb(lsp.child.pid!);
    if (peak !== undefined) expect(peak).toBeLessThan(400);
    expect(await lsp.stop()).toBe(0);
  }, 120_000);

  it("stops an analysis past its time budget with one analysis-took-too-long finding, and answers meanwhile", async () => {
    const { dir, lsp, small } = await session({ initializationOptions: { maxDocumentSizeMB: 64, analysisTimeoutSeconds: 0.5 } });
    const uri = await lsp.open(path.join(dir, "large.json"), LARGE);
    await answersHover(lsp, small);
    const diagnostics = await lsp.diagnostics(uri, undefined, 60_000);
    expect(diagnostics.map((d) => d.code)).toEqual(["analysis-took-too-long"]);
    expect(diagnostics[0]!.message).toMatch(/took longer than the 0\.5 s it may take, and was stopped; .*Raise pathwaykit\.analysisTimeoutSeconds/);
    await answersHover(lsp, small);
    expect(await lsp.stop()).toBe(0);
  }, 120_000);

  it("stops an analysis past its memory budget with one too-large-to-analyse finding, and the next analysis runs", async () => {
    const { dir, lsp, small } = await session({ initializationOptions: { maxDocumentSizeMB: 64, analysisMemoryMB: 32, analysisTimeoutSeconds: 120 } });
    const uri = await lsp.open(path.join(dir, "large.json"), LARGE);
    const diagnostics = await lsp.diagnostics(uri, undefined, 120_000);
    expect(diagnostics.map((d) => d.code)).toEqual(["too-large-to-analyse"]);
    expect(diagnostics[0]!.message).toMatch(
      /needed more than the 32 MB of memory an analysis may use, and its analysis was stopped; .*Raise pathwaykit\.analysisMemoryMB/,
    );
    // The thread that ran out is gone; the next analysis gets a new one.
    await lsp.change(small, SMALL.replace('"ned"', '"end"'));
    const fixed = await lsp.diagnostics(small, (d) => !d.some((x) => x.code === "unknown-edge-endpoint"));
    expect(fixed.map((d) => d.code)).not.toContain("analysis-failed");
    expect(await lsp.stop()).toBe(0);
  }, 180_000);

  it("stops the running analysis when a newer version arrives, and publishes only the newer version's findings", async () => {
    const { dir, lsp } = await session({ initializationOptions: { maxDocumentSizeMB: 64, analysisTimeoutSeconds: 600 }, trace: "verbose" });
    const uri = await lsp.open(path.join(dir, "large.json"), LARGE);
    await lsp.trace(/analysis of .*large\.json \(version 1\) started/, 0, 60_000);
    await lsp.change(uri, SMALL);
    await lsp.trace(/analysis of .*large\.json \(version 1\) stopped: a newer version arrived/, 0, 60_000);
    const diagnostics = await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "unknown-edge-endpoint"), 60_000);
    expect(diagnostics.map((d) => d.code)).toContain("unknown-edge-endpoint");
    expect(lsp.published.filter((p) => p.uri === uri).map((p) => p.version)).toEqual([2]);
    expect(await lsp.stop()).toBe(0);
  }, 120_000);
});
