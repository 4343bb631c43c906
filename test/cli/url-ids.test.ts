// Ids become URL path segments: ".", ".." and "" from the command line, a manifest or a service answer are refused before any request; nothing is written.
import { createServer } from "node:http";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listenOnLoopback, readBody, sendJson } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";
import { useServiceProject } from "../support/temp-project.js";

const PATHWAY = { name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] };

const project = useServiceProject({ pathways: { good: PATHWAY } }, { "p.json": JSON.stringify(PATHWAY) }, "pathwaykit-url-ids-");
const run = (args: string[]) => project.run(args);

describe("ids from the command line", () => {
  it.each([[".."], ["."], ["remote:.."], ["..@3"], ["..@latest"]])("fetch %s is a usage error that sends and writes nothing", async (id) => {
    for (const format of [[], ["--format", "json"]]) {
      const result = await run(["fetch", id, ...format]);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).toMatch(/the pathway id is "\.\.?", which a URL reads as/);
    }
    expect(project.service.requests).toEqual([]);
    expect(readdirSync(project.dir)).toEqual(["p.json"]);
  });

  it("fetch .. -o names the file it would have written and leaves it alone", async () => {
    writeFileSync(path.join(project.dir, "out.json"), "keep\n");
    const result = await run(["fetch", "..", "-o", "out.json"]);
    expect(result.code).toBe(2);
    expect(readFileSync(path.join(project.dir, "out.json"), "utf8")).toBe("keep\n");
    expect(project.service.requests).toEqual([]);
  });

  it.each([
    [["versions", ".."]],
    [["versions", "remote:."]],
    [["log", ".."]],
    [["push", "p.json", "--id", "..", "--force"]],
    [["diff", "p.json", "remote:.."]],
    [["check-request", "-", "--pathway", "remote:..", "--kind", "call"]],
  ])("%j is refused before any request (exit 2)", async (args) => {
    const result = await runMain(args, {
      cwd: project.dir,
      env: { PATHWAYKIT_BASE_URL: project.service.url, PATHWAYKIT_API_KEY: project.service.apiKey },
      stdin: '{"phone_number": "+14155550123", "task": "Hi"}',
    });
    expect(result.code).toBe(2);
    expect(project.service.requests).toEqual([]);
  });
});

describe("ids from the manifest", () => {
  it.each([[".."], ["."], [""]])("an entry with id %j is a manifest error: nothing is fetched, written or pushed", async (id) => {
    const manifest = JSON.stringify({
      version: 1,
      pathways: [
        { file: "p.json", id },
        { file: "good.json", id: "good" },
      ],
    });
    writeFileSync(path.join(project.dir, "pathwaykit.manifest.json"), manifest);
    for (const args of [["fetch"], ["diff", "--check"], ["push", "p.json", "--force"]]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/pathwaykit\.manifest\.json: pathways\[0\]\.id: the pathway id is/);
    }
    expect(project.service.requests).toEqual([]);
    expect(readFileSync(path.join(project.dir, "pathwaykit.manifest.json"), "utf8")).toBe(manifest);
    expect(existsSync(path.join(project.dir, "good.json"))).toBe(false);
  });
});

describe("a chat id from the service", () => {
  it.each([[".."], ["."]])("chat_id %j in the answer to chat/create fails the scenario; no message is sent to another endpoint", async (chatId) => {
    const seen: string[] = [];
    const server = createServer(async (req, res) => {
      seen.push(`${req.method} ${req.url}`);
      await readBody(req);
      if (req.method === "GET" && req.url === "/v1/pathway/pw") return sendJson(res, 200, PATHWAY);
      if (req.method === "POST" && req.url === "/v1/pathway/chat/create") return sendJson(res, 200, { data: { chat_id: chatId, message: "Hi" }, errors: null });
      return sendJson(res, 200, { data: { chat_id: chatId, assistant_responses: ["Hi"], completed: false }, errors: null });
    });
    const fake = await listenOnLoopback(server);
    try {
      writeFileSync(path.join(project.dir, "s.scenario.yaml"), "name: S\npathway: p.json\nturns:\n  - user: hello\n");
      const result = await runMain(["test", "s.scenario.yaml", "--live", "--pathway-id", "pw", "--format", "json"], {
        cwd: project.dir,
        env: { PATHWAYKIT_BASE_URL: fake.url, PATHWAYKIT_API_KEY: "sk-test" },
      });
      expect(result.code).toBe(2);
      expect(result.stdout).toMatch(/\\"chat_id\\" is \\"\.\.?\\", which a URL reads as/);
      expect(seen.filter((s) => !["GET /v1/pathway/pw", "POST /v1/pathway/chat/create"].includes(s))).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
