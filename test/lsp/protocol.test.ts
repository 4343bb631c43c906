// `pathway lsp --stdio` over the real process, spoken to with vscode-jsonrpc: findings as lint gives them, hover, navigation, symbols, completion, quick fixes.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli, tempDir } from "../support/cli.js";
import { startLsp, type LspSession } from "../support/lsp-client.js";

/** A small project: a config that turns a rule off and declares request data, a pathway, a scenario beside it. */
const NODES = [
  `{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "text": "Hi!"}}`,
  `{"id": "ask", "type": "Default", "data": {"name": "Ask Name", "prompt": "Ask for the name.", "extractVars": [["caller_name", "string", "the name"]]}}`,
  `{"id": "confirm", "type": "Default", "data": {"name": "Confirm", "prompt": "Thanks {{caller_name}}. Budget {{budget}}, plan {{plan}}."}}`,
  `{"id": "end", "type": "End Call", "data": {"name": "Bye", "text": "Goodbye."}}`,
];
const EDGES = [
  `{"id": "e1", "source": "start", "target": "ask", "label": "next"}`,
  `{"id": "e2", "source": "ask", "target": "confirm", "label": "got name"}`,
  `{"id": "e3", "source": "confirm", "target": "edn", "label": "done"}`,
];
const PATHWAY = `{"nodes": [\n${NODES.join(",\n")}\n], "edges": [\n${EDGES.join(",\n")}\n]}\n`;
const CONFIG = `{\n  "variables": { "requestData": ["budget"] }\n}\n`;
const SCENARIO = `name: books\npathway: flow.json\nturns:\n  - user: hello\n    take: next\n    expect:\n      node: Ask Name\n`;

/** 0-based position of `needle` in `text`, `shift` characters in. */
function at(text: string, needle: string, shift = 0): { line: number; character: number } {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, offset + shift).split("\n");
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

let dir: string;
let lsp: LspSession;
let uri: string;

beforeAll(async () => {
  dir = tempDir("pathwaykit-lsp-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  writeFileSync(path.join(dir, "pathway.config.json"), CONFIG);
  writeFileSync(path.join(dir, "flow.json"), PATHWAY);
  mkdirSync(path.join(dir, "scenarios"));
  lsp = await startLsp(dir);
  uri = await lsp.open(path.join(dir, "flow.json"), PATHWAY);
}, 30_000);

afterAll(async () => {
  await lsp?.stop();
});

describe("pathway lsp: findings", () => {
  it("publishes the findings `pathway lint --format json` reports, with the nearest config, at the same places", async () => {
    const published = await lsp.diagnostics(uri);
    const lint = JSON.parse(runCli(["lint", "flow.json", "--format", "json"], { cwd: dir }).stdout) as {
      messages: { ruleId: string; line: number; column: number }[];
    }[];
    const expected = lint[0]!.messages.map((d) => `${d.ruleId}@${d.line - 1}:${d.column - 1}`).sort();
    expect(expected.length).toBeGreaterThan(3);
    expect(published.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`).sort()).toEqual(expected);
    // The config declares budget as request data: only plan is undefined.
    expect(published.find((d) => d.code === "unknown-edge-endpoint")!.range.start).toEqual(at(PATHWAY, '"edn"'));
    expect(
      published
        .filter((d) => d.code === "undefined-variable")
        .map((d) => d.message)
        .join(),
    ).not.toContain("budget");
  });

  it("keeps the last good analysis while the text does not parse, and publishes the parse error", async () => {
    const broken = PATHWAY.replace('"label": "done"}', '"label": "done"');
    await lsp.change(uri, broken);
    const published = await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "parse-error"));
    expect(published.length).toBeGreaterThan(0);
    const hover = await lsp.connection.sendRequest<{ contents: { value: string } } | null>("textDocument/hover", {
      textDocument: { uri },
      position: at(broken, '"target": "confirm"', 12),
    });
    expect(hover?.contents.value).toContain("**Confirm**");
    await lsp.change(uri, PATHWAY);
    await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "unknown-edge-endpoint"));
  });

  it("keeps hover working when the text stops parsing right after its first analysis (no pause to make facts in)", async () => {
    const file = path.join(dir, "quick.json");
    writeFileSync(file, PATHWAY);
    const quick = await lsp.open(file, PATHWAY);
    await lsp.diagnostics(quick);
    const broken = PATHWAY.replace('"label": "done"}', '"label": "done"');
    await lsp.change(quick, broken);
    await lsp.diagnostics(quick, (d) => d.some((x) => x.code === "parse-error"));
    const hover = await lsp.connection.sendRequest<{ contents: { value: string } } | null>("textDocument/hover", {
      textDocument: { uri: quick },
      position: at(broken, '"target": "confirm"', 12),
    });
    await lsp.connection.sendNotification("textDocument/didClose", { textDocument: { uri: quick } });
    expect(hover?.contents.value).toContain("**Confirm**");
  });

  it("drops stale analyses: after a burst of changes the last publication is for the last version", async () => {
    for (let i = 0; i < 10; i++) await lsp.change(uri, PATHWAY.replace('"Hi!"', `"Hi ${i}!"`));
    // The last version's analysis may finish after an older one that started before the last change reached the server:
    // wait for it, then for one more change's, so anything stale would have come between the two.
    const publishedFor = (version: number) =>
      vi.waitFor(() => expect(lsp.published.some((p) => p.uri === uri && p.version === version)).toBe(true), { timeout: 30_000, interval: 20 });
    await publishedFor(13);
    await lsp.change(uri, PATHWAY.replace('"Hi!"', '"Hi again!"'));
    await publishedFor(14);
    const mine = lsp.published.filter((p) => p.uri === uri);
    const versions = mine.map((p) => p.version ?? 0);
    expect(versions.slice(versions.indexOf(13))).toEqual([13, 14]);
    // Debounced: ten changes in a row are not ten analyses.
    expect(mine.filter((p) => (p.version ?? 0) > 2).length).toBeLessThan(5);
  });
});

describe("pathway lsp: hover, definition and references", () => {
  it("hovers a node id reference with the node's name, type and ways in and out", async () => {
    const hover = await lsp.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri },
      position: at(PATHWAY, '"target": "confirm"', 12),
    });
    expect(hover.contents.value).toMatch(/\*\*Confirm\*\* `confirm` — Default/);
    expect(hover.contents.value).toMatch(/Ways in: 1\n- Ask Name \(`ask`\) via edge `got name`/);
    expect(hover.contents.value).toMatch(/Ways out: 1/);
  });

  it("hovers a {{variable}} with its producer, and a finding with its explanation and documentation page", async () => {
    const variable = await lsp.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri },
      position: at(PATHWAY, "{{caller_name}}", 4),
    });
    expect(variable.contents.value).toContain("Set by:\n- Ask Name (`ask`) — extractVars");
    expect(variable.contents.value).toContain("Read in:\n- Confirm (`confirm`)");
    const finding = await lsp.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri },
      position: at(PATHWAY, '"edn"', 2),
    });
    expect(finding.contents.value).toContain("**unknown-edge-endpoint** (error)");
    expect(finding.contents.value).toContain(
      "[Documentation of unknown-edge-endpoint](https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/unknown-edge-endpoint.md)",
    );
  });

  it("goes from an edge target to the node, from a variable to its producer, and finds every reference of a node", async () => {
    const def = await lsp.connection.sendRequest<{ uri: string; range: { start: unknown } }[]>("textDocument/definition", {
      textDocument: { uri },
      position: at(PATHWAY, '"target": "confirm"', 12),
    });
    expect(def).toEqual([{ uri, range: expect.objectContaining({ start: at(PATHWAY, '"id": "confirm"', 6) }) }]);
    const producer = await lsp.connection.sendRequest<{ range: { start: { line: number } } }[]>("textDocument/definition", {
      textDocument: { uri },
      position: at(PATHWAY, "{{caller_name}}", 4),
    });
    expect(producer.map((l) => l.range.start.line)).toEqual([at(PATHWAY, '"id": "ask"').line]);
    const refs = await lsp.connection.sendRequest<{ range: { start: unknown } }[]>("textDocument/references", {
      textDocument: { uri },
      position: at(PATHWAY, '"id": "ask"', 7),
      context: { includeDeclaration: false },
    });
    expect(refs.map((r) => r.range.start)).toEqual([at(PATHWAY, '"target": "ask"', 10), at(PATHWAY, '"source": "ask"', 10)]);
  });
});

describe("pathway lsp: symbols and completion", () => {
  it("lists the nodes with their ways out as document symbols, and finds nodes by name across open pathways", async () => {
    const symbols = await lsp.connection.sendRequest<{ name: string; children: { name: string }[] }[]>("textDocument/documentSymbol", {
      textDocument: { uri },
    });
    expect(symbols.map((s) => s.name)).toEqual(["Greeting", "Ask Name", "Confirm", "Bye"]);
    expect(symbols[1]!.children.map((c) => c.name)).toEqual(["got name → Confirm"]);
    const found = await lsp.connection.sendRequest<{ name: string }[]>("workspace/symbol", { query: "ask" });
    expect(found.map((s) => s.name)).toEqual(["Ask Name"]);
  });

  it("completes node ids in an edge target, and edge labels and node names after a scenario's take: and node:", async () => {
    const ids = await lsp.connection.sendRequest<{ label: string }[]>("textDocument/completion", { textDocument: { uri }, position: at(PATHWAY, '"edn"', 1) });
    expect(ids.map((i) => i.label)).toEqual(["start", "ask", "confirm", "end"]);
    const scenarioFile = path.join(dir, "books.scenario.yaml");
    const scenario = await lsp.open(scenarioFile, SCENARIO, "yaml");
    const take = await lsp.connection.sendRequest<{ label: string }[]>("textDocument/completion", {
      textDocument: { uri: scenario },
      position: at(SCENARIO, "take: next", 6),
    });
    expect(take.map((i) => i.label)).toEqual(expect.arrayContaining(["next", "got name", "Ask Name"]));
    const node = await lsp.connection.sendRequest<{ label: string }[]>("textDocument/completion", {
      textDocument: { uri: scenario },
      position: at(SCENARIO, "node: Ask", 6),
    });
    expect(node.map((i) => i.label)).toEqual(["Greeting", "Ask Name", "Confirm", "Bye"]);
  });

  it("goes from a scenario's take: to the edge and from node: to the node, in the pathway file", async () => {
    const scenario = await lsp.open(path.join(dir, "goes.scenario.yaml"), SCENARIO, "yaml");
    const take = await lsp.connection.sendRequest<{ uri: string; range: { start: unknown } }[]>("textDocument/definition", {
      textDocument: { uri: scenario },
      position: at(SCENARIO, "take: next", 7),
    });
    expect(take).toEqual([{ uri, range: expect.objectContaining({ start: at(PATHWAY, '{"id": "e1"') }) }]);
    const node = await lsp.connection.sendRequest<{ uri: string; range: { start: unknown } }[]>("textDocument/definition", {
      textDocument: { uri: scenario },
      position: at(SCENARIO, "node: Ask", 7),
    });
    expect(node).toEqual([{ uri, range: expect.objectContaining({ start: at(PATHWAY, '"id": "ask"', 6) }) }]);
  });
});

describe("pathway lsp: quick fixes", () => {
  const actionsFor = async (code: string) => {
    const all = await lsp.diagnostics(uri);
    const diagnostics = all.filter((d) => d.code === code);
    return lsp.connection.sendRequest<{ title: string; edit: { changes?: Record<string, { range: unknown; newText: string }[]> } }[]>(
      "textDocument/codeAction",
      {
        textDocument: { uri },
        range: diagnostics[0]!.range,
        context: { diagnostics },
      },
    );
  };

  it("offers the rule's suggestion for a broken edge target (the near-miss node id), as an edit of that value only", async () => {
    await lsp.change(uri, PATHWAY);
    const actions = await actionsFor("unknown-edge-endpoint");
    const fix = actions.find((a) => a.title.startsWith("Change the target"))!;
    expect(fix.title).toBe('Change the target to "end", node "Bye" (id end)');
    expect(fix.edit.changes![uri]).toEqual([{ range: { start: at(PATHWAY, '"edn"'), end: at(PATHWAY, '"edn"', 5) }, newText: '"end"' }]);
  });

  it("offers each rule's safe fix, and all of them at once as source.fixAll.pathway, the edits lint --fix makes", async () => {
    const messy = PATHWAY.replace('"edn"', '"end"').replace('"label": "done"', '"label": "  done "');
    await lsp.change(uri, messy);
    await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "edge-label-whitespace"));
    const [fix] = (await actionsFor("edge-label-whitespace")).filter((a) => a.title.startsWith("Fix this"));
    expect(fix!.title).toBe("Fix this edge-label-whitespace problem");
    expect(fix!.edit.changes![uri]).toEqual([{ range: { start: at(messy, '"  done "'), end: at(messy, '"  done "', 9) }, newText: '"done"' }]);
    const all = await lsp.connection.sendRequest<{ kind: string; edit: { changes: Record<string, unknown[]> } }[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ["source.fixAll"] },
    });
    expect(all.map((a) => a.kind)).toEqual(["source.fixAll.pathway"]);
    expect(all[0]!.edit.changes[uri]).toEqual(fix!.edit.changes![uri]);
    await lsp.change(uri, PATHWAY);
  });

  it("adds an undefined variable to variables.requestData, or suppresses with a reason to write, as edits of the config", async () => {
    await lsp.change(uri, PATHWAY);
    const actions = await actionsFor("undefined-variable");
    const configUri = `file://${path.join(dir, "pathway.config.json")}`;
    const add = actions.find((a) => a.title.startsWith('Add "plan"'))!;
    const edited = JSON.parse(add.edit.changes![configUri]![0]!.newText) as { variables: { requestData: string[] } };
    expect(edited.variables.requestData).toEqual(["budget", "plan"]);
    const suppress = actions.find((a) => a.title.startsWith("Suppress undefined-variable at confirm"))!;
    expect(JSON.parse(suppress.edit.changes![configUri]![0]!.newText)).toMatchObject({
      suppressions: [{ file: "flow.json", nodeId: "confirm", rule: "undefined-variable", reason: "TODO: say why this finding is accepted" }],
    });
    // Offered, never applied: the config on disk is as it was.
    expect(readFileSync(path.join(dir, "pathway.config.json"), "utf8")).toBe(CONFIG);
  });

  it("marks the one node nothing leads into as the start when no node is", async () => {
    // With the broken edge fixed, Greeting is the one node nothing leads into (while "end" is unreached too, no fix is certain).
    const noStart = PATHWAY.replace(', "isStart": true', "").replace('"edn"', '"end"');
    await lsp.change(uri, noStart);
    await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "missing-start-node"));
    const actions = await actionsFor("missing-start-node");
    const mark = actions.find((a) => a.title.startsWith("Mark"))!;
    expect(mark.title).toBe('Mark "Greeting" (start) as the start node');
    const edit = mark.edit.changes![uri]![0]!;
    expect(edit).toEqual({
      range: { start: at(noStart, '"data": {"name": "Greeting"', 9), end: at(noStart, '"data": {"name": "Greeting"', 9) },
      newText: '"isStart": true, ',
    });
    await lsp.change(uri, PATHWAY);
  });
});
