// `pathway mcp --allow-remote --allow-write` against a fake service on 127.0.0.1: fetch, diff with remote:<id>, push_draft, and the key kept out of every answer.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, tempDir } from "../support/cli.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";

const PATHWAY = {
  name: "Remote",
  nodes: [
    { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi!" } },
    { id: "end", type: "End Call", data: { name: "Bye", text: "Goodbye." } },
  ],
  edges: [{ id: "e1", source: "start", target: "end", label: "done" }],
};

let service: FakeService;
let project: string;
let client: Client;
const answers: string[] = [];

beforeAll(async () => {
  service = await startFakeService({ pathways: { "p-remote": PATHWAY } });
  project = tempDir("pathwaykit-mcp-remote-");
  writeFileSync(path.join(project, "package.json"), "{}\n");
  const env = { PATH: process.env.PATH ?? "", HOME: project, PATHWAYKIT_API_KEY: service.apiKey, PATHWAYKIT_BASE_URL: service.url };
  client = new Client({ name: "pathwaykit-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--allow-remote", "--allow-write"], cwd: project, env, stderr: "pipe" }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await service?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  answers.push(JSON.stringify(result));
  return result;
}

describe("pathway mcp with --allow-remote and --allow-write", () => {
  it("offers the tools that reach the service, and still not publish", async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["run_scenarios_live", "fetch", "push_draft"]));
    expect(names.filter((n) => /publish|rollback/.test(n))).toEqual([]);
  });

  it("fetches a pathway into the project and its manifest, diffs it against remote:<id>, and saves a draft", async () => {
    const fetched = await call("fetch", { ids: ["p-remote"] });
    expect(fetched.structuredContent).toMatchObject({ outcomes: [{ id: "p-remote", ok: true, file: "pathways/p-remote.json" }] });
    expect(JSON.parse(readFileSync(path.join(project, "pathways/p-remote.json"), "utf8"))).toMatchObject({ name: "Remote" });
    expect(readFileSync(path.join(project, "pathwaykit.manifest.json"), "utf8")).toContain("p-remote");
    const diff = await call("diff", { a: "pathways/p-remote.json", b: "remote:p-remote" });
    expect(diff.structuredContent).toMatchObject({ equal: true });
    const draft = await call("push_draft", { path: "pathways/p-remote.json" });
    expect(draft.structuredContent).toMatchObject({ id: "p-remote", ok: true, pushed: true });
    expect(service.requests.some((r) => r.method === "POST" && r.path.includes("/version"))).toBe(true);
    expect(answers.join("\n")).not.toContain(service.apiKey);
  });

  it("runs a scenario against the service's chat with the manifest's pathway", async () => {
    mkdirSync(path.join(project, "scenarios"), { recursive: true });
    writeFileSync(path.join(project, "scenarios", "live.scenario.yaml"), "name: greets\npathway: ../pathways/p-remote.json\nturns:\n  - user: hello\n");
    const result = await call("run_scenarios_live", { paths: ["scenarios"] });
    const report = result.structuredContent as { results: { mode?: string; status: string; failures: { message: string }[] }[] };
    expect(report.results[0], JSON.stringify(report.results[0]?.failures)).toMatchObject({ mode: "live", status: "passed" });
    expect(service.requests.some((r) => r.path.includes("chat"))).toBe(true);
    expect(answers.join("\n")).not.toContain(service.apiKey);
  });
});
