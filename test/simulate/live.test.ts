// Asynchronous runs: live webhooks (--live) and the llm decider, against real node:http servers on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { corpusValue, itCorpus } from "../support/corpus.js";
import type { Pathway } from "../../src/model/index.js";
import { createLiveWebhooks, createLlmDecider, loadScenario, runScenario, runScenarioAsync, type FetchLike } from "../../src/simulate/index.js";

const receptionist = corpusValue<Pathway>("receptionist-auto-shop.json");
const fetchLike = globalThis.fetch as unknown as FetchLike;

let server: Server;
let base: string;
const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === "/v1/chat/completions") {
        const prompt = (JSON.parse(body) as { messages: { content: string }[] }).messages[0]!.content;
        // A tiny "model": picks the first option whose text shares a word with the caller's message.
        const message = /Caller's latest message: (.*)/.exec(prompt)![1]!.toLowerCase();
        const options = [...prompt.matchAll(/^(\d+)\. (.*)$/gm)];
        const hit = options.find((o) =>
          o[2]!
            .toLowerCase()
            .split(/\W+/)
            .some((w) => w.length > 4 && message.includes(w)),
        );
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ choice: hit ? Number(hit[1]) : 0 }) } }] }));
        return;
      }
      res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ data: { conversation_id: "live-1" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("live webhooks", () => {
  itCorpus("send the rendered request and map the real response; the synchronous runner refuses them", async () => {
    const pathway = structuredClone(receptionist);
    const webhook = pathway.nodes.find((n) => "id" in n && n.id === "e5000000-0000-4000-8000-000000000005") as { data: { url: string } };
    webhook.data.url = `${base}/sms?to={{from}}`;
    const loaded = loadScenario(
      "pathway: p.json\nrequest_data: {from: '+15551234567', to: '+15550000001', appointment_day: Tuesday, appointment_time: '9:00 AM'}\nturns:\n" +
        ["Offer Availability", "Caller And Vehicle Details", "Capture Service List", "Text VIN And Parts Links"]
          .map((t) => `  - user: ok\n    take: ${t}\n`)
          .join("") +
        "expect:\n  node: Wrap Up\n  vars: {sms_conversation_id: live-1}\n",
    );
    if (!loaded.ok) throw new Error("bad scenario");
    const result = await runScenarioAsync(pathway, loaded.scenario, { webhook: createLiveWebhooks({ fetch: fetchLike }) });
    expect(result.failures).toEqual([]);
    const call = received.find((r) => r.url.startsWith("/sms"))!;
    expect(call.method).toBe("POST");
    expect(decodeURIComponent(call.url)).toBe("/sms?to=+15551234567");
    expect(call.headers.authorization).toBe("REPLACE_WITH_BLAND_API_KEY");
    expect(JSON.parse(call.body)).toMatchObject({ user_number: "+15551234567", agent_message: expect.stringContaining("booked for Tuesday at 9:00 AM") });
    expect(result.trace.find((e) => e.type === "webhook")).toMatchObject({ status: 202 });
    expect(JSON.stringify(result.trace)).not.toContain("REPLACE_WITH_BLAND_API_KEY");
    expect(() => runScenario(pathway, loaded.scenario, { webhook: createLiveWebhooks({ fetch: fetchLike }) })).toThrow(/transitionAsync/);
  });
});

describe("llm decider in a scenario", () => {
  itCorpus("decides turns without take: through the model endpoint", async () => {
    const loaded = loadScenario(
      "pathway: p.json\ndecider: llm\nturns:\n  - user: I want to book an appointment\n    expect: {node: Offer Availability}\n  - user: hmm\n    expect: {stayed: true}\n",
    );
    if (!loaded.ok) throw new Error("bad scenario");
    const llm = createLlmDecider({ baseUrl: `${base}/v1`, model: "fake", fetch: fetchLike });
    const result = await runScenarioAsync(receptionist, loaded.scenario, { llm });
    expect(result.failures).toEqual([]);
    expect(runScenario(receptionist, loaded.scenario).failures[0]!.message).toMatch(/decider: llm needs a model endpoint/);
  });
});
