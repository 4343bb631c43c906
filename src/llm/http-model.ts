// A ChatModel over HTTP: builds the provider's request, sends it through the injected transport with a timeout, and reads the answer tolerantly but strictly bounded.
import type { ChatModel, ModelReply, ModelRequest } from "../model/chat-model.js";
import { toModelName, type ModelRef } from "./model-ref.js";
import { RecordingMissError } from "./recording.js";
import { createRedactor } from "../remote/redact.js";
import {
  adaptToRefusal,
  DEFAULT_STYLE,
  PROVIDER_DEFAULTS,
  readAnswerBody,
  readErrorMessage,
  toRequestBody,
  toRequestHeaders,
  type RequestStyle,
} from "./provider-shapes.js";
import type { ModelExchange, ModelTransport } from "./transport.js";

/** Options of `createHttpModel`. */
export interface HttpModelOptions {
  ref: ModelRef;
  /** The provider's base URL (default: the provider's own, e.g. https://api.openai.com/v1). */
  baseUrl?: string;
  /** Sent in the provider's header only; never in a message, trace or recording. */
  apiKey?: string;
  transport: ModelTransport;
  /** Milliseconds one request may take, answer read included. Default 60000. */
  timeoutMs?: number;
}

/** Characters of a model's text kept: far above a turn or a verdict, far below what hurts a report. */
export const MAX_MODEL_TEXT = 20_000;

/** The model's answer could not be used: the endpoint refused, answered another shape, or could not be reached. */
export class ModelError extends Error {
  override readonly name = "ModelError";
  constructor(
    message: string,
    /** The HTTP status of a refusal, when the endpoint answered one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * Text from a model made safe to keep: escape sequences and other control characters (a hostile answer's way to the
 * terminal or the service's chat) removed, newlines and tabs kept, clipped to MAX_MODEL_TEXT characters.
 */
export function toSafeModelText(text: string): string {
  const clean = text.replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
  return clean.length > MAX_MODEL_TEXT ? clean.slice(0, MAX_MODEL_TEXT) : clean;
}

function clip(text: string, max = 300): string {
  const flat = toSafeModelText(text).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A model reached over HTTP. A request the endpoint refuses with HTTP 400 for a parameter some servers lack
 * (structured output, `max_tokens`, temperature) is sent again without it, and the model is written to that way for the
 * rest of the run. Every failure rejects with a ModelError naming the model and the endpoint, never the key.
 */
export function createHttpModel(options: HttpModelOptions): ChatModel {
  const { ref } = options;
  const defaults = PROVIDER_DEFAULTS[ref.provider];
  const baseUrl = (options.baseUrl ?? defaults.baseUrl).replace(/\/+$/, "");
  const url = `${baseUrl}/${defaults.endpoint}`;
  const name = toModelName(ref);
  const timeoutMs = options.timeoutMs ?? 60_000;
  let style: RequestStyle = DEFAULT_STYLE;
  // A provider's refusal may quote the key it was given: no message of this client ever holds it.
  const redact = createRedactor(options.apiKey);
  const fail = (problem: string, status?: number) => new ModelError(redact(`${name}: ${problem}`), status);
  const send = async (request: ModelRequest, used: RequestStyle) => {
    const exchange: ModelExchange = {
      provider: ref.provider,
      endpoint: defaults.endpoint,
      url,
      method: "POST",
      headers: toRequestHeaders(ref.provider, baseUrl, options.apiKey),
      body: JSON.stringify(toRequestBody(ref.provider, ref.model, request, used)),
    };
    try {
      return await options.transport(exchange, AbortSignal.timeout(timeoutMs));
    } catch (error) {
      // A missing recording, or the engine's own failure (a recording it cannot read), says so itself.
      if (error instanceof ModelError || error instanceof RecordingMissError || (error instanceof Error && error.name === "EngineError")) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      if (timedOut) throw fail(`${url} did not answer within ${timeoutMs / 1000} s (--model-timeout)`);
      throw fail(/over the limit/.test(message) ? clip(message) : `${url} could not be reached (${clip(message)})`);
    }
  };
  return {
    name,
    async complete(request: ModelRequest): Promise<ModelReply> {
      let used = style;
      let answer = await send(request, used);
      for (let tries = 0; answer.status === 400 && tries < 3; tries++) {
        const next = adaptToRefusal(used, readErrorMessage(parseJson(answer.body)) ?? answer.body.slice(0, 2000), { json: request.json !== undefined });
        if (!next) break;
        used = style = next;
        answer = await send(request, used);
      }
      const body = parseJson(answer.body);
      if (answer.status < 200 || answer.status > 299) {
        const said = readErrorMessage(body);
        throw fail(`${url} answered HTTP ${answer.status}${said ? `: ${clip(said)}` : ""}`, answer.status);
      }
      if (body === undefined) throw fail(`${url} did not answer JSON (${clip(answer.body, 120) || "an empty body"})`);
      const read = readAnswerBody(ref.provider, body);
      if ("problem" in read)
        throw fail(`the answer of ${url} is not the ${ref.provider === "anthropic" ? "Messages API" : "chat completions"} shape (${read.problem})`);
      return { text: toSafeModelText(read.text), usage: read.usage };
    },
  };
}
