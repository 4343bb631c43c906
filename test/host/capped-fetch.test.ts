// Bounded answers for the llm decider and live webhooks: a real loopback server sends an endless or oversized body.
import { createServer, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCappedFetch } from "../../src/host/capped-fetch.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { runScenarioFiles } from "../../src/engine/scenarios/run-scenarios.js";
import { listenOnLoopback } from "../support/fake-service.js";
import { createTempProject } from "../support/temp-project.js";

let base: string;
let close: () => Promise<void>;
/** Bytes the server managed to send on endless answers: the reader must stop them long before they add up. */
let sent = 0;

/** Writes 64 KiB chunks until the client goes away (or 512 MiB, a bound for the test itself). */
function sendEndless(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const more = () => {
    while (!res.destroyed && sent < 512 * 1024 * 1024) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    res.end();
  };
  more();
}

beforeAll(async () => {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url === "/huge") res.writeHead(200, { "content-type": "application/json", "content-length": String(10 * 1024 ** 3) }).write("{");
      else if (req.url === "/small") res.writeHead(200, { "content-type": "application/json" }).end('{"ok": true}');
      else sendEndless(res);
    });
  });
  ({ url: base, close } = await listenOnLoopback(server));
});
afterAll(() => close());

function project(files: Record<string, string>) {
  const dir = createTempProject(files, "pathwaykit-capped-fetch-");
  return { dir, host: createNodeHost({ cwd: dir, env: { PATHWAYKIT_LLM_BASE_URL: `${base}/v1`, PATHWAYKIT_LLM_MODEL: "m" } }) };
}

describe("toCappedFetch", () => {
  it("cuts an endless body off at the limit, naming the URL and the flag that raises it", async () => {
    const { host } = project({});
    sent = 0;
    const response = await toCappedFetch(host, 256 * 1024)(`${base}/endless`, { method: "GET", headers: {} } as never);
    await expect(response.text()).rejects.toThrow(`the answer from ${base}/endless is over the limit of 262144 bytes (--max-response raises it)`);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a declared 10 GiB before reading, and reads a small answer whole", async () => {
    const { host } = project({});
    const fetch = toCappedFetch(host);
    await expect((await fetch(`${base}/huge`, { method: "GET", headers: {} } as never)).text()).rejects.toThrow(
      /declares 10240 MiB \(Content-Length\), over the limit of 64 MiB/,
    );
    expect(await (await fetch(`${base}/small`, { method: "GET", headers: {} } as never)).text()).toBe('{"ok": true}');
  });
});

describe("runScenarioFiles over endless answers", () => {
  it("--live-webhooks: the webhook's endless answer stops that scenario with the reason, at --max-response", async () => {
    const pathway = {
      nodes: [
        {
          id: "w",
          type: "Webhook",
          data: {
            name: "Lookup",
            isStart: true,
            url: `${base}/endless`,
            method: "GET",
            responsePathways: [["Default/Webhook Completion", "", "", { id: "end", name: "End" }]],
          },
        },
        { id: "end", type: "End Call", data: { name: "End", text: "bye" } },
      ],
      edges: [],
    };
    const { host } = project({ "p.json": JSON.stringify(pathway), "w.scenario.yaml": "pathway: p.json\nturns: []\nexpect:\n  node: End\n" });
    sent = 0;
    const report = await runScenarioFiles(host, ["w.scenario.yaml"], { liveWebhooks: true, remote: { maxResponseBytes: 1024 * 1024 } });
    expect(JSON.stringify(report.results[0]!.failures)).toMatch(
      /webhook node .*Lookup.* failed: the answer from http:\/\/127\.0\.0\.1:\d+\/endless is over the limit of 1 MiB/,
    );
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("--decider llm: the model endpoint's endless answer is an error decision, not a process out of memory", async () => {
    const pathway = {
      nodes: [
        { id: "a", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } },
        { id: "b", type: "End Call", data: { name: "Book", text: "bye" } },
      ],
      edges: [{ id: "e", source: "a", target: "b", label: "book an appointment" }],
    };
    const { host } = project({ "p.json": JSON.stringify(pathway), "l.scenario.yaml": "pathway: p.json\ndecider: llm\nturns:\n  - user: I want to book\n" });
    sent = 0;
    const report = await runScenarioFiles(host, ["l.scenario.yaml"], { remote: { maxResponseBytes: 1024 * 1024 } });
    expect(JSON.stringify(report.results[0])).toMatch(
      /the answer of the model endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions could not be read \(the answer from .* is over the limit of 1 MiB/,
    );
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });
});
