// `pathway mcp` over the real process, driven by the protocol SDK's own client: tools, resources, findings placed, scenarios, confinement, permissions and shutdown.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, tempDir } from "../support/cli.js";

const KEY = "pk_live_0123456789abcdefXYZ";
const SECRET = "TOP-SECRET-CONTENT-7f3a";

/** A pathway whose node "Ask Name" (line 3) leads nowhere: a dead end; its name carries an escape character and the API key. */
const BROKEN = [
  `{"nodes": [`,
  `{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "text": "Hi!"}},`,
  `{"id": "ask", "type": "Default", "data": {"name": "Ask \\u001b[31mName ${KEY}", "prompt": "Ask for the name."}}`,
  `], "edges": [`,
  `{"id": "e1", "source": "start", "target": "ask", "label": "next"}`,
  `]}`,
  ``,
].join("\n");

const FLOW = JSON.stringify(
  {
    nodes: [
      { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi!" } },
      { id: "ask", type: "Default", data: { name: "Ask Name", prompt: "Ask for the name." } },
      { id: "end", type: "End Call", data: { name: "Bye", text: "Goodbye." } },
    ],
    edges: [
      { id: "e1", source: "start", target: "ask", label: "next" },
      { id: "e2", source: "ask", target: "end", label: "done" },
    ],
  },
  null,
  2,
);
const SCENARIO = `name: reaches the question\npathway: ../flow.json\nturns:\n  - user: hello\n    take: next\n    expect:\n      node: Ask Name\n`;

let project: string;
const stderr: string[] = [];

/** A client connected to `pathway mcp ...args` in the project; its stderr is collected. */
async function connect(args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...args],
    cwd: project,
    env: { PATH: process.env.PATH ?? "", HOME: project, PATHWAYKIT_API_KEY: KEY },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => stderr.push(d.toString()));
  const client = new Client({ name: "pathwaykit-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

type Finding = { rule: string; pointer: string; line?: number; column?: number; message: string };
type Findings = { files: { path: string; findings: Finding[] }[]; errorCount: number; truncated?: { note: string } };
const textOf = (result: unknown) => ((result as { content: unknown }).content as { type: string; text: string }[]).map((c) => c.text).join("\n");

let client: Client;
const seen: string[] = [];

beforeAll(async () => {
  const root = tempDir("pathwaykit-mcp-");
  project = path.join(root, "project");
  mkdirSync(path.join(project, "scenarios"), { recursive: true });
  writeFileSync(path.join(project, "package.json"), "{}\n");
  writeFileSync(path.join(project, "broken.json"), BROKEN);
  writeFileSync(path.join(project, "flow.json"), FLOW);
  writeFileSync(path.join(project, "scenarios", "flow.scenario.yaml"), SCENARIO);
  // A file outside the project, and a link inside the project that leads to it.
  writeFileSync(
    path.join(root, "secret.json"),
    JSON.stringify({ nodes: [{ id: "x", type: "Default", data: { name: SECRET, isStart: true, text: SECRET } }], edges: [] }),
  );
  symlinkSync(path.join(root, "secret.json"), path.join(project, "leak.json"));
  client = await connect();
}, 60_000);

afterAll(async () => {
  await client?.close();
});

/** Calls a tool and keeps its whole answer for the check that no secret left the server. */
async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  seen.push(JSON.stringify(result));
  return result;
}

describe("pathway mcp", () => {
  it("lists the read-only tools, each with input and output schemas, and no tool that writes or reaches the service", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual([
      "validate",
      "lint",
      "explain_rule",
      "analyze",
      "diagram",
      "run_scenarios",
      "generate_scenarios",
      "diff",
      "check_request",
      "calls_stats",
    ]);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
    expect(names).not.toContain("fix");
    expect(names).not.toContain("publish");
  });

  it("lists the schemas, one resource per rule and the project's pathways (not the link out of it)", async () => {
    const uris: string[] = [];
    for (let cursor: string | undefined, first = true; first || cursor !== undefined; first = false) {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    }
    expect(uris[0]).toMatch(/^pathwaykit:\/\/pathways\//);
    expect(uris).toContain("pathwaykit://schemas/pathway.schema.json");
    expect(uris).toContain("pathwaykit://schemas/scenario.schema.json");
    expect(uris).toContain("pathwaykit://rules/dead-end");
    expect(uris).toContain("pathwaykit://pathways/flow.json");
    expect(uris.filter((u) => u.includes("leak"))).toEqual([]);
    const rule = await client.readResource({ uri: "pathwaykit://rules/dead-end" });
    expect((rule.contents[0] as { text: string }).text).toMatch(/^# dead-end\n/);
    const schema = await client.readResource({ uri: "pathwaykit://schemas/pathway.schema.json" });
    expect(JSON.parse((schema.contents[0] as { text: string }).text)).toHaveProperty("$schema");
  });

  it("lints a file and places the dead end: rule, pointer, line and column; the key and the escape character do not come back raw", async () => {
    const result = await call("lint", { paths: ["broken.json"] });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as Findings;
    const deadEnd = answer.files[0]!.findings.find((f) => f.rule === "dead-end");
    expect(deadEnd).toMatchObject({ pointer: "/nodes/1", line: 3, column: 1 });
    expect(deadEnd!.message).toContain("[redacted]");
    expect(deadEnd!.message).toContain("\\u001b[31m");
    const text = textOf(result);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain("\u001b");
  });

  it("lints an unsaved draft given as text, and cuts findings past max_findings with a note", async () => {
    const result = await call("lint", { text: BROKEN.replace(KEY, "x"), path: "draft.json", max_findings: 1 });
    const answer = result.structuredContent as Findings;
    expect(answer.files[0]!.path).toBe("draft.json");
    expect(answer.files[0]!.findings).toEqual([expect.objectContaining({ rule: "dead-end", line: 3 })]);
    expect(answer.errorCount).toBeGreaterThanOrEqual(1);
  });

  it("runs a scenario and reports its trace and coverage", async () => {
    const result = await call("run_scenarios", { paths: ["scenarios"] });
    const report = result.structuredContent as {
      summary: { passed: number; failed: number };
      results: { status: string; trace: unknown[] }[];
      coverage: { pathway: string }[];
    };
    expect(report.summary).toMatchObject({ passed: 1, failed: 0 });
    expect(report.results[0]!.trace.length).toBeGreaterThan(0);
    expect(report.coverage[0]!.pathway).toBe("flow.json");
  });

  it("refuses a path outside the project, by .. or by a symbolic link, and reads none of it", async () => {
    for (const paths of [["../secret.json"], ["leak.json"], [path.join(path.dirname(project), "secret.json")], ["/*"], ["../*.json"], ["**/../../*.json"]]) {
      const result = await call("lint", { paths });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/Nothing was read from it/);
    }
    // A walk of the whole project skips the link without reading it, and says so.
    const walk = await call("validate", {});
    const leak = (walk.structuredContent as Findings).files.find((f) => f.path === "leak.json");
    expect(leak?.findings.map((f) => f.rule)).toEqual(["outside-project"]);
    await expect(client.readResource({ uri: "pathwaykit://pathways/leak.json" })).rejects.toThrow(/outside|symbolic link/);
    await expect(client.readResource({ uri: "pathwaykit://pathways/..%2Fsecret.json" })).rejects.toThrow(/leaves the project root/);
    await expect(client.getPrompt({ name: "review-pathway", arguments: { path: "leak.json" } })).rejects.toThrow(/symbolic link/);
    expect([...seen, ...stderr].join("\n")).not.toContain(SECRET);
  });

  it("offers no write tool without --allow-write, and refuses a call to one", async () => {
    const result = await client.callTool({ name: "fix", arguments: {} }).catch((error: Error) => error);
    expect(String(result instanceof Error ? result.message : textOf(result))).toMatch(/--allow-write/);
    const writer = await connect(["--allow-write"]);
    try {
      const names = (await writer.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["fix", "write_scenarios", "build"]));
      expect(names).not.toContain("fetch");
    } finally {
      await writer.close();
    }
  });

  it("takes its root from --root when the client starts it elsewhere, and refuses a folder that is not there", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--root", project],
      cwd: path.dirname(project),
      env: { PATH: process.env.PATH ?? "" },
      stderr: "pipe",
    });
    const rooted = new Client({ name: "pathwaykit-test", version: "1.0.0" });
    await rooted.connect(transport);
    try {
      const result = await rooted.callTool({ name: "validate", arguments: { paths: ["flow.json"] } });
      expect((result.structuredContent as Findings).files[0]!.path).toBe("flow.json");
      expect((await rooted.callTool({ name: "validate", arguments: { paths: ["../secret.json"] } })).isError).toBe(true);
    } finally {
      await rooted.close();
    }
    const missing = spawnSync(process.execPath, [BIN, "mcp", "--root", path.join(project, "nowhere")], { input: "", encoding: "utf8" });
    expect([missing.status, missing.stderr]).toEqual([2, expect.stringMatching(/--root .*: no such folder/)]);
  });

  it("stops a tool call at --timeout with an error result, and answers the next call", async () => {
    const hasty = await connect(["--timeout", "1ms"]);
    try {
      const result = await hasty.callTool({ name: "lint", arguments: { paths: ["broken.json"] } });
      expect([result.isError, textOf(result)]).toEqual([true, expect.stringMatching(/^lint did not finish within 1 ms; /)]);
      expect((await hasty.listTools()).tools.length).toBe(10);
    } finally {
      await hasty.close();
    }
  });

  it("exits with code 0 when the client goes away (standard input closed)", async () => {
    const child = spawn(process.execPath, [BIN, "mcp"], { cwd: project, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
    const answered = await new Promise<string>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(d.toString())));
    expect(JSON.parse(answered)).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
  });
});
