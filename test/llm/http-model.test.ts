// The model clients against loopback fakes of both providers: the request shapes, the answers read, and hostile answers handled like the service's.
import { afterEach, describe, expect, it } from "vitest";
import { createHttpModel, parseModelRef, type ModelTransport } from "../../src/llm/index.js";
import { readCappedBody } from "../../src/remote/read-body.js";
import { startFakeModels, type FakeModelAnswer, type FakeModels } from "../support/fake-models.js";

let fake: FakeModels | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The engine's transport, in small: the host's fetch with the capped body reader. */
function transport(maxBytes = 1024 * 1024): ModelTransport {
  return async (exchange, signal) => {
    const response = await fetch(exchange.url, { method: exchange.method, headers: exchange.headers, body: exchange.body, ...(signal && { signal }) });
    return { status: response.status, body: await readCappedBody(response, maxBytes) };
  };
}

async function modelFor(
  provider: "openai" | "anthropic",
  answer: (r: Parameters<Parameters<typeof startFakeModels>[0]["answer"]>[0]) => FakeModelAnswer,
  extra: { refuseStructured?: boolean; timeoutMs?: number; maxBytes?: number; key?: string } = {},
) {
  fake = await startFakeModels({ answer, ...(extra.refuseStructured && { refuseStructured: true }) });
  const ref = parseModelRef(`${provider}:test-model`);
  if (!ref.ok) throw new Error(ref.message);
  return createHttpModel({
    ref: ref.ref,
    baseUrl: provider === "openai" ? fake.openaiUrl : fake.anthropicUrl,
    apiKey: extra.key ?? (provider === "openai" ? fake.openaiKey : fake.anthropicKey),
    transport: transport(extra.maxBytes),
    ...(extra.timeoutMs !== undefined && { timeoutMs: extra.timeoutMs }),
  });
}

const ask = { system: "You are terse.", messages: [{ role: "user" as const, content: "Say hi." }], maxTokens: 50 };

describe("model references", () => {
  it("reads <provider>:<model>, keeping colons in the model id (Ollama's llama3.1:8b)", () => {
    expect(parseModelRef("openai:llama3.1:8b")).toEqual({ ok: true, ref: { provider: "openai", model: "llama3.1:8b" } });
    expect(parseModelRef("Anthropic:claude-haiku-4-5")).toEqual({ ok: true, ref: { provider: "anthropic", model: "claude-haiku-4-5" } });
    for (const bad of ["gpt-4o", "azure:gpt-4o", "openai:", ":x", "openai:a\u001b[31m"]) expect(parseModelRef(bad).ok, bad).toBe(false);
  });
});

describe.each(["openai", "anthropic"] as const)("the %s client", (provider) => {
  it("sends the provider's request shape and reads the text and token counts", async () => {
    const model = await modelFor(provider, () => "hi there");
    const reply = await model.complete({ ...ask, json: { name: "x", schema: { type: "object", properties: {}, additionalProperties: false, required: [] } } });
    expect(reply.text).toBe("hi there");
    expect(reply.usage.requests).toBe(1);
    expect(reply.usage.input).toBeGreaterThan(0);
    const seen = fake!.requests[0]!;
    expect(seen.system).toBe("You are terse.");
    expect(seen.messages).toEqual([{ role: "user", content: "Say hi." }]);
    expect(seen.structured).toBe(true);
    if (provider === "anthropic") expect(seen.headers["anthropic-version"]).toBe("2023-06-01");
    else expect(seen.body.max_tokens).toBe(50);
  });

  it("asks again without structured output when the server refuses it, and keeps asking that way", async () => {
    const model = await modelFor(provider, () => '{"ok": true}', { refuseStructured: true });
    const json = { name: "x", schema: { type: "object" } };
    expect((await model.complete({ ...ask, json })).text).toBe('{"ok": true}');
    expect((await model.complete({ ...ask, json })).text).toBe('{"ok": true}');
    expect(fake!.requests.map((r) => r.structured)).toEqual([false, false]);
  });

  it("names the model and the endpoint when the key is refused, and never the key", async () => {
    const model = await modelFor(provider, () => "x", { key: "sk-wrong-key-0123456789" });
    const error = await model.complete(ask).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      new RegExp(`^${provider}:test-model: http://127\\.0\\.0\\.1:\\d+/\\S+ answered HTTP 401: Incorrect API key provided: \\[redacted\\]$`),
    );
    expect(error?.message).not.toContain("sk-wrong-key");
  });

  it("refuses an answer of another shape, and one that is not JSON, saying which", async () => {
    let body = '{"hello": "world"}';
    const model = await modelFor(provider, () => ({ raw: body }));
    await expect(model.complete(ask)).rejects.toThrow(/is not the (chat completions|Messages API) shape/);
    body = "<html>gateway</html>";
    await expect(model.complete(ask)).rejects.toThrow(/did not answer JSON \(<html>gateway<\/html>\)/);
  });

  it("stops reading an endless answer at the cap", async () => {
    const model = await modelFor(provider, () => ({ endless: true }), { maxBytes: 256 * 1024 });
    await expect(model.complete(ask)).rejects.toThrow(/could not be reached \(.*over the limit|over the limit/);
  });

  it("gives up on a request that takes longer than its timeout", async () => {
    const model = await modelFor(provider, () => ({ stall: 2_000, then: "late" }), { timeoutMs: 50 });
    await expect(model.complete(ask)).rejects.toThrow(/did not answer within 0\.05 s \(--model-timeout\)/);
  });

  it("removes escape sequences and control characters from the text, and clips a huge one", async () => {
    let text = "red\u001b[31m alert\u001b]0;title\u0007 bell\u0007 ok\r\nnext\tline";
    const model = await modelFor(provider, () => text);
    expect((await model.complete(ask)).text).toBe("red alert bell ok\nnext\tline");
    text = "x".repeat(100_000);
    expect((await model.complete(ask)).text).toHaveLength(20_000);
  });
});
