// The remote client against a real loopback server: endpoints, auth header, retries, timeouts and every fault.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPathwayClient, getBackoffDelay, parseRetryAfter, resolveRemoteSettings, type ClientOptions } from "../../src/remote/index.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { failure } from "../support/remote-failure.js";

const PATHWAY = {
  name: "Support",
  description: "",
  nodes: [
    { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } },
    { id: "2", type: "End Call", data: { name: "Bye", prompt: "Say bye" } },
  ],
  edges: [{ id: "e1", source: "1", target: "2", data: { label: "done" } }],
};

let service: FakeService;
let delays: number[];

beforeEach(async () => {
  service = await startFakeService({ pathways: { "pw-1": PATHWAY }, forbidden: ["secret-pw"] });
  delays = [];
});
afterEach(async () => {
  await service.close();
});

function client(options: ClientOptions = {}) {
  return createPathwayClient({
    baseUrl: service.url,
    apiKey: service.apiKey,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
}

describe("createPathwayClient", () => {
  it("reads a pathway from GET /v1/convo_pathway/{id} with the raw key in the authorization header", async () => {
    const fetched = await client().getPathway("pw-1");
    expect(fetched.pathway).toEqual(PATHWAY);
    expect(fetched.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]).toMatchObject({ method: "GET", path: "/v1/convo_pathway/pw-1", authorization: service.apiKey });
  });

  it("uses GET /v1/pathway/{id} with endpoint 'pathway' and escapes the id", async () => {
    service.pathways.set("a b/c", PATHWAY);
    await client().getPathway("a b/c", { endpoint: "pathway" });
    expect(service.requests[0]!.path).toBe("/v1/pathway/a%20b%2Fc");
  });

  it("reports a wrong key as 401 without retrying and without printing the key", async () => {
    const error = await failure(client({ apiKey: "wrong-key-abcdef" }).getPathway("pw-1"));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toContain("PATHWAYKIT_API_KEY");
    expect(error.message).not.toContain("wrong-key-abcdef");
    expect(service.requests).toHaveLength(1);
  });

  it("explains 403 and 404", async () => {
    expect((await failure(client().getPathway("secret-pw"))).message).toMatch(/403 Forbidden.*organisation/);
    const notFound = await failure(client().getPathway("nope"));
    expect(notFound.kind).toBe("not-found");
    expect(notFound.message).toMatch(/404.*Check the pathway id.*--endpoint/);
  });

  it("waits as long as Retry-After asks after a 429, then succeeds", async () => {
    service.addFault({ type: "status", status: 429, retryAfter: "2" });
    const fetched = await client().getPathway("pw-1");
    expect(fetched.attempts).toBe(2);
    expect(delays).toEqual([2000]);
  });

  it("caps a very long Retry-After", async () => {
    service.addFault({ type: "status", status: 429, retryAfter: "3600" });
    await client({ maxRetryAfterMs: 5000 }).getPathway("pw-1");
    expect(delays).toEqual([5000]);
  });

  it("backs off exponentially with jitter on 5xx and gives up after the last retry", async () => {
    for (let i = 0; i < 4; i++) service.addFault({ type: "status", status: 503 });
    const error = await failure(client({ retries: 3, backoffBaseMs: 100, backoffMaxMs: 1000, random: () => 1 }).getPathway("pw-1"));
    expect(error.kind).toBe("server");
    expect(error.message).toContain("gave up after 4 attempts");
    expect(service.requests).toHaveLength(4);
    expect(delays).toEqual([100, 200, 400]);
  });

  it("keeps jittered delays between half and all of the exponential step", async () => {
    for (let i = 0; i < 3; i++) service.addFault({ type: "status", status: 500 });
    await client({ backoffBaseMs: 1000, backoffMaxMs: 3000, random: () => 0 }).getPathway("pw-1");
    expect(delays).toEqual([500, 1000, 1500]);
  });

  it("times out a slow answer, retries it, and reports the timeout when every attempt is slow", async () => {
    service.addFault({ type: "delay", ms: 400 });
    service.addFault({ type: "delay", ms: 400 });
    const error = await failure(client({ timeoutMs: 100, retries: 1 }).getPathway("pw-1"));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/within 100 ms.*gave up after 2 attempts/);
  });

  it("recovers from one slow answer", async () => {
    service.addFault({ type: "delay", ms: 400 });
    expect((await client({ timeoutMs: 150 }).getPathway("pw-1")).attempts).toBe(2);
  });

  it("retries a body cut short, and reports it when it keeps happening", async () => {
    service.addFault({ type: "drop-mid-body" });
    expect((await client().getPathway("pw-1")).attempts).toBe(2);
    service.addFault({ type: "drop-mid-body" });
    service.addFault({ type: "drop-mid-body" });
    const error = await failure(client({ retries: 1 }).getPathway("pw-1"));
    expect(error.kind).toBe("truncated");
    expect(error.message).toMatch(/cut short/);
  });

  it("retries a dropped connection", async () => {
    service.addFault({ type: "reset" });
    expect((await client().getPathway("pw-1")).attempts).toBe(2);
  });

  it("reports a body that is not JSON, and JSON that ends early", async () => {
    service.addFault({ type: "invalid-json" });
    const error = await failure(client().getPathway("pw-1"));
    expect(error.kind).toBe("invalid-json");
    expect(error.message).toMatch(/not JSON.*<html>/);
    service.addFault({ type: "body", body: '{"nodes": [{"id": "1"' });
    expect((await failure(client().getPathway("pw-1"))).kind).toBe("truncated");
  });

  it("rejects `nodes: false`, a non-object body and labels that disagree", async () => {
    service.addFault({ type: "body", body: JSON.stringify({ name: "x", nodes: false, edges: false }) });
    expect((await failure(client().getPathway("pw-1"))).message).toMatch(/"nodes": false/);
    service.addFault({ type: "body", body: "[1,2]" });
    expect((await failure(client().getPathway("pw-1"))).message).toMatch(/an array, not a pathway/);
    service.addFault({
      type: "body",
      body: JSON.stringify({ nodes: [], edges: [{ id: "e", source: "1", target: "2", label: "yes", data: { label: "no" } }] }),
    });
    const conflict = await failure(client().getPathway("pw-1"));
    expect(conflict.kind).toBe("shape");
    expect(conflict.message).toContain('edge "e" (1 → 2) has label "yes" but data.label "no"');
  });

  it("accepts the same label in both places, and writes `edges: false` as an empty list with a warning", async () => {
    service.addFault({ type: "body", body: JSON.stringify({ nodes: [], edges: [{ source: "1", target: "2", label: "yes", data: { label: "yes" } }] }) });
    expect((await client().getPathway("pw-1")).warnings).toEqual([]);
    service.addFault({ type: "body", body: JSON.stringify({ name: "n", nodes: [{ id: "1", type: "Default", data: {} }], edges: false }) });
    const fetched = await client().getPathway("pw-1");
    expect(fetched.pathway.edges).toEqual([]);
    expect(fetched.warnings[0]).toMatch(/empty list/);
  });

  it("never puts the key into an error message, even when the server echoes it", async () => {
    service.addFault({ type: "status", status: 400, body: JSON.stringify({ message: `bad key ${service.apiKey} given` }) });
    const error = await failure(client().getPathway("pw-1"));
    expect(error.kind).toBe("http");
    expect(error.message).toContain("bad key [redacted] given");
    expect(error.message).not.toContain(service.apiKey);
  });

  it("refuses to send the key over plain http to another host, before any request", async () => {
    let called = 0;
    const remote = createPathwayClient({
      baseUrl: "http://api.example.com",
      apiKey: "k-123456",
      fetch: async () => {
        called++;
        return new Response("{}");
      },
    });
    const error = await failure(remote.getPathway("pw-1"));
    expect(error.kind).toBe("insecure");
    expect(error.message).toContain("https://api.example.com");
    expect(called).toBe(0);
  });

  it("unwraps a {data: pathway} envelope", async () => {
    service.addFault({ type: "body", body: JSON.stringify({ status: "success", data: PATHWAY }) });
    expect((await client().getPathway("pw-1")).pathway).toEqual(PATHWAY);
  });

  it("reports an error object from the service as such", async () => {
    service.addFault({ type: "body", body: JSON.stringify({ status: "error", message: "Pathway is archived" }) });
    expect((await failure(client().getPathway("pw-1"))).message).toContain('with an error: "Pathway is archived"');
  });

  it("asks for a key when there is none", async () => {
    expect((await failure(client({ apiKey: "" }).getPathway("pw-1"))).message).toMatch(/set PATHWAYKIT_API_KEY/);
    expect(service.requests).toHaveLength(0);
  });

  it("does not follow redirects (the key must not travel elsewhere)", async () => {
    service.addFault({ type: "body", status: 302, body: "" });
    const error = await failure(client().getPathway("pw-1"));
    expect(error.kind).toBe("redirect");
  });

  it("saves with POST /v1/pathway/{id}, copying data.label to label so the service keeps every edge label", async () => {
    const result = await client().updatePathway("pw-1", { ...PATHWAY, name: "Support v2", pathway_id: "ignored" });
    expect(result.liftedLabels).toBe(1);
    const sent = JSON.parse(service.requests[0]!.body) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(["description", "edges", "name", "nodes"]);
    expect(sent.edges).toEqual([{ id: "e1", source: "1", target: "2", label: "done", data: { label: "done" } }]);
    const back = await client().getPathway("pw-1");
    expect(back.pathway.name).toBe("Support v2");
    expect((back.pathway.edges as { label?: string }[])[0]!.label).toBe("done");
  });

  it("(the fake service, like the real one, drops labels that are only under data.label when saved naively)", async () => {
    await fetch(`${service.url}/v1/pathway/pw-1`, { method: "POST", headers: { authorization: service.apiKey }, body: JSON.stringify(PATHWAY) });
    const back = await client().getPathway("pw-1");
    expect(back.pathway.edges).toEqual([{ id: "e1", source: "1", target: "2", data: {} }]);
  });

  it("does not retry a save on a 500 (it may have been applied), but does on 429", async () => {
    service.addFault({ type: "status", status: 500 }, "POST");
    expect((await failure(client().updatePathway("pw-1", PATHWAY))).kind).toBe("http");
    expect(service.requests).toHaveLength(1);
    service.addFault({ type: "status", status: 429, retryAfter: "1" }, "POST");
    expect((await client().updatePathway("pw-1", PATHWAY)).attempts).toBe(2);
  });
});

describe("retry helpers", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it("keeps backoff between half and all of the capped exponential step", () => {
    for (let attempt = 1; attempt < 10; attempt++) {
      const step = Math.min(8000, 500 * 2 ** (attempt - 1));
      expect(getBackoffDelay(attempt, 500, 8000, () => 0)).toBe(step / 2);
      expect(getBackoffDelay(attempt, 500, 8000, () => 0.999999)).toBeLessThanOrEqual(step);
    }
  });
});

describe("resolveRemoteSettings", () => {
  it("prefers the flag, then PATHWAYKIT_BASE_URL, then config, then the public API root", () => {
    const env = { PATHWAYKIT_BASE_URL: "https://env.example", PATHWAYKIT_API_KEY: " k-1 " };
    expect(resolveRemoteSettings({ baseUrl: "https://flag.example", env, configBaseUrl: "https://cfg.example" })).toEqual({
      baseUrl: "https://flag.example",
      baseUrlSource: "flag",
      apiKey: "k-1",
    });
    expect(resolveRemoteSettings({ env, configBaseUrl: "https://cfg.example" }).baseUrlSource).toBe("env");
    expect(resolveRemoteSettings({ env: {}, configBaseUrl: "https://cfg.example" }).baseUrl).toBe("https://cfg.example");
    expect(resolveRemoteSettings({ env: {} })).toEqual({ baseUrl: "https://api.bland.ai", baseUrlSource: "default" });
  });
});
