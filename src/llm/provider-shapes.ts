// The two providers' request and answer shapes: OpenAI's chat completions (and every server that copies it) and Anthropic's Messages API.
import type { ModelMessage, ModelRequest, TokenUsage } from "../model/chat-model.js";
import { isObject } from "../model/pathway.js";
import type { ModelProvider } from "./model-ref.js";

/** How a request is written for one model, adapted as the endpoint refuses parameters (see `adaptToRefusal`). */
export interface RequestStyle {
  /** Ask for the JSON shape with the provider's structured-output field. */
  structured: boolean;
  /** OpenAI's newer models take `max_completion_tokens`; older servers only `max_tokens`. */
  maxTokensField: "max_tokens" | "max_completion_tokens";
  /** Some models accept only their default temperature. */
  temperature: boolean;
}

/** The style tried first. */
export const DEFAULT_STYLE: RequestStyle = { structured: true, maxTokensField: "max_tokens", temperature: true };

/** Where each provider's endpoint is by default, and the endpoint below the base URL. */
export const PROVIDER_DEFAULTS: Readonly<Record<ModelProvider, { baseUrl: string; endpoint: string; keyEnv: string; baseUrlEnv: string }>> = {
  openai: { baseUrl: "https://api.openai.com/v1", endpoint: "chat/completions", keyEnv: "OPENAI_API_KEY", baseUrlEnv: "OPENAI_BASE_URL" },
  anthropic: { baseUrl: "https://api.anthropic.com", endpoint: "v1/messages", keyEnv: "ANTHROPIC_API_KEY", baseUrlEnv: "ANTHROPIC_BASE_URL" },
};

/** The version of the Messages API the requests are written for. */
const ANTHROPIC_VERSION = "2023-06-01";

/** Messages as both providers accept them: consecutive ones of one role joined, and the first from the user. */
export function toAlternating(messages: readonly ModelMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const m of messages) {
    const last = out[out.length - 1];
    if (last && last.role === m.role) last.content = `${last.content}\n${m.content}`;
    else out.push({ role: m.role, content: m.content });
  }
  if (out[0]?.role !== "user") out.unshift({ role: "user", content: "(The conversation starts.)" });
  return out;
}

/** The JSON body of a request to `provider` for `model`, written in `style`. */
export function toRequestBody(provider: ModelProvider, model: string, request: ModelRequest, style: RequestStyle): Record<string, unknown> {
  const messages = toAlternating(request.messages);
  const temperature = style.temperature ? { temperature: request.temperature ?? 0 } : {};
  if (provider === "anthropic") {
    return {
      model,
      max_tokens: request.maxTokens,
      ...(request.system !== undefined && { system: request.system }),
      messages,
      ...temperature,
      ...(request.json && style.structured && { output_config: { format: { type: "json_schema", schema: request.json.schema } } }),
    };
  }
  return {
    model,
    messages: [...(request.system !== undefined ? [{ role: "system", content: request.system }] : []), ...messages],
    [style.maxTokensField]: request.maxTokens,
    ...temperature,
    ...(request.json &&
      style.structured && { response_format: { type: "json_schema", json_schema: { name: request.json.name, schema: request.json.schema, strict: true } } }),
  };
}

/** The headers of a request: the key in the provider's header (Azure's `api-key` for an Azure host), never anywhere else. */
export function toRequestHeaders(provider: ModelProvider, baseUrl: string, apiKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (provider === "anthropic") {
    headers["anthropic-version"] = ANTHROPIC_VERSION;
    if (apiKey) headers["x-api-key"] = apiKey;
    return headers;
  }
  if (apiKey) {
    let host = "";
    try {
      host = new URL(baseUrl).hostname;
    } catch {
      // An unreadable URL fails when it is sent, with the URL named.
    }
    if (host.endsWith(".azure.com")) headers["api-key"] = apiKey;
    else headers.authorization = `Bearer ${apiKey}`;
  }
  return headers;
}

/** A count from an answer's usage field; anything but a whole number of 0 or more counts 0. */
function count(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** The answer's text and token counts, or what is wrong with its shape. */
export function readAnswerBody(provider: ModelProvider, body: unknown): { text: string; usage: TokenUsage } | { problem: string } {
  if (!isObject(body)) return { problem: "not a JSON object" };
  const usage = isObject(body.usage) ? body.usage : {};
  if (provider === "anthropic") {
    if (!Array.isArray(body.content)) return { problem: 'no "content" list' };
    const texts = body.content.flatMap((block) => (isObject(block) && block.type === "text" && typeof block.text === "string" ? [block.text] : []));
    if (texts.length === 0) return { problem: 'no text block in "content"' };
    return { text: texts.join(""), usage: { input: count(usage.input_tokens), output: count(usage.output_tokens), requests: 1 } };
  }
  const choice = Array.isArray(body.choices) ? body.choices[0] : undefined;
  const message = isObject(choice) ? choice.message : undefined;
  if (!isObject(message)) return { problem: 'no "choices[0].message"' };
  const text = typeof message.content === "string" ? message.content : typeof message.refusal === "string" ? message.refusal : undefined;
  if (text === undefined) return { problem: '"choices[0].message.content" is not a string' };
  return { text, usage: { input: count(usage.prompt_tokens), output: count(usage.completion_tokens), requests: 1 } };
}

/** The provider's own error message in an error answer (`{error: {message}}`), when it has one. */
export function readErrorMessage(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const error = body.error;
  if (typeof error === "string") return error;
  if (isObject(error) && typeof error.message === "string") return error.message;
  return typeof body.message === "string" ? body.message : undefined;
}

/**
 * The style to try after the endpoint refused a request with HTTP 400 saying `message`, or undefined when the refusal
 * is not about a parameter the style can drop: servers that copy OpenAI's API differ in what they accept (no
 * structured output, `max_completion_tokens` instead of `max_tokens`, no temperature).
 */
export function adaptToRefusal(style: RequestStyle, message: string, asked: { json: boolean }): RequestStyle | undefined {
  const m = message.toLowerCase();
  if (asked.json && style.structured && /response_format|json_schema|output_config|structured output/.test(m)) return { ...style, structured: false };
  if (style.maxTokensField === "max_tokens" && m.includes("max_tokens")) return { ...style, maxTokensField: "max_completion_tokens" };
  if (style.temperature && m.includes("temperature")) return { ...style, temperature: false };
  return undefined;
}
