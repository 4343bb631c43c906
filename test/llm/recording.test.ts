// Recordings keyed by the request without its credentials, replayed in order with no network; retries and the token budget.
import { describe, expect, it } from "vitest";
import {
  createRecordingTransport,
  createReplayTransport,
  createTokenBudget,
  getRecordingKey,
  RecordingMissError,
  TokenBudgetError,
  withRetries,
  type ModelExchange,
  type ModelTransport,
  type Recording,
  type RecordingStore,
} from "../../src/llm/index.js";

function exchange(body: Record<string, unknown>, headers: Record<string, string> = {}, url = "https://api.openai.com/v1/chat/completions"): ModelExchange {
  return {
    provider: "openai",
    endpoint: "chat/completions",
    url,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

function memoryStore(): RecordingStore & { files: Map<string, Recording> } {
  const files = new Map<string, Recording>();
  return { files, read: async (key) => files.get(key), write: async (r) => void files.set(r.key, JSON.parse(JSON.stringify(r)) as Recording) };
}

describe("the recording key", () => {
  it("is the same whatever the credentials, the host or the key order, and differs when the request does", () => {
    const a = getRecordingKey(exchange({ model: "m", messages: [{ role: "user", content: "hi" }] }, { authorization: "Bearer sk-1" }));
    const b = getRecordingKey(
      exchange(
        { messages: [{ content: "hi", role: "user" }], model: "m" },
        { authorization: "Bearer sk-2", "x-api-key": "k", "api-key": "z" },
        "http://127.0.0.1:9/v1/chat/completions",
      ),
    );
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b).toBe(a);
    expect(getRecordingKey(exchange({ model: "m", messages: [{ role: "user", content: "hi!" }] }))).not.toBe(a);
    expect(getRecordingKey(exchange({ model: "n", messages: [{ role: "user", content: "hi" }] }))).not.toBe(a);
  });
});

describe("record and replay", () => {
  it("replays each request's answers in the order they were recorded, with no network", async () => {
    const store = memoryStore();
    let n = 0;
    const live: ModelTransport = async () => ({ status: 200, body: JSON.stringify({ n: ++n }) });
    const record = createRecordingTransport(live, store);
    const same = exchange({ model: "m", messages: [] }, { authorization: "Bearer sk-secret-0123456789" });
    const other = exchange({ model: "m", messages: [{ role: "user", content: "x" }] });
    const recorded = [await record(same), await record(other), await record(same)].map((a) => a.body);
    expect(recorded).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(JSON.stringify([...store.files.values()])).not.toContain("sk-secret");
    const replay = createReplayTransport(store);
    expect([(await replay(same)).body, (await replay(same)).body, (await replay(other)).body]).toEqual(['{"n":1}', '{"n":3}', '{"n":2}']);
    const third = await replay(same).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(third).toBeInstanceOf(RecordingMissError);
    expect((third as Error).message).toMatch(/^it was recorded 2 time\(s\) and this run sends it again \(openai chat\/completions, key sha256:/);
    const unseen = await replay(exchange({ model: "changed" })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((unseen as Error).message).toMatch(/^no recording holds this request/);
  });

  it("keeps a hostile body that is not JSON as its text, so it replays as it came", async () => {
    const store = memoryStore();
    await createRecordingTransport(async () => ({ status: 200, body: "\u001b[31mnot json" }), store)(exchange({ a: 1 }));
    expect((await createReplayTransport(store)(exchange({ a: 1 }))).body).toBe("\u001b[31mnot json");
  });
});

describe("retries", () => {
  it("sends again after 429 and 5xx, waiting what Retry-After asks, and gives the last answer when retries run out", async () => {
    const waits: number[] = [];
    const statuses = [429, 503, 200];
    const inner: ModelTransport = async () => {
      const status = statuses.shift() ?? 500;
      return { status, body: "{}", ...(status === 429 && { retryAfter: "2" }) };
    };
    const send = withRetries(inner, { sleep: async (ms) => void waits.push(ms), random: () => 0 });
    expect((await send(exchange({}))).status).toBe(200);
    expect(waits).toEqual([2000, 500]);
    const failing = withRetries(async () => ({ status: 500, body: "{}" }), { retries: 1, sleep: async () => undefined });
    expect((await failing(exchange({}))).status).toBe(500);
  });
});

describe("the token budget", () => {
  it("refuses the request after the budget is spent, before it is sent", async () => {
    let sent = 0;
    const budget = createTokenBudget(30);
    const model = budget.wrap({ name: "openai:m", complete: async () => (sent++, { text: "x", usage: { input: 20, output: 10, requests: 1 } }) });
    await model.complete({ messages: [], maxTokens: 1 });
    await expect(model.complete({ messages: [], maxTokens: 1 })).rejects.toBeInstanceOf(TokenBudgetError);
    expect(sent).toBe(1);
    expect(budget.spent()).toEqual({ input: 20, output: 10, requests: 1 });
  });
});
