// Deciders: keyword similarity (ties and misses reported), and the llm decider against a local fake chat-completions server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PathwayNode } from "../../src/model/index.js";
import { createKeywordDecider, createLlmDecider, parseChoice, toKeywords, type Candidate, type FetchLike } from "../../src/simulate/index.js";

const node = { id: "n", type: "Default", data: { name: "N", condition: "The caller said what they want." } } as PathwayNode;
const edge = (id: string, label: string, extra: Partial<Candidate> = {}): Candidate => ({
  kind: "edge",
  id,
  targetId: `t-${id}`,
  label,
  examples: [],
  ...extra,
});

describe("keyword decider", () => {
  const decider = createKeywordDecider();
  const candidates = [
    edge("book", "caller wants to book a table"),
    edge("cancel", "caller wants to cancel their booking"),
    edge("human", "caller asks for a human agent"),
  ];

  it("normalises words so booking meets book", () => {
    expect(toKeywords("The caller's Bookings, booking and booked")).toEqual(["booking", "book", "book"]);
  });

  it("takes the most similar candidate above the threshold", () => {
    expect(decider.decide({ node, userText: "I'd like to cancel please", candidates, history: [] })).toMatchObject({ kind: "take", index: 1 });
  });

  it("uses pathway examples and descriptions as words of a candidate", () => {
    const withExample = [edge("a", "option one", { examples: ["my tyre is flat"] }), edge("b", "option two", { description: "questions about prices" })];
    expect(decider.decide({ node, userText: "flat tyre!", candidates: withExample, history: [] })).toMatchObject({ kind: "take", index: 0 });
    expect(decider.decide({ node, userText: "what are your prices", candidates: withExample, history: [] })).toMatchObject({ kind: "take", index: 1 });
  });

  it("reports a tie between different targets instead of guessing", () => {
    const tied = [edge("x", "refund order"), edge("y", "refund order")];
    expect(decider.decide({ node, userText: "refund", candidates: tied, history: [] })).toMatchObject({ kind: "ambiguous", indexes: [0, 1] });
  });

  it("stays when nothing matches", () => {
    expect(decider.decide({ node, userText: "purple elephants", candidates, history: [] })).toMatchObject({ kind: "stay" });
  });
});

describe("llm decider", () => {
  let server: Server;
  let baseUrl: string;
  const requests: { headers: IncomingMessage["headers"]; body: { model: string; messages: { content: string }[] } }[] = [];
  let reply: (prompt: string) => { status: number; body: string } = () => ({ status: 200, body: "" });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = "";
      req.on("data", (c: Buffer) => (data += c.toString()));
      req.on("end", () => {
        const body = JSON.parse(data) as (typeof requests)[number]["body"];
        requests.push({ headers: req.headers, body });
        const r = reply(body.messages[0]!.content);
        res.writeHead(r.status, { "content-type": "application/json" }).end(r.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const completion = (content: string) => ({ status: 200, body: JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }) });
  const candidates = [edge("book", "caller wants to book"), edge("human", "caller asks for a human")];
  const make = () => createLlmDecider({ baseUrl, model: "tiny-model", apiKey: "sk-secret-123", fetch: globalThis.fetch as unknown as FetchLike });

  it("sends the candidates and the conversation to /chat/completions and takes the model's choice", async () => {
    reply = () => completion('{"choice": 2, "reason": "wants a person"}');
    const decision = await make().decide({ node, userText: "get me a person", candidates, history: [{ role: "agent", text: "Hi!" }] });
    expect(decision).toEqual({ kind: "take", index: 1, reason: "model tiny-model: wants a person" });
    const last = requests.at(-1)!;
    expect(last.body.model).toBe("tiny-model");
    expect(last.headers.authorization).toBe("Bearer sk-secret-123");
    expect(last.body.messages[0]!.content).toContain("2. caller asks for a human");
    expect(last.body.messages[0]!.content).toContain("Agent: Hi!");
    expect(last.body.messages[0]!.content).toContain("The caller said what they want.");
  });

  it("stays on choice 0, and turns bad replies and HTTP errors into error decisions without the key", async () => {
    reply = () => completion("0");
    expect(await make().decide({ node, userText: "hmm", candidates, history: [] })).toMatchObject({ kind: "stay" });
    reply = () => completion("I would pick 1.");
    expect(await make().decide({ node, userText: "hmm", candidates, history: [] })).toMatchObject({ kind: "take", index: 0 });
    reply = () => completion("choice 9");
    expect(await make().decide({ node, userText: "hmm", candidates, history: [] })).toMatchObject({ kind: "error" });
    reply = () => ({ status: 401, body: "{}" });
    const unauthorized = await make().decide({ node, userText: "hmm", candidates, history: [] });
    expect(unauthorized).toMatchObject({ kind: "error", reason: expect.stringContaining("HTTP 401") });
    expect(JSON.stringify(unauthorized)).not.toContain("sk-secret-123");
  });

  it("reports an unreachable endpoint as an error decision", async () => {
    const decider = createLlmDecider({ baseUrl: "http://127.0.0.1:1/v1", model: "m", fetch: globalThis.fetch as unknown as FetchLike, timeoutMs: 2000 });
    expect(await decider.decide({ node, userText: "x", candidates, history: [] })).toMatchObject({
      kind: "error",
      reason: expect.stringContaining("could not be reached"),
    });
  });

  it("parses choices from JSON or a bare number", () => {
    expect(parseChoice('sure: {"choice": 3}')).toEqual({ choice: 3 });
    expect(parseChoice("2")).toEqual({ choice: 2 });
    expect(parseChoice("none")).toBeUndefined();
  });
});
