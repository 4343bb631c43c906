// `pathway test --live` as a user runs it: the example scenarios against a fake chat service on loopback, divergence, --repeat, --compare, drift and a missing key.
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { loadScenario, type Scenario } from "../../src/simulate/index.js";
import { ROOT, tempDir } from "../support/cli.js";
import { startFakeChat, type AgentScript, type FakeChat } from "../support/fake-chat.js";
import { runMain } from "../support/run-main.js";

const NAMES = { "appointment-booking": "pw-book", "lead-qualification": "pw-lead", "support-kb": "pw-kb" } as const;
const read = (file: string) => readFileSync(file, "utf8");

/** A project with the example pathways, their scenarios and a manifest naming their remote ids. */
function project(): string {
  const dir = tempDir("pathwaykit-live-");
  cpSync(path.join(ROOT, "pathways"), path.join(dir, "pathways"), { recursive: true });
  const pathways = Object.entries(NAMES).map(([name, id]) => ({ file: `pathways/${name}.json`, id }));
  writeFileSync(path.join(dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways }, null, 2));
  return dir;
}

/** What the designer meant the agent to do for each line of the example scenarios. */
function exampleScript(dir: string): AgentScript {
  const script: AgentScript = {};
  for (const name of Object.keys(NAMES)) {
    const scenarioDir = path.join(dir, "pathways/scenarios", name);
    for (const file of readdirSync(scenarioDir)) {
      const loaded = loadScenario(read(path.join(scenarioDir, file)));
      if (!loaded.ok) throw new Error(file);
      const s: Scenario = loaded.scenario;
      // Each line carries its scenario's webhook answers, so scenarios that mock the same webhook differently do not collide.
      for (const t of s.turns)
        script[t.user] = {
          ...(t.take !== undefined && { take: t.take }),
          ...(t.vars && { vars: t.vars }),
          webhooks: { ...s.webhooks, ...t.webhooks } as never,
        };
    }
  }
  return script;
}

let chat: FakeChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

/** The example pathways by remote id, as the fake service holds them (without the ids in `omit`: a remote that is gone). */
function examplePathways(dir: string, omit: readonly string[] = []): Record<string, Pathway> {
  const held = Object.entries(NAMES).filter(([, id]) => !omit.includes(id));
  return Object.fromEntries(held.map(([name, id]) => [id, JSON.parse(read(path.join(dir, "pathways", `${name}.json`))) as Pathway]));
}

/** Starts the fake chat for the project before a run, so faults can be queued first. */
async function startChat(dir: string, options: { omit?: string[]; latencyMs?: number } = {}): Promise<FakeChat> {
  chat = await startFakeChat({ pathways: examplePathways(dir, options.omit), script: exampleScript(dir), latencyMs: options.latencyMs ?? 0 });
  return chat;
}

async function live(dir: string, args: string[], pathways?: Record<string, Pathway>, latencyMs = 0, apiKey?: string) {
  chat ??= await startFakeChat({ pathways: pathways ?? examplePathways(dir), script: exampleScript(dir), latencyMs });
  return runMain(["test", ...args], { cwd: dir, env: { PATHWAYKIT_API_KEY: apiKey ?? chat.apiKey, PATHWAYKIT_BASE_URL: chat.url } });
}

type Report = { results: { file: string; status: string; failures: { message: string }[]; mode?: string }[] };
const statuses = (r: { stdout: string }) => (JSON.parse(r.stdout) as Report).results.map((x) => `${x.status} ${path.basename(x.file, ".scenario.yaml")}`);

describe("pathway test --live", () => {
  it("passes the example scenarios against an agent that does what they script, finding each remote id in the manifest", async () => {
    const dir = project();
    const r = await live(dir, ["pathways/scenarios", "--live"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).not.toContain("✖");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✔ 13 passed, 0 failed \(13 scenarios/);
    expect(r.stdout).toContain("[live]");
    expect(r.stdout + r.stderr).not.toContain(chat!.apiKey);
  });

  it("runs --concurrency chats at a time across scenarios, and reports them in file order", async () => {
    const dir = project();
    const offline = await runMain(["test", "pathways/scenarios", "--format", "json"], { cwd: dir });
    const order = (JSON.parse(offline.stdout) as { results: { file: string }[] }).results.map((r) => r.file);
    for (const concurrency of [3, 1]) {
      const r = await live(dir, ["pathways/scenarios", "--live", "--concurrency", String(concurrency), "--format", "json"], undefined, 20);
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout) as { results: { file: string; status: string }[] };
      expect(report.results.map((x) => x.file)).toEqual(order);
      expect(report.results.every((x) => x.status === "passed")).toBe(true);
      expect(chat!.peakInFlight).toBe(concurrency);
      await chat!.close();
      chat = undefined;
    }
  });

  it("exits 1 when the live agent takes another edge, saying which", async () => {
    const dir = project();
    const first = await live(dir, ["pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml", "--live"]);
    expect(first.code).toBe(0);
    chat!.addFault({ type: "diverge" });
    const r = await live(dir, ["pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml", "--live"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/live decider: the live agent did not take edge .*"Collect appointment details"/);
  });

  it("reports a pass rate per scenario with --repeat, gates on --min-pass-rate, and shows it in JUnit", async () => {
    const dir = project();
    const file = "pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml";
    await live(dir, [file, "--live"]);
    chat!.addFault({ type: "diverge" });
    const json = await live(dir, [file, "--live", "--repeat", "4", "--concurrency", "1", "--format", "json"]);
    const [result] = JSON.parse(json.stdout).results;
    expect(result).toMatchObject({ runs: 4, passed: 3, passRate: 0.75, status: "failed", mode: "live" });
    expect(result.paths).toHaveLength(2);
    expect(json.code).toBe(1);
    chat!.addFault({ type: "diverge" });
    const gated = await live(dir, [file, "--live", "--repeat", "4", "--concurrency", "1", "--min-pass-rate", "0.7", "--format", "junit"]);
    expect(gated.code).toBe(0);
    expect(gated.stdout).toContain('<property name="passRate" value="0.75"/>');
    expect((await live(dir, [file, "--live", "--min-pass-rate", "2"])).code).toBe(2);
  });

  it("puts the offline prediction beside the live path with --compare", async () => {
    const dir = project();
    const file = "pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml";
    await live(dir, [file, "--live"]);
    chat!.addFault({ type: "diverge" });
    const r = await live(dir, [file, "--compare", "--format", "json"]);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.compare[0]).toMatchObject({ turn: 1, diverged: true });
  });

  it("warns, naming both hashes, when the remote pathway is not the local file", async () => {
    const dir = project();
    const local = JSON.parse(read(path.join(dir, "pathways/appointment-booking.json"))) as Pathway & { name: string };
    const r = await live(dir, ["pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml", "--live"], {
      "pw-book": { ...local, name: "changed remotely" },
    });
    expect(r.stdout).toMatch(
      /warning the remote pathway pw-book is not pathways\/appointment-booking\.json \(remote sha256:[0-9a-f]{64}, local sha256:[0-9a-f]{64}\)/,
    );
  });

  it("needs the key, and a remote id for each pathway", async () => {
    const dir = project();
    const noKey = await runMain(["test", "pathways/scenarios", "--live"], { cwd: dir, env: { PATHWAYKIT_BASE_URL: "http://127.0.0.1:9" } });
    expect(noKey).toMatchObject({ code: 2, stderr: expect.stringMatching(/set PATHWAYKIT_API_KEY/) });
    writeFileSync(path.join(dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways: [] }));
    const noId = await live(dir, ["pathways/scenarios/support-kb", "--live"]);
    expect(noId.code).toBe(2);
    expect(noId.stdout).toMatch(/has no remote pathway: pass --pathway-id <id>/);
  });
});

describe("pathway test --live with bad answers while runs overlap", () => {
  const KB_AND_LEAD = ["pathways/scenarios/lead-qualification", "pathways/scenarios/support-kb"];
  const ALL_PASS = [
    "passed call-me-later",
    "passed not-a-fit",
    "passed qualified",
    "passed asks-for-an-agent",
    "passed opens-a-ticket",
    "passed question-answered",
    "passed question-not-covered",
  ];

  it("reads the chat's answers only up to --max-response: an oversized one fails that scenario, the others pass", async () => {
    const dir = project();
    const c = await startChat(dir, { latencyMs: 5 });
    c.addFault({ type: "body", body: JSON.stringify({ data: { assistant_responses: ["x".repeat(64 * 1024)] } }), user: "Can I talk to a human agent please?" });
    const r = await live(dir, [...KB_AND_LEAD, "--live", "--concurrency", "3", "--max-response", "32k", "--format", "json"]);
    expect(statuses(r)).toEqual(ALL_PASS.map((s) => (s === "passed asks-for-an-agent" ? "failed asks-for-an-agent" : s)));
    expect((JSON.parse(r.stdout) as Report).results[3]!.failures[0]!.message).toMatch(
      /sending a message to chat .*: the answer from POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/chat\/.* is over the limit of 32768 bytes; nothing was read past the limit\. Raise --max-response/,
    );
    expect(r.code).toBe(1);
  });

  it("--compare runs its live chats --concurrency at a time too, in file order, and labels the runs live", async () => {
    const dir = project();
    const c = await startChat(dir, { latencyMs: 10 });
    c.addFault({ type: "diverge", user: "I'm busy right now, call me later." });
    const r = await live(dir, [...KB_AND_LEAD, "--compare", "--concurrency", "3", "--format", "json"]);
    expect(statuses(r)).toEqual(ALL_PASS.map((s) => (s === "passed call-me-later" ? "failed call-me-later" : s)));
    expect(c.peakInFlight).toBe(3);
    const report = JSON.parse(r.stdout) as Report & { results: { compare: { diverged: boolean }[] }[] };
    expect(report.results.map((x) => x.mode)).toEqual(ALL_PASS.map(() => "live"));
    expect(report.results[0]!.compare[0]!.diverged).toBe(true);
    expect(r.code).toBe(1);
  });

  it("a remote pathway the service does not have (404) makes its scenarios could-not-run (exit 2); the other pathway's still run and pass", async () => {
    const dir = project();
    await startChat(dir, { omit: ["pw-kb"], latencyMs: 5 });
    const r = await live(dir, [...KB_AND_LEAD, "--live", "--concurrency", "3", "--format", "json"]);
    expect(statuses(r)).toEqual(
      ALL_PASS.map((s) => (s.includes("-a-fit") || s.includes("call-me") || s.includes("qualified") ? s : s.replace("passed", "error"))),
    );
    expect((JSON.parse(r.stdout) as Report).results[3]!.failures[0]!.message).toMatch(
      /^the live chat could not start: starting a chat with pathway pw-kb: not found \(404\) at POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/chat\/create\. Check the pathway id\./,
    );
    expect(r.code).toBe(2);
    const text = await live(dir, ["pathways/scenarios/support-kb/opens-a-ticket.scenario.yaml", "--live"]);
    expect(text.stdout).toMatch(/✖ opens a ticket for a fault \[live\] \(could not run\)/);
    expect(text.code).toBe(2);
  });

  it("a repeated scenario that could not run in any run says why once, not also as a 0% assertion", async () => {
    const dir = project();
    await startChat(dir, { omit: ["pw-kb"] });
    const r = await live(dir, ["pathways/scenarios/support-kb/opens-a-ticket.scenario.yaml", "--live", "--repeat", "2"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/✖ opens a ticket for a fault \[live\] \(could not run\)/);
    expect(r.stdout.split("the live chat could not start")).toHaveLength(2);
    const json = await live(dir, ["pathways/scenarios/support-kb/opens-a-ticket.scenario.yaml", "--live", "--repeat", "2", "--format", "json"]);
    expect((JSON.parse(json.stdout) as { results: { status: string; runs: number; assertions: unknown[] }[] }).results[0]).toMatchObject({
      status: "error",
      runs: 2,
      assertions: [],
    });
  });

  it("a key the service rejects (401) stops the run with one message and exit 2 before any chat starts, and is never printed", async () => {
    const dir = project();
    await startChat(dir);
    const wrong = "wrong-key-3f9a8b7c6d5e";
    const out = path.join(dir, "live.xml");
    const r = await live(dir, [...KB_AND_LEAD, "--live", "--repeat", "3", "--format", "junit", "-o", out], undefined, 0, wrong);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^pathway: fetching pathway pw-lead: the service rejected the API key \(401 Unauthorized\)\. Check PATHWAYKIT_API_KEY/);
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(chat!.requests.filter((q) => q.path.includes("/chat/"))).toEqual([]);
    const json = await live(dir, [...KB_AND_LEAD, "--live", "--format", "json"], undefined, 0, wrong);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { code: "remote", reason: "unauthorized" } });
    for (const text of [r.stdout, r.stderr, json.stdout, json.stderr, readdirSync(dir).includes("live.xml") ? read(out) : ""]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(chat!.apiKey);
    }
  });

  it("a chat that fails on the last turn fails a scenario that expects the conversation to be stopped (it was the service, not the pathway)", async () => {
    const dir = project();
    const file = "pathways/scenarios/support-kb/stops.scenario.yaml";
    writeFileSync(
      path.join(dir, file),
      "name: stops\npathway: ../../support-kb.json\nturns:\n  - user: How do I reset my router?\nexpect: { status: stopped }\n",
    );
    const c = await startChat(dir);
    c.addFault({ type: "status", status: 500, user: "How do I reset my router?" });
    const r = await live(dir, [file, "--live", "--format", "json"]);
    expect((JSON.parse(r.stdout) as Report).results[0]).toMatchObject({
      status: "failed",
      failures: [
        {
          message: expect.stringMatching(/^the conversation was stopped: the live chat failed: sending a message to chat chat-1: POST .* answered 500/),
          turn: 1,
          pointer: "/turns/0",
          line: 4,
        },
      ],
    });
    expect(r.code).toBe(1);
  });

  it("with faults in overlapping runs (--concurrency 3 --repeat 2), each fails only its own scenario with the reason, in file order, 3 chats at most, no key", async () => {
    const dir = project();
    const c = await startChat(dir, { latencyMs: 5 });
    c.addFault({ type: "drop", user: "Can I talk to a human agent please?" });
    c.addFault({ type: "status", status: 500, user: "My internet line is dead, I think I need a technician." });
    c.addFault({ type: "status", status: 429, retryAfter: "0", user: "How do I reset my router?" });
    c.addFault({ type: "body", body: '{"data": {"assistant_responses": "hi"}}', user: "Okay, go ahead." });
    c.addFault({ type: "diverge", user: "Sure, I have a few minutes." });
    const out = path.join(dir, "live.xml");
    const args = [...KB_AND_LEAD, "--live", "--concurrency", "3", "--repeat", "2", "--retries", "1"];
    const r = await live(dir, [...args, "--format", "junit", "-o", out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`pathway test: 3 passed, 4 failed; report written to ${out}\n`);
    expect(c.peakInFlight).toBeLessThanOrEqual(3);
    const junit = read(out);
    expect([...junit.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "books a callback, correcting the number",
      "ends the call with a lead that is not a fit",
      "transfers a qualified lead to sales",
      "transfers a caller who asks for an agent",
      "opens a ticket for a fault",
      "answers a router question and says goodbye",
      "opens a ticket when the knowledge base does not cover a question",
    ]);
    expect(junit).toMatch(/not-a-fit[^]*?the service&#39;s answer is not the documented chat shape \(&#34;assistant_responses&#34; is not a list of strings\)/);
    expect(junit).toMatch(/asks-for-an-agent[^]*?the connection to 127\.0\.0\.1:\d+ closed before the answer came/);
    expect(junit).toMatch(/opens-a-ticket[^]*?answered 500/);
    expect(junit).toMatch(/qualified[^]*?the live agent did not take/);
    for (const text of [r.stdout, r.stderr, junit]) expect(text).not.toContain(c.apiKey);
  });

  it("a chat stalled past --timeout fails its scenario with the limit and what to do, while the others answer", async () => {
    const dir = project();
    const c = await startChat(dir, { latencyMs: 5 });
    // A limit well above an honest answer's time on a loaded machine, and a stall well above the limit.
    c.addFault({ type: "stall", ms: 6000, user: "Okay, go ahead." });
    const r = await live(dir, [...KB_AND_LEAD, "--live", "--concurrency", "8", "--timeout", "1500ms", "--format", "json"]);
    expect(statuses(r)).toEqual(ALL_PASS.map((s) => (s === "passed not-a-fit" ? "failed not-a-fit" : s)));
    expect((JSON.parse(r.stdout) as Report).results[1]!.failures[0]!.message).toMatch(
      /the live chat failed: sending a message to chat chat-\d+: no answer from POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/chat\/chat-\d+ within 1500 ms; gave up after 1 attempt\. The service may be slow: raise --timeout/,
    );
    expect(r.code).toBe(1);
  });
});
