// A real node:http server on 127.0.0.1 playing the service's pathway chat: a scripted agent per pathway that can also diverge, stall, drop or fail.
import { createServer } from "node:http";
import type { Pathway } from "../../src/model/index.js";
import { listenOnLoopback, readBody, sendJson } from "./fake-service.js";
import {
  createInitialState,
  createKeywordDecider,
  createSimulator,
  getCandidates,
  getSimNodeName,
  transition,
  type SimState,
  type Simulator,
  type Turn,
} from "../../src/simulate/index.js";

/** What the scripted agent does when it hears `user`: the choice to take, variables it extracts, webhook answers it gets. */
export type AgentScript = Record<string, Omit<Turn, "user">>;

/** One scripted misbehaviour for the next chat message (of the chat with that pathway, or with that user text, when given). */
export type ChatFault = (
  | { type: "diverge" }
  | { type: "stall"; ms: number }
  | { type: "drop" }
  | { type: "status"; status: number; retryAfter?: string }
  | { type: "body"; body: string }
) & { pathwayId?: string; user?: string };

/** Options of `startFakeChat`. */
export interface FakeChatOptions {
  apiKey?: string;
  /** Remote pathways by id. */
  pathways: Record<string, Pathway>;
  /** What the agent does per user message (same for every chat); messages it has no script for make it stay. */
  script?: AgentScript;
  /** Chat-wide webhook answers, by node id or name. */
  webhooks?: Turn["webhooks"];
  /** Milliseconds every chat request takes (so that concurrent runs overlap). Default 0. */
  latencyMs?: number;
}

/** The running fake chat service. */
export interface FakeChat {
  url: string;
  apiKey: string;
  /** Every request body the chat endpoints received, with the authorization header seen. */
  requests: { path: string; authorization?: string; body: string }[];
  /** Queues a fault for the next chat message. */
  addFault(fault: ChatFault): void;
  /** Most chat requests ever under way at once. */
  readonly peakInFlight: number;
  close(): Promise<void>;
}

/** The agent's answer for one state: what it said since `from`, where it is, its variables. */
function toData(sim: Simulator, chatId: string, pathwayId: string, state: SimState, from: number) {
  const node = state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId);
  return {
    chat_id: chatId,
    assistant_responses: state.trace.slice(from).flatMap((e) => (e.type === "say" ? [e.text] : [])),
    current_node_id: state.nodeId ?? null,
    current_node_name: getSimNodeName(node) ?? null,
    chat_history: [],
    pathway_id: pathwayId,
    pathway_version: 0,
    variables: state.variables,
    completed: state.status !== "active",
  };
}

/** Starts the fake chat on a free loopback port. */
export async function startFakeChat(options: FakeChatOptions): Promise<FakeChat> {
  const apiKey = options.apiKey ?? "chat-key-0123456789";
  // Unscripted messages are decided by keywords, as a model might; scripted ones follow their take.
  const sims = new Map(Object.entries(options.pathways).map(([id, p]) => [id, createSimulator(p, { decider: createKeywordDecider() })]));
  const chats = new Map<string, { pathwayId: string; state: SimState }>();
  const faults: ChatFault[] = [];
  const requests: FakeChat["requests"] = [];
  let next = 1;
  let inFlight = 0;
  let peakInFlight = 0;
  const server = createServer(async (req, res) => {
    peakInFlight = Math.max(peakInFlight, ++inFlight);
    res.on("close", () => inFlight--);
    const body = await readBody(req);
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    const path = req.url ?? "/";
    const authorization = typeof req.headers.authorization === "string" ? req.headers.authorization : undefined;
    requests.push({ path, ...(authorization !== undefined && { authorization }), body });
    if (authorization !== apiKey) return sendJson(res, 401, { data: null, errors: ["Invalid API key"] });
    const read = /^\/v1\/pathway\/([^/]+)$/.exec(path);
    if (req.method === "GET" && read) {
      const pathway = options.pathways[decodeURIComponent(read[1]!)];
      return pathway ? sendJson(res, 200, pathway) : sendJson(res, 404, { status: "error", message: "Pathway not found" });
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { data: null, errors: ["Invalid JSON"] });
    }
    if (req.method === "POST" && path === "/v1/pathway/chat/create") {
      const pathwayId = String(input.pathway_id);
      const sim = sims.get(pathwayId);
      if (!sim) return sendJson(res, 404, { data: null, errors: ["Pathway not found"] });
      const start = typeof input.start_node_id === "string" ? input.start_node_id : undefined;
      const configured = start === undefined ? sim : { ...sim, config: { ...sim.config, startNodeId: start } };
      const state = createInitialState(configured, { variables: (input.request_data as Record<string, unknown>) ?? {} });
      const chatId = `chat-${next++}`;
      chats.set(chatId, { pathwayId, state });
      const said = state.trace.flatMap((e) => (e.type === "say" ? [e.text] : []));
      return sendJson(res, 200, { data: { chat_id: chatId, message: said.join(" "), variables: state.variables }, errors: null });
    }
    const send = /^\/v1\/pathway\/chat\/([^/]+)$/.exec(path);
    if (req.method === "POST" && send) {
      const chat = chats.get(decodeURIComponent(send[1]!));
      if (!chat) return sendJson(res, 404, { data: null, errors: ["Chat not found"] });
      const message = String(input.message ?? "");
      const at = faults.findIndex((f) => (f.pathwayId === undefined || f.pathwayId === chat.pathwayId) && (f.user === undefined || f.user === message));
      const fault = at < 0 ? undefined : faults.splice(at, 1)[0];
      if (fault?.type === "stall") await new Promise((r) => setTimeout(r, fault.ms));
      if (fault?.type === "drop") return req.socket.destroy();
      if (fault?.type === "status") {
        if (fault.retryAfter !== undefined) res.setHeader("retry-after", fault.retryAfter);
        return sendJson(res, fault.status, { data: null, errors: [`fault ${fault.status}`] });
      }
      if (fault?.type === "body") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(fault.body);
      }
      if (res.destroyed) return;
      const sim = sims.get(chat.pathwayId)!;
      const scripted = options.script?.[message] ?? {};
      let turn: Turn = { user: message, ...scripted, webhooks: { ...options.webhooks, ...scripted.webhooks } };
      if (fault?.type === "diverge" && chat.state.nodeId !== undefined) {
        // Take any other edge than the scripted one: the live model read the labels differently.
        const other = getCandidates(sim, chat.state.nodeId).find(
          (c) => c.kind === "edge" && c.label !== turn.take && c.id !== turn.take && c.targetName !== turn.take,
        );
        if (other) turn = { ...turn, take: other.id };
      }
      const from = chat.state.trace.length;
      chat.state = transition(sim, chat.state, turn);
      return sendJson(res, 200, { data: toData(sim, send[1]!, chat.pathwayId, chat.state, from), errors: null });
    }
    return sendJson(res, 404, { data: null, errors: ["Not found"] });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    apiKey,
    requests,
    addFault: (fault) => faults.push(fault),
    get peakInFlight() {
      return peakInFlight;
    },
    close,
  };
}
