// `openChat` and the steps of a chat: the pathway's simulator, its decider and the opening state; turns, choices and /take.
import type { Candidate, Decider, SimState, Simulator } from "../../simulate/index.js";
import * as sim from "../../simulate/index.js";
import { toCappedFetch } from "../../host/capped-fetch.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { requirePathway } from "../project/load-pathway.js";
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

/** The variables `--request-data` gives: a JSON object, else a usage error that shows the form. */
export function parseRequestData(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new EngineError("usage", `--request-data: expected a JSON object, e.g. '{"from": "+15551234567"}'.`);
  return parsed as Record<string, unknown>;
}

/** The choices at the state's node (edges out, global nodes), in the order `/edges` numbers them. */
export function getChatChoices(session: ChatSession, state: SimState): readonly Candidate[] {
  return state.nodeId ? sim.getCandidates(session.simulator, state.nodeId) : [];
}

/** What `/take <ref>` names: choice n (from 1) as its edge or node id; anything else as typed (an edge id, label or node name). */
export function toTakeRef(choices: readonly Candidate[], ref: string): string {
  const n = Number(ref);
  const chosen = Number.isInteger(n) && n >= 1 && n <= choices.length ? choices[n - 1]! : undefined;
  if (!chosen) return ref;
  return chosen.kind === "edge" ? chosen.id : chosen.targetId;
}

/**
 * One turn of the caller (with `take`, a choice taken by hand): the next state, or why nothing changed: the
 * conversation has ended, or `take` names nothing takeable. A refused /take is a mistyped command, not a turn, so it
 * gives no state to keep, and `/back` still undoes the caller's last real turn.
 */
export async function takeChatTurn(session: ChatSession, state: SimState, user: string, take?: string): Promise<{ next: SimState } | { refusal: string }> {
  if (state.status !== "active")
    return { refusal: `The conversation has ${state.status === "transferred" ? "been transferred" : state.status}; /back to undo or /quit.` };
  const next = await sim.transitionAsync(session.simulator, state, { user, ...(take !== undefined && { take }) });
  const failed = take === undefined ? undefined : next.trace.slice(state.trace.length).find((e) => e.type === "decide" && e.decision.kind === "error");
  if (failed?.type === "decide") return { refusal: `${failed.decision.reason.replace(/\.$/, "")}; nothing changed (/edges lists the choices).` };
  return { next };
}
