// `openChat`: what an interactive session with the simulator starts from: the pathway's simulator, its decider and the opening state.
import type { Decider, SimState, Simulator } from "../simulate/index.js";
import * as sim from "../simulate/index.js";
import { toCappedFetch } from "./capped-fetch.js";
import { EngineError } from "./errors.js";
import type { Host } from "./host.js";
import { requirePathway } from "./load-pathway.js";
import { createLlmDeciderFromEnv, LLM_NOT_CONFIGURED } from "./run-scenarios.js";

/** Options of `openChat`; all optional. */
export interface OpenChatOptions {
  /** How the caller's turns choose an edge. Default "keyword". */
  decider?: "keyword" | "scripted" | "llm";
  /** Call real webhook URLs. Default false: every webhook answers 200 with an empty body. */
  liveWebhooks?: boolean;
  /** Variables known at the start. */
  variables?: Record<string, unknown>;
  llmBaseUrl?: string;
  llmModel?: string;
}

/** An open session: the simulator, the decider's name and the opening state (turn 0). */
export interface ChatSession {
  simulator: Simulator;
  deciderName: string;
  initial: SimState;
}

/** Loads the pathway (a file: stdin carries the turns) and builds the simulator a chat runs on. */
export async function openChat(host: Host, pathwayArg: string, options: OpenChatOptions = {}): Promise<ChatSession> {
  if (pathwayArg === "-") throw new EngineError("usage", "chat reads your turns from stdin, so the pathway cannot come from there too; name the pathway file.");
  const { pathway } = await requirePathway(host, pathwayArg, { requireStart: true });
  let decider: Decider = options.decider === "scripted" ? sim.createScriptedDecider() : sim.createKeywordDecider();
  if (options.decider === "llm") {
    const llm = await createLlmDeciderFromEnv(host, options);
    if (!llm) throw new EngineError("config", LLM_NOT_CONFIGURED);
    decider = llm;
  }
  const webhook = options.liveWebhooks ? sim.createLiveWebhooks({ fetch: toCappedFetch(host) }) : () => ({ status: 200, body: {} });
  const simulator = sim.createSimulator(pathway, { decider, webhook });
  return { simulator, deciderName: decider.name, initial: await sim.createInitialStateAsync(simulator, { variables: options.variables ?? {} }) };
}
