// The llm decider: asks any OpenAI-compatible chat-completions endpoint to choose among the candidates.
import type { Decider, Decision, DecisionRequest } from "../types.js";

/** A fetch-like function (the global `fetch`, or a test double); the core never reaches the network by itself. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

/** Options of `createLlmDecider`. */
export interface LlmDeciderOptions {
  /** Base URL, e.g. `https://api.openai.com/v1` (`/chat/completions` is appended). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <key>`; never written to traces or messages. */
  apiKey?: string;
  fetch: FetchLike;
  /** Milliseconds before a request is abandoned. Default 30000. */
  timeoutMs?: number;
}

function toPrompt(request: DecisionRequest): string {
  const lines = request.candidates.map((c, i) => `${i + 1}. ${c.kind === "global" ? "[global] " : ""}${c.label}${c.description ? ` (${c.description})` : ""}`);
  const history = request.history.slice(-10).map((m) => `${m.role === "agent" ? "Agent" : "Caller"}: ${m.text.slice(0, 500)}`);
  const condition = (request.node.data as { condition?: unknown } | undefined)?.condition;
  return [
    "You route a phone conversation. Pick the option that the caller's latest message calls for.",
    typeof condition === "string" && condition ? `Stay (answer 0) while this condition is not met: ${condition}` : "Answer 0 when no option fits.",
    "",
    "Options:",
    ...lines,
    "",
    "Conversation so far:",
    ...history,
    "",
    `Caller's latest message: ${request.userText}`,
    "",
    'Reply with JSON only: {"choice": <option number, or 0 to stay>, "reason": "<a few words>"}',
  ].join("\n");
}

/** Reads `{"choice": n}` (or a bare number) out of the model's reply. */
export function parseChoice(content: string): { choice: number; reason?: string } | undefined {
  const json = /\{[\s\S]*\}/.exec(content);
  if (json) {
    try {
      const value = JSON.parse(json[0]) as { choice?: unknown; reason?: unknown };
      const choice = Number(value.choice);
      if (Number.isInteger(choice)) return { choice, ...(typeof value.reason === "string" && { reason: value.reason }) };
    } catch {
      // Fall through to a bare number.
    }
  }
  const bare = /-?\d+/.exec(content);
  return bare ? { choice: Number(bare[0]) } : undefined;
}

/** The llm decider (asynchronous: use it with `transitionAsync`). Errors become `error` decisions, never throws. */
export function createLlmDecider(options: LlmDeciderOptions): Decider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: "llm",
    async decide(request: DecisionRequest): Promise<Decision> {
      if (request.candidates.length === 0) return { kind: "stay", reason: "no choices at this node" };
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const body = JSON.stringify({ model: options.model, temperature: 0, messages: [{ role: "user", content: toPrompt(request) }] });
      let response: Awaited<ReturnType<FetchLike>>;
      let text: string;
      try {
        response = await options.fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
      } catch (error) {
        return { kind: "error", reason: `the model endpoint ${url} could not be reached (${error instanceof Error ? error.message : String(error)})` };
      }
      try {
        // The injected fetch bounds the body (the engine passes one that stops at --max-response).
        text = await response.text();
      } catch (error) {
        return {
          kind: "error",
          reason: `the answer of the model endpoint ${url} could not be read (${error instanceof Error ? error.message : String(error)})`,
        };
      }
      if (!response.ok) return { kind: "error", reason: `the model endpoint ${url} answered HTTP ${response.status}` };
      let content: unknown;
      try {
        content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
      } catch {
        return { kind: "error", reason: `the model endpoint ${url} did not return JSON` };
      }
      const parsed = typeof content === "string" ? parseChoice(content) : undefined;
      if (!parsed || parsed.choice < 0 || parsed.choice > request.candidates.length) {
        return { kind: "error", reason: `the model's reply is not a valid choice: ${JSON.stringify(String(content ?? "")).slice(0, 200)}` };
      }
      const why = parsed.reason ? `model ${options.model}: ${parsed.reason}` : `model ${options.model}`;
      return parsed.choice === 0 ? { kind: "stay", reason: why } : { kind: "take", index: parsed.choice - 1, reason: why };
    },
  };
}
