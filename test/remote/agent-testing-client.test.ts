// The Agent Testing endpoints against the loopback fake: documented request bodies, answers as documented and as the official CLI reads them, retries, refusals and the key kept out of messages.
import { afterEach, describe, expect, it } from "vitest";
import { createPathwayClient, type PathwayClient } from "../../src/remote/index.js";
import { ECHO_KEY, startFakeService, type FakeService, type FakeServiceOptions } from "../support/fake-service.js";
import { failure } from "../support/remote-failure.js";

let service: FakeService;
afterEach(() => service?.close());

const WEB_MADE = { id: "scn-web", name: "made in the web page", pathway_id: "p", tester_persona_prompt: "You are in a hurry." };

async function start(options: FakeServiceOptions = {}, retries = 0): Promise<PathwayClient> {
  service = await startFakeService({ serverScenarios: [WEB_MADE, { ...WEB_MADE, id: "scn-other", name: "of another pathway", pathway_id: "q" }], ...options });
  return createPathwayClient({ apiKey: service.apiKey, baseUrl: service.url, retries, backoffBaseMs: 1, sleep: async () => undefined });
}

const body = (method: string, pattern: RegExp) => JSON.parse(service.requestsTo(method, pattern).at(-1)!.body) as Record<string, unknown>;

describe("the Agent Testing endpoints", () => {
  it.each(["documented", "array", "data"] as const)(
    "lists a pathway's scenarios answered %s ({scenarios}, a bare list, {data}) alike, asking by pathway_id",
    async (listShape) => {
      const client = await start({ agentTesting: { listShape } });
      const listed = await client.listScenarios({ pathwayId: "p" });
      expect(listed.map((s) => [s.id, s.name])).toEqual([["scn-web", "made in the web page"]]);
      expect(service.requests.at(-1)!.path).toBe("/v1/agent-testing/scenarios?pathway_id=p");
    },
  );

  it("creates with POST and reads the id, updates with PUT only what it is given, reads one back", async () => {
    const client = await start();
    const created = await client.createScenario({
      name: "books",
      pathway_id: "p",
      tester_persona_prompt: "Book a cleaning.",
      assertions: [{ type: "NODE_REACHED", name: "expect.node: Booked", config: { node_id: "booked" } }],
    });
    expect(created.id).toMatch(/^scn-/);
    await client.updateScenario(created.id, { max_turns: 12 });
    expect(service.requestsTo("PUT", /\/scenarios\//)[0]!.path).toBe(`/v1/agent-testing/scenarios/${created.id}`);
    expect(body("PUT", /\/scenarios\//)).toEqual({ max_turns: 12 });
    const read = await client.getScenario(created.id);
    expect(read).toMatchObject({ max_turns: 12, assertions: [{ type: "NODE_REACHED", id: expect.any(String) as unknown, is_required: true }] });
  });

  it("reads answers wrapped as {data: ...} (what the official CLI unwraps)", async () => {
    const client = await start({ agentTesting: { wrap: true } });
    expect((await client.getScenario("scn-web")).name).toBe("made in the web page");
    const { batchId } = await client.runBatch({ scenarioIds: ["scn-web"] });
    expect((await client.getBatch(batchId)).status).toBe("PASSED");
  });

  it("starts a batch with scenario_ids and version_number, and reads a FAILED batch as a result, not a refusal", async () => {
    const client = await start({ agentTesting: { outcomes: { "made in the web page": "FAILED" } } });
    const { batchId } = await client.runBatch({ scenarioIds: ["scn-web"], versionNumber: 3 });
    expect(body("POST", /\/batch-run$/)).toEqual({ scenario_ids: ["scn-web"], version_number: 3 });
    const batch = await client.getBatch(batchId);
    expect(batch.status).toBe("FAILED");
    expect(batch.runs[0]).toMatchObject({ status: "FAILED", scenario_id: "scn-web" });
    expect((await client.listRuns({ batchId })).map((r) => r.id)).toEqual([batch.runs[0]!.id]);
  });

  it("starts a simulation set with the documented simulations_per_scenario (not the official CLI's iterations)", async () => {
    const client = await start();
    const { simulationSetId } = await client.createSimulationSet({ scenarioIds: ["scn-web"], simulationsPerScenario: 5, pathwayId: "p", versionNumber: 2 });
    expect(body("POST", /\/simulation-sets$/)).toEqual({ scenario_ids: ["scn-web"], simulations_per_scenario: 5, pathway_id: "p", version_number: 2 });
    const set = await client.getSimulationSet(simulationSetId);
    expect(set.perScenario["scn-web"]).toMatchObject({ pass_rate: 1, total_runs: 5 });
  });

  it("retries a 429 on batch-run (nothing was started), never a 500 (it may have been)", async () => {
    const client = await start({}, 2);
    service.addFault({ type: "status", status: 429, retryAfter: "0" }, "POST", /batch-run/);
    await client.runBatch({ scenarioIds: ["scn-web"] });
    expect(service.requestsTo("POST", /batch-run/)).toHaveLength(2);
    service.addFault({ type: "status", status: 500 }, "POST", /batch-run/);
    const error = await failure(client.runBatch({ scenarioIds: ["scn-web"] }));
    expect(error.kind).toBe("http");
    expect(service.requestsTo("POST", /batch-run/)).toHaveLength(3);
  });

  it("says what the service refused, in its words, with the key it echoed redacted", async () => {
    const client = await start();
    const refused = await failure(client.createScenario({ name: "no pathway" }));
    expect(refused.message).toContain("pathway_id or persona_id is required");
    service.addFault({ type: "body", status: 200, body: JSON.stringify({ errors: [`bad key ${ECHO_KEY}`] }) });
    const echoed = await failure(client.getScenario("scn-web"));
    expect(echoed.kind).toBe("rejected");
    expect(echoed.message).not.toContain(service.apiKey);
    expect(echoed.message).toContain("[redacted]");
    const gone = await failure(client.getScenario("scn-deleted"));
    expect(gone.kind).toBe("not-found");
    expect(gone.message).toContain("scenario id (it may have been deleted in the web page)");
  });

  it("refuses an answer without the id it needs, saying the thing may exist already", async () => {
    const client = await start();
    service.addFault({ type: "body", body: JSON.stringify({ ok: true }) }, "POST", /\/scenarios$/);
    const error = await failure(client.createScenario({ name: "x", pathway_id: "p" }));
    expect(error.kind).toBe("shape");
    expect(error.message).toMatch(/without a scenario with an id .* look for it in the web page/);
  });

  it("asks for the analysis with an empty body and reads {analysis}", async () => {
    const client = await start({ agentTesting: { analysis: { root_cause: "why", suggestions: [] } } });
    const { batchId } = await client.runBatch({ scenarioIds: ["scn-web"] });
    const run = (await client.getBatch(batchId)).runs[0]!;
    expect(await client.analyzeRun(run.id)).toEqual({ root_cause: "why", suggestions: [] });
    expect(service.requestsTo("POST", /\/analyze$/)[0]!.body).toBe("{}");
  });
});
