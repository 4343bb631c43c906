// Scenarios run against the service's chat (a fake one on loopback): the same expectations as offline, divergence, repetition and chat failures.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { createPathwayClient } from "../../src/remote/index.js";
import { compareRuns, loadScenario, runScenario, runScenarioLive, summariseRuns, type Scenario } from "../../src/simulate/index.js";
import { ROOT } from "../support/cli.js";
import { startFakeChat, type AgentScript, type FakeChat } from "../support/fake-chat.js";

const DIR = path.join(ROOT, "pathways/scenarios/appointment-booking");
const pathway = JSON.parse(readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8")) as Pathway;

function scenarioFile(name: string): Scenario {
  const loaded = loadScenario(readFileSync(path.join(DIR, name), "utf8"));
  if (!loaded.ok) throw new Error(loaded.issues[0]!.message);
  return loaded.scenario;
}

/** The agent the pathway's designer had in mind: it does, for each user line, what the scenario scripts. */
function scriptOf(...scenarios: Scenario[]): AgentScript {
  const script: AgentScript = {};
  for (const s of scenarios)
    for (const t of s.turns)
      script[t.user] = { ...(t.take !== undefined && { take: t.take }), ...(t.vars && { vars: t.vars }), ...(t.webhooks && { webhooks: t.webhooks as never }) };
  return script;
}

let chat: FakeChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function start(scenarios: Scenario[], options: { timeoutMs?: number; retries?: number } = {}) {
  const webhooks = Object.assign({}, ...scenarios.map((s) => s.webhooks ?? {}));
  chat = await startFakeChat({ pathways: { "pw-book": pathway }, script: scriptOf(...scenarios), webhooks });
  return createPathwayClient({
    baseUrl: chat.url,
    apiKey: chat.apiKey,
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: options.retries ?? 2,
    backoffBaseMs: 1,
    sleep: async () => {},
  });
}

describe("runScenarioLive", () => {
  const scripted = readdirSync(DIR)
    .filter((f) => f.endsWith(".scenario.yaml"))
    .map((f) => ({ file: f, scenario: scenarioFile(f) }))
    .filter(({ scenario }) => scenario.decider === "scripted");

  it.each(scripted)("passes the example $file against an agent that does what it scripts", async ({ scenario }) => {
    const client = await start([scenario]);
    const result = await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" });
    expect(result.failures).toEqual([]);
    expect(result.status).toBe("passed");
    // The live run leaves the path an offline run leaves.
    expect(result.path).toEqual(runScenario(pathway, scenario).path);
  });

  it("fails at the take when the live agent moves along another edge, naming where it went", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    const client = await start([scenario]);
    chat!.addFault({ type: "diverge" });
    const result = await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" });
    expect(result.status).toBe("failed");
    expect(result.failures[0]).toMatchObject({
      turn: 1,
      pointer: "/turns/0/take",
      message: expect.stringMatching(/^live decider: the live agent did not take edge .* "Collect appointment details"/),
    });
  });

  it("sends request_data and the start node, and the key only in the authorization header", async () => {
    const scenario: Scenario = { ...scenarioFile("books-first-choice.scenario.yaml"), request_data: { clinic: "Brightside" }, start: "Greeting" };
    const client = await start([scenario]);
    await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" });
    const create = JSON.parse(chat!.requests[0]!.body) as Record<string, unknown>;
    expect(create).toMatchObject({ pathway_id: "pw-book", request_data: { clinic: "Brightside" }, start_node_id: expect.any(String) });
    expect(chat!.requests.every((r) => r.authorization === chat!.apiKey && !r.body.includes(chat!.apiKey))).toBe(true);
  });

  it("fails the scenario, not the run, when the chat stalls past the timeout, drops, answers 500 or answers another shape", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    for (const [fault, pattern] of [
      [{ type: "stall", ms: 400 }, /did not finish|no answer .* within 100 ms/],
      [{ type: "drop" }, /cannot reach|cut short|socket/i],
      [{ type: "status", status: 500 }, /answered 500/],
      [
        { type: "body", body: '{"data": {"assistant_responses": "hello"}}' },
        /not the documented chat shape \("assistant_responses" is not a list of strings\)/,
      ],
    ] as const) {
      // Only the stall needs the short limit; on a loaded machine 100 ms can pass before an honest answer arrives.
      const client = await start([scenario], { timeoutMs: fault.type === "stall" ? 100 : 10_000, retries: 0 });
      chat!.addFault(fault);
      const result = await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" });
      expect(result.status, fault.type).toBe("failed");
      expect(result.failures[0]!.message, fault.type).toMatch(/the conversation was stopped: the live chat failed: /);
      expect(result.failures[0]!.message, fault.type).toMatch(pattern);
      await chat!.close();
      chat = undefined;
    }
  });

  it("retries a 429 and goes on", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    const client = await start([scenario]);
    chat!.addFault({ type: "status", status: 429 });
    expect((await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" })).status).toBe("passed");
  });

  it("says when the chat cannot start (unknown remote pathway)", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    const client = await start([scenario]);
    const result = await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-missing" });
    expect(result.failures[0]!.message).toMatch(/^the live chat could not start: .*not found \(404\)/);
    // It could not run: that says nothing about the agent.
    expect(result.status).toBe("error");
  });

  it("says that the answer names no node, rather than that the agent stayed at an unknown one, when a take cannot be checked", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    const client = await start([scenario]);
    chat!.addFault({ type: "body", body: '{"data": {"assistant_responses": ["Sure."], "completed": false}}' });
    const result = await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" });
    expect(result.failures[0]).toMatchObject({
      turn: 1,
      pointer: "/turns/0/take",
      message: expect.stringMatching(
        /^live decider: cannot tell whether the live agent took edge .*"Collect appointment details".*: the chat's answer names no node \(no current_node_id or current_node_name\)$/,
      ),
    });
  });
});

describe("summariseRuns and compareRuns", () => {
  it("gives the pass rate, the distinct paths and each failing assertion's rate over repeated live runs", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    const client = await start([scenario]);
    const results = [];
    for (let i = 0; i < 4; i++) {
      if (i % 2 === 1) chat!.addFault({ type: "diverge" });
      results.push(await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" }));
    }
    const summary = summariseRuns(results);
    expect(summary).toMatchObject({ runs: 4, passed: 2, passRate: 0.5 });
    expect(summary.paths.map((p) => p.count)).toEqual([2, 2]);
    expect(summary.assertions).toEqual([expect.objectContaining({ pointer: "/turns/0/take", failed: 2, passRate: 0.5 })]);
  });

  it("puts the offline prediction beside the live path, marking where they part", async () => {
    const scenario = scenarioFile("books-first-choice.scenario.yaml");
    const client = await start([scenario]);
    chat!.addFault({ type: "diverge" });
    const live = await runScenarioLive(pathway, scenario, client, { pathwayId: "pw-book" });
    const rows = compareRuns(scenario.turns, runScenario(pathway, scenario), live);
    expect(rows[0]).toMatchObject({ turn: 1, diverged: true });
    expect(rows[0]!.offline).not.toEqual(rows[0]!.live);
  });
});
