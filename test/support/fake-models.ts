// A real node:http server on 127.0.0.1 playing both model providers: OpenAI's chat completions and Anthropic's Messages API, with scripted answers and hostile ones.
import { createServer } from "node:http";
import { listenOnLoopback, readBody, sendJson } from "./fake-service.js";

/** A request as the fake read it, whichever provider's shape it came in. */
export interface FakeModelRequest {
  provider: "openai" | "anthropic";
  model: string;
  system: string;
  messages: { role: string; content: string }[];
  /** The structured-output field was sent (response_format or output_config). */
  structured: boolean;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** What the fake does with one request: answer text, or a fault. */
export type FakeModelAnswer =
  | string
  | { status: number; error: string }
  /** A body that is not the provider's shape (sent as it is, 200). */
  | { raw: string }
  /** A 200 with a body that never ends (chunks until the client gives up). */
  | { endless: true }
  /** Waits this long before answering `then`. */
  | { stall: number; then: string };

/** Options of `startFakeModels`. */
export interface FakeModelOptions {
  /** The key each provider accepts (a request without it is answered 401). */
  openaiKey?: string;
  anthropicKey?: string;
  /** Refuse structured output with a 400 (as some OpenAI-compatible servers do). */
  refuseStructured?: boolean;
  /** Decides every answer. */
  answer: (request: FakeModelRequest) => FakeModelAnswer;
}

/** The running fake providers. */
export interface FakeModels {
  /** OpenAI's base URL (`OPENAI_BASE_URL`: `<url>/v1`). */
  openaiUrl: string;
  /** Anthropic's base URL (`ANTHROPIC_BASE_URL`). */
  anthropicUrl: string;
  openaiKey: string;
  anthropicKey: string;
  /** Every request received. */
  requests: FakeModelRequest[];
  close(): Promise<void>;
}

function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((b) => (typeof b === "object" && b && typeof (b as { text?: unknown }).text === "string" ? (b as { text: string }).text : "")).join("");
  return "";
}

/** Starts both providers on one free loopback port. */
export async function startFakeModels(options: FakeModelOptions): Promise<FakeModels> {
  const openaiKey = options.openaiKey ?? "sk-openai-fake-0123456789abcdef";
  const anthropicKey = options.anthropicKey ?? "sk-ant-fake-0123456789abcdef";
  const requests: FakeModelRequest[] = [];
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = req.url ?? "/";
    const provider = path === "/v1/chat/completions" ? "openai" : path === "/v1/messages" ? "anthropic" : undefined;
    if (!provider || req.method !== "POST") return sendJson(res, 404, { error: { message: `no such endpoint ${path}` } });
    const ok = provider === "openai" ? req.headers.authorization === `Bearer ${openaiKey}` : req.headers["x-api-key"] === anthropicKey;
    // As real providers do, the refusal quotes the key it was given.
    const given = provider === "openai" ? String(req.headers.authorization ?? "").replace(/^Bearer /, "") : String(req.headers["x-api-key"] ?? "");
    if (!ok) return sendJson(res, 401, { error: { message: `Incorrect API key provided: ${given}` } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: { message: "invalid JSON" } });
    }
    const all = (Array.isArray(body.messages) ? body.messages : []) as { role: string; content: unknown }[];
    const system = provider === "anthropic" ? text(body.system) : text(all.find((m) => m.role === "system")?.content);
    const messages = all.filter((m) => m.role !== "system").map((m) => ({ role: m.role, content: text(m.content) }));
    const structured = provider === "openai" ? body.response_format !== undefined : body.output_config !== undefined;
    if (structured && options.refuseStructured)
      return sendJson(res, 400, { error: { message: `${provider === "openai" ? "response_format" : "output_config"} is not supported by this server` } });
    const request: FakeModelRequest = { provider, model: String(body.model), system, messages, structured, headers: req.headers, body };
    requests.push(request);
    let answer = options.answer(request);
    if (typeof answer === "object" && "stall" in answer) {
      const { stall, then } = answer;
      await new Promise((r) => setTimeout(r, stall));
      answer = then;
    }
    if (typeof answer === "object" && "status" in answer) return sendJson(res, answer.status, { error: { message: answer.error } });
    if (typeof answer === "object" && "raw" in answer) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(answer.raw);
    }
    if (typeof answer === "object" && "endless" in answer) {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => res.destroy());
      return pump();
    }
    const usage = { input: 10 + (system.length % 7) + messages.length, output: 3 + (answer.length % 5) };
    if (provider === "anthropic") {
      return sendJson(res, 200, {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: body.model,
        content: [{ type: "text", text: answer }],
        stop_reason: "end_turn",
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      });
    }
    return sendJson(res, 200, {
      id: "chatcmpl-fake",
      object: "chat.completion",
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return { openaiUrl: `${url}/v1`, anthropicUrl: url, openaiKey, anthropicKey, requests, close };
}

/** What a request is for, told by its prompt as pathwaykit writes it. */
export function getRequestRole(request: FakeModelRequest): "caller" | "judge" | "agent" | "extract" | "route" | "persona-writer" | "other" {
  if (request.system.startsWith("You play a caller")) return "caller";
  if (request.system.startsWith("You grade")) return "judge";
  if (request.system.startsWith("You are a business's voice agent")) return "agent";
  if (request.system.startsWith("You read variables")) return "extract";
  if (request.system.startsWith("You write test callers")) return "persona-writer";
  if (request.messages[0]?.content.startsWith("You route a phone conversation")) return "route";
  return "other";
}

/** Options of `createPersonaBrain`: a scripted caller, judges by criterion, variables to extract. */
export interface PersonaBrain {
  /** The caller's lines in order; after them it answers [END]. */
  callerLines: string[];
  /** Verdict per criterion (a criterion not listed passes with score 1). */
  verdicts?: Record<string, FakeModelAnswer | { pass: boolean; score: number; reason: string }>;
  /** Variables the extraction answer gives (others null). */
  extract?: Record<string, unknown>;
}

/**
 * A brain playing every part the way a model might: the caller says its lines then [END]; the router picks the option
 * whose label shares a word with the caller's latest words (else 0); the agent says its step's name; the extractor
 * answers the variables it was given; the judges answer their verdicts as JSON.
 */
export function createPersonaBrain(brain: PersonaBrain): (request: FakeModelRequest) => FakeModelAnswer {
  return (request) => {
    const role = getRequestRole(request);
    if (role === "caller") {
      const said = request.messages.filter((m) => m.role === "assistant").length;
      return brain.callerLines[said] ?? "[END]";
    }
    if (role === "judge") {
      const criterion = /^Criterion: (.*)$/m.exec(request.messages[0]!.content)?.[1] ?? "";
      const verdict = brain.verdicts?.[criterion] ?? { pass: true, score: 1, reason: `the conversation shows: ${criterion}` };
      return typeof verdict === "object" && "pass" in verdict ? JSON.stringify(verdict) : verdict;
    }
    if (role === "agent") return `(agent at ${/step "([^"]*)"/.exec(request.system)?.[1] ?? "?"})`;
    if (role === "extract") {
      const names = [...request.messages[0]!.content.matchAll(/^- (\S+) \(/gm)].map((m) => m[1]!);
      return JSON.stringify(Object.fromEntries(names.map((n) => [n, brain.extract?.[n] ?? null])));
    }
    if (role === "route") {
      const prompt = request.messages[0]!.content;
      const latest = (/^Caller's latest message: (.*)$/m.exec(prompt)?.[1] ?? "").toLowerCase();
      const words = new Set(latest.split(/\W+/).filter((w) => w.length > 3));
      const options = [...prompt.matchAll(/^(\d+)\. (?:\[global\] )?(.*)$/gm)];
      const hit = options.find((o) =>
        o[2]!
          .toLowerCase()
          .split(/\W+/)
          .some((w) => words.has(w)),
      );
      return JSON.stringify({ choice: hit ? Number(hit[1]) : 0, reason: hit ? "the caller said so" : "nothing fits" });
    }
    return "ok";
  };
}
