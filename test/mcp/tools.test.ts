// The rest of `pathway mcp`'s tools, prompts and bounds with --allow-write, over the real process and the protocol SDK's client.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, tempDir } from "../support/cli.js";

const FLOW = {
  name: "Booking",
  nodes: [
    { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi!" } },
    { id: "ask", type: "Default", data: { name: "Ask Name", prompt: "Ask for the name." } },
    { id: "end", type: "End Call", data: { name: "Bye", text: "Goodbye." } },
  ],
  edges: [
    { id: "e1", source: "start", target: "ask", label: "next" },
    { id: "e2", source: "ask", target: "end", label: "done" },
  ],
};

let project: string;
let client: Client;
const stderr: string[] = [];
const textOf = (result: unknown) => ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join("\n");

beforeAll(async () => {
  project = path.join(tempDir("pathwaykit-mcp-tools-"), "project");
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, "package.json"), "{}\n");
  writeFileSync(path.join(project, "flow.json"), `${JSON.stringify(FLOW, null, 2)}\n`);
  const edited = { ...FLOW, nodes: FLOW.nodes.map((n) => (n.id === "ask" ? { ...n, data: { ...n.data, prompt: "Ask for the caller's full name." } } : n)) };
  writeFileSync(path.join(project, "flow.edited.json"), `${JSON.stringify(edited, null, 2)}\n`);
  // A label with stray whitespace: a safe fix.
  const messy = { ...FLOW, edges: [{ ...FLOW.edges[0], label: " next " }, FLOW.edges[1]] };
  writeFileSync(path.join(project, "messy.json"), `${JSON.stringify(messy, null, 2)}\n`);
  // 250 nodes nothing leads to: lists longer than an answer holds.
  const big = {
    ...FLOW,
    nodes: [...FLOW.nodes, ...Array.from({ length: 250 }, (_, i) => ({ id: `lost-${i}`, type: "End Call", data: { name: `Lost ${i}`, text: "Bye." } }))],
  };
  writeFileSync(path.join(project, "big.json"), `${JSON.stringify(big)}\n`);
  writeFileSync(path.join(project, "hello.request.json"), `${JSON.stringify({ phone_number: "+14155550123", pathway_id: "x", start_node_id: "nowhere" })}\n`);
  // A module that prints while it loads: the protocol's stream must not carry it.
  writeFileSync(
    path.join(project, "noisy.pathway.ts"),
    `console.log("noise from the module");\nprocess.stdout.write("more noise\\n");\nexport default ${JSON.stringify(FLOW)};\n`,
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--allow-write"],
    cwd: project,
    env: { PATH: process.env.PATH ?? "", HOME: project },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => stderr.push(d.toString()));
  client = new Client({ name: "pathwaykit-test", version: "1.0.0" });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe("pathway mcp tools", () => {
  it("validates a draft without a path, and names it <stdin>", async () => {
    const result = await client.callTool({ name: "validate", arguments: { text: '{"nodes": [], "edges": []' } });
    const answer = result.structuredContent as { files: { path: string; findings: { rule: string; line?: number }[] }[]; errorCount: number };
    expect(answer.files[0]!.path).toBe("<stdin>");
    expect(answer.errorCount).toBeGreaterThan(0);
  });

  it("explains a rule, and names the closest rule for a typo", async () => {
    const known = await client.callTool({ name: "explain_rule", arguments: { rule: "dead-end" } });
    expect(known.structuredContent).toMatchObject({ id: "dead-end", set: "lint", fixable: false, markdown: expect.stringMatching(/^# dead-end/) });
    const typo = await client.callTool({ name: "explain_rule", arguments: { rule: "dead-ends" } });
    expect(typo.isError).toBe(true);
    expect(textOf(typo)).toMatch(/did you mean "dead-end"/);
  });

  it("answers arguments of the wrong shape with an error the assistant can act on", async () => {
    const result = await client.callTool({ name: "lint", arguments: { paths: "flow.json" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid arguments for lint: paths: /);
  });

  it("analyzes, draws and diffs", async () => {
    const analysis = await client.callTool({ name: "analyze", arguments: { path: "flow.json" } });
    expect(analysis.structuredContent).toMatchObject({ path: "flow.json", analysis: { start: "start", deadEnds: [] }, names: { ask: "Ask Name" } });
    const diagram = await client.callTool({ name: "diagram", arguments: { path: "flow.json" } });
    expect((diagram.structuredContent as { mermaid: string }).mermaid).toMatch(/^flowchart TB/);
    expect(textOf(diagram)).toContain("```mermaid\nflowchart TB");
    const diff = await client.callTool({ name: "diff", arguments: { a: "flow.json", b: "flow.edited.json" } });
    expect(diff.structuredContent).toMatchObject({ equal: false, diff: { changes: [expect.objectContaining({ kind: "prompt" })] } });
    const remote = await client.callTool({ name: "diff", arguments: { a: "flow.json", b: "remote:abc" } });
    expect(textOf(remote)).toMatch(/--allow-remote/);
  });

  it("cuts a list longer than an answer holds, and says where", async () => {
    const result = await client.callTool({ name: "analyze", arguments: { path: "big.json" } });
    const answer = result.structuredContent as { analysis: { unreachable: string[] }; cuts: { at: string; shown: number; total: number }[] };
    expect(answer.analysis.unreachable).toHaveLength(200);
    expect(answer.cuts).toContainEqual({ at: "/analysis/unreachable", shown: 200, total: 250 });
    expect(textOf(result)).toMatch(/Cut to fit: .*\/analysis\/unreachable \(200 of 250\)/);
  });

  it("generates scenarios as text, writes them with write_scenarios, and they pass", async () => {
    const preview = await client.callTool({ name: "generate_scenarios", arguments: { path: "flow.json" } });
    const files = (preview.structuredContent as { files: { path: string; text: string }[] }).files;
    expect(files[0]).toMatchObject({ path: "scenarios/flow/flow-1.scenario.yaml", text: expect.stringContaining("pathway: ../../flow.json") });
    expect(existsSync(path.join(project, "scenarios"))).toBe(false);
    await client.callTool({ name: "write_scenarios", arguments: { path: "flow.json" } });
    expect(readFileSync(path.join(project, files[0]!.path), "utf8")).toContain("pathway: ../../flow.json");
    const run = await client.callTool({ name: "run_scenarios", arguments: { paths: ["scenarios"] } });
    expect(run.structuredContent).toMatchObject({
      summary: { failed: 0, errors: 0 },
      coverage: [expect.objectContaining({ pathway: "flow.json", edges: expect.objectContaining({ percent: 100 }) })],
    });
  });

  it("offers the safe fix in lint, returns the fixed text without writing, and writes it with fix", async () => {
    const before = readFileSync(path.join(project, "messy.json"), "utf8");
    type Answer = { files: { findings: { rule: string; fix?: { range: number[]; text: string } }[]; fixedText?: string }[] };
    const lint = await client.callTool({ name: "lint", arguments: { paths: ["messy.json"] } });
    const finding = (lint.structuredContent as Answer).files[0]!.findings.find((f) => f.rule === "edge-label-whitespace");
    expect(finding?.fix).toEqual({ range: [expect.any(Number), expect.any(Number)], text: '"next"' });
    expect(before.slice(finding!.fix!.range[0], finding!.fix!.range[1])).toBe('" next "');
    const fixed = await client.callTool({ name: "lint", arguments: { paths: ["messy.json"], apply_fixes: true } });
    expect((fixed.structuredContent as Answer).files[0]!.fixedText).toContain('"label": "next"');
    expect(readFileSync(path.join(project, "messy.json"), "utf8")).toBe(before);
    const fix = await client.callTool({ name: "fix", arguments: { paths: ["messy.json"] } });
    expect(textOf(fix)).toMatch(/^Fixed 1 finding in 1 file/);
    expect(readFileSync(path.join(project, "messy.json"), "utf8")).toContain('"label": "next"');
  });

  it("checks a request body against its pathway", async () => {
    const result = await client.callTool({ name: "check_request", arguments: { paths: ["hello.request.json"], pathway: "flow.json" } });
    const rules = (result.structuredContent as { files: { findings: { rule: string }[] }[] }).files[0]!.findings.map((f) => f.rule);
    expect(rules).toContain("unknown-start-node");
  });

  it("builds a module that prints while loading, and the protocol stream stays whole", async () => {
    const result = await client.callTool({ name: "build", arguments: { entries: ["noisy.pathway.ts"] } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect((result.structuredContent as { entries: { status: string }[] }).entries[0]!.status).toBe("written");
    expect(JSON.parse(readFileSync(path.join(project, "noisy.json"), "utf8"))).toMatchObject({ name: "Booking" });
    expect(stderr.join("")).toContain("noise from the module");
    // The connection still answers after the module printed.
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  }, 60_000);

  it("gives the review and scenario prompts for a pathway, and refuses one outside the project", async () => {
    const review = await client.getPrompt({ name: "review-pathway", arguments: { path: "flow.json" } });
    expect((review.messages[0]!.content as { text: string }).text).toMatch(/Call lint with paths \["flow\.json"\]/);
    const scenarios = await client.getPrompt({ name: "write-scenarios", arguments: { path: "flow.json" } });
    expect((scenarios.messages[0]!.content as { text: string }).text).toMatch(/write_scenarios/);
    await expect(client.getPrompt({ name: "review-pathway", arguments: { path: "../x.json" } })).rejects.toThrow(/leaves the project root/);
  });
});
