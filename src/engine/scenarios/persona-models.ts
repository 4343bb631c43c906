// The models of persona runs, made once per command: names from flags or pathway.config.json, keys and endpoints from the environment, with recordings, retries, a timeout and the token budget.
import path from "node:path";
import type { ChatModel, TokenUsage } from "../../model/chat-model.js";
import {
  createHttpModel,
  createRecordingTransport,
  createReplayTransport,
  createTokenBudget,
  parseModelRef,
  PROVIDER_DEFAULTS,
  withRetries,
  type ModelRef,
  type ModelTransport,
} from "../../llm/index.js";
import { readCappedBody, ResponseTooLargeError } from "../../remote/read-body.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { readModelDefaults } from "../project/config.js";
import { DEFAULT_TOKEN_BUDGET } from "./limits.js";
import { displayPath } from "../project/inputs.js";
import { createRecordingFolder } from "./recording-folder.js";

/** Options of the models of a run; all optional. */
export interface PersonaModelOptions {
  /** `<provider>:<model>` of the caller (default: pathway.config.json's `models.caller`). */
  callerModel?: string;
  /** The judge (default: `models.judge`, else the caller's model). */
  judgeModel?: string;
  /** The agent of offline persona runs (default: `models.agent`). */
  agentModel?: string;
  /** Record every model exchange into this folder. */
  record?: string;
  /** Answer every model request from this folder's recordings, with no network. */
  replay?: string;
  /** Milliseconds one model request may take. Default 60000. */
  modelTimeoutMs?: number;
  /** Tokens (input and output) all model requests of the run may use. Default 2,000,000. */
  tokenBudget?: number;
}

/** Largest model answer read: far above any answer, far below what hurts (an endless one stops here). */
export const MAX_MODEL_ANSWER_BYTES = 4 * 1024 * 1024;

/** The models of a run, those that were named. */
export interface PersonaModelSet {
  caller?: ChatModel;
  judge?: ChatModel;
  agent?: ChatModel;
  /** With --record or --replay: which, and the folder as shown. */
  recordings?: { mode: "record" | "replay"; dir: string };
  /** Tokens used so far by all of them. */
  spent(): TokenUsage;
}

const ROLES = { callerModel: "caller", judgeModel: "judge", agentModel: "agent" } as const;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });
}

/** Sends exchanges through the host's fetch, the answer read up to `maxBytes`. */
function createHostTransport(host: Host, maxBytes: number): ModelTransport {
  return async (exchange, signal) => {
    const response = await host.fetch(exchange.url, { method: exchange.method, headers: exchange.headers, body: exchange.body, ...(signal && { signal }) });
    let body: string;
    try {
      body = await readCappedBody(response, maxBytes);
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw new Error(`the answer of ${exchange.url} ${error.message}`);
      throw error;
    }
    const retryAfter = response.headers.get("retry-after");
    return { status: response.status, body, ...(retryAfter !== null && { retryAfter }) };
  };
}

/** The flag a role's model is named by. */
function flagOf(role: "caller" | "judge" | "agent"): string {
  return `--${role}-model`;
}

/**
 * Makes the models a run names (none is made for a role nobody named). A malformed name is a usage error; a provider
 * at its own endpoint without its key in the environment is a config error in one line (exit 2), before anything is
 * sent. With `replay` no key is needed and nothing reaches the network.
 */
export async function createPersonaModels(host: Host, options: PersonaModelOptions, maxResponseBytes = MAX_MODEL_ANSWER_BYTES): Promise<PersonaModelSet> {
  if (options.record !== undefined && options.replay !== undefined)
    throw new EngineError("usage", "--record and --replay exclude each other: record once, then replay.");
  const defaults = await readModelDefaults(host);
  const names: Partial<Record<"caller" | "judge" | "agent", string>> = {};
  for (const [option, role] of Object.entries(ROLES) as [keyof typeof ROLES, "caller" | "judge" | "agent"][]) {
    const name = options[option] ?? defaults[role];
    if (name !== undefined) names[role] = name;
  }
  names.judge ??= names.caller;
  const refs: Partial<Record<"caller" | "judge" | "agent", ModelRef>> = {};
  for (const [role, name] of Object.entries(names) as ["caller" | "judge" | "agent", string][]) {
    const parsed = parseModelRef(name);
    if (!parsed.ok) throw new EngineError("usage", `${flagOf(role)} ${JSON.stringify(name)}: ${parsed.message}.`);
    refs[role] = parsed.ref;
  }
  const folder = options.record ?? options.replay;
  const store = folder === undefined ? undefined : createRecordingFolder(host, path.resolve(host.cwd, folder));
  let transport: ModelTransport;
  if (options.replay !== undefined) transport = createReplayTransport(store!);
  else {
    transport = withRetries(createHostTransport(host, Math.min(maxResponseBytes, MAX_MODEL_ANSWER_BYTES)), { sleep });
    if (store) transport = createRecordingTransport(transport, store);
  }
  const budget = createTokenBudget(options.tokenBudget ?? DEFAULT_TOKEN_BUDGET);
  const made = new Map<string, ChatModel>();
  const set: PersonaModelSet = {
    spent: budget.spent,
    ...(folder !== undefined && { recordings: { mode: options.replay !== undefined ? "replay" : "record", dir: displayPath(host.cwd, folder) } }),
  };
  for (const [role, ref] of Object.entries(refs) as ["caller" | "judge" | "agent", ModelRef][]) {
    const { keyEnv, baseUrlEnv } = PROVIDER_DEFAULTS[ref.provider];
    const apiKey = host.env[keyEnv]?.trim() || undefined;
    const baseUrl = host.env[baseUrlEnv]?.trim() || undefined;
    if (options.replay === undefined && apiKey === undefined && baseUrl === undefined) {
      throw new EngineError("config", `${flagOf(role)} ${ref.provider}:${ref.model} needs ${keyEnv} (or ${baseUrlEnv} naming a server that takes no key).`);
    }
    // One client per model name: the caller and the judge are often the same model.
    const key = `${ref.provider}:${ref.model}`;
    let model = made.get(key);
    if (!model) {
      model = budget.wrap(
        createHttpModel({
          ref,
          transport,
          ...(apiKey !== undefined && { apiKey }),
          ...(baseUrl !== undefined && { baseUrl }),
          ...(options.modelTimeoutMs !== undefined && { timeoutMs: options.modelTimeoutMs }),
        }),
      );
      made.set(key, model);
    }
    set[role] = model;
  }
  return set;
}
