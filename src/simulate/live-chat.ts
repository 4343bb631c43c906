// Runs a scenario against the service's text chat: each turn's user text is sent, and the live answer becomes the same state and trace an offline run leaves.
import { getNodeType } from "../model/node-types/index.js";
import { isTransferNode } from "../model/pathway.js";
import type { ChatApi, ChatReply } from "../model/chat.js";
import type { Pathway, PathwayNode } from "../model/schema.js";
import { resolveTake, describeCandidate } from "./deciders/scripted.js";
import { createSimulator, findNode, getCandidates, getSimNodeName, getSimWays, type Simulator } from "./machine.js";
import { runScenarioWith, toErrorResult, type ScenarioResult } from "./run.js";
import type { Scenario, ScenarioLocator } from "./scenario.js";
import type { SimState, TraceEvent, Turn } from "./types.js";

/** Options of `runScenarioLive`. */
export interface LiveRunOptions {
  /** The remote pathway the chat runs (required). */
  pathwayId: string;
  /** The local pathway compiled once, reused across scenarios (default: compiled from the pathway). */
  simulator?: Simulator;
  /** Locates scenario paths, so failures name their line. */
  locate?: ScenarioLocator;
  /** The remote version to chat with (default: the live one). */
  pathwayVersion?: number;
}

/** The node a live answer is at, resolved through the local file: by id, else by name. */
function resolveLiveNode(sim: Simulator, reply: ChatReply): PathwayNode | undefined {
  if (reply.currentNodeId !== undefined && sim.nodes.has(reply.currentNodeId)) return sim.nodes.get(reply.currentNodeId);
  return reply.currentNodeName !== undefined ? findNode(sim, reply.currentNodeName) : undefined;
}

function changedVariables(before: Readonly<Record<string, unknown>>, after: Record<string, unknown>): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) if (JSON.stringify(before[k]) !== JSON.stringify(v)) set[k] = v;
  return set;
}

/** True for a node the agent passes through without waiting for the caller: it moves on by its routes or its request's answer (the simulator's automatic moves). */
function passesThrough(node: PathwayNode | undefined): boolean {
  const movesOn = getNodeType(node?.type)?.flow.movesOn;
  return movesOn === "routes" || movesOn === "response-routes";
}

/** Where control can go from a node, from the flow model. */
function nextNodes(sim: Simulator, id: string): string[] {
  return getSimWays(sim, id).map((w) => w.to);
}

/**
 * The nodes a turn passed through to leave the agent at `live`, starting at one of `starts`: `live` itself, or
 * automatic nodes before it (what the chat does not report). Undefined when no such way exists.
 */
function pathWithinTurn(sim: Simulator, starts: readonly string[], live: string | undefined): string[] | undefined {
  if (live === undefined) return undefined;
  const previous = new Map<string, string | undefined>(starts.map((s) => [s, undefined]));
  const queue = [...previous.keys()];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (id === live) {
      const path: string[] = [];
      for (let at: string | undefined = id; at !== undefined; at = previous.get(at)) path.unshift(at);
      return path;
    }
    if (!passesThrough(sim.nodes.get(id))) continue;
    for (const next of nextNodes(sim, id)) if (!previous.has(next)) previous.set(next, id), queue.push(next);
  }
  return undefined;
}

/** The edge the live agent moved along, when the local file has one between the two nodes (so coverage counts it). */
function edgeBetween(sim: Simulator, from: string | undefined, to: string): string | undefined {
  return from === undefined ? undefined : getSimWays(sim, from).find((w) => w.to === to && w.edge)?.edge?.id;
}

/**
 * Builds the state after one live answer: what was said, where the agent is, the variables, and (for a turn with
 * `take:`) whether the agent moved along that choice, as a decision event the runner checks like an offline one.
 */
function toLiveState(sim: Simulator, state: SimState, turn: Turn, reply: ChatReply, warnings: string[]): SimState {
  const n = state.turn + 1;
  const events: TraceEvent[] = [];
  const from = state.nodeId;
  events.push({ type: "user", turn: n, nodeId: from ?? "", text: turn.user });
  const node = resolveLiveNode(sim, reply);
  const liveId = node?.id ?? reply.currentNodeId ?? reply.currentNodeName;
  if (!node && liveId !== undefined)
    warnings.push(
      `turn ${n}: the live agent is at node ${JSON.stringify(liveId)}, which the local file does not have; is the local file the version the service runs?`,
    );
  const to = liveId ?? from;
  let passed: string[] | undefined;
  if (turn.take !== undefined && from !== undefined) {
    const candidates = getCandidates(sim, from);
    const wanted = resolveTake(candidates, turn.take);
    const chosen = wanted.kind === "take" ? candidates[wanted.index] : undefined;
    passed = chosen && pathWithinTurn(sim, [chosen.targetId], to);
    const liveName = getSimNodeName(node) ?? liveId ?? "(unknown)";
    const decision =
      wanted.kind !== "take"
        ? wanted
        : passed
          ? { kind: "take" as const, index: wanted.index, reason: `the live agent took ${describeCandidate(chosen!)}` }
          : liveId === undefined
            ? {
                kind: "error" as const,
                reason: `cannot tell whether the live agent took ${describeCandidate(chosen!)}: the chat's answer names no node (no current_node_id or current_node_name)`,
              }
            : {
                kind: "error" as const,
                reason: `the live agent did not take ${describeCandidate(chosen!)}: it ${to === from ? "stayed at" : "went to"} "${liveName}"${to === liveId ? ` (id ${liveId})` : ""}`,
              };
    events.push({ type: "decide", turn: n, nodeId: from, decider: "live", decision, ...(chosen && { chosen }) });
  }
  if (to !== undefined && to !== from) {
    // The chat reports only where the agent stopped; the automatic nodes before it are filled in from the local file.
    const way = passed ?? (from === undefined ? undefined : pathWithinTurn(sim, nextNodes(sim, from), to)) ?? [to];
    let at = from;
    for (const id of way) {
      const edgeId = edgeBetween(sim, at, id);
      const wayNode = sim.nodes.get(id);
      const wayName = getSimNodeName(wayNode);
      events.push({ type: "move", turn: n, from: at ?? "", to: id, via: "edge", ...(edgeId !== undefined && { edgeId }), reason: "the live agent moved" });
      events.push({ type: "enter", turn: n, nodeId: id, ...(wayName !== undefined && { nodeName: wayName }), nodeType: wayNode?.type ?? "unknown" });
      at = id;
    }
  }
  for (const text of reply.assistantResponses) events.push({ type: "say", turn: n, nodeId: to ?? "", speech: "text", text, unset: [] });
  const variables = { ...state.variables, ...reply.variables };
  const set = changedVariables(state.variables, reply.variables);
  if (Object.keys(set).length > 0) events.push({ type: "vars", turn: n, nodeId: to ?? "", set, how: "explicit" });
  // The chat says only that it completed; the local file says whether that node is a transfer.
  const status = !reply.completed ? "active" : node && isTransferNode(node) ? "transferred" : "ended";
  if (status !== "active") events.push({ type: "end", turn: n, status, reason: "the live chat completed" });
  const visits = { ...state.visits };
  for (const e of events) if (e.type === "enter") visits[e.nodeId] = (visits[e.nodeId] ?? 0) + 1;
  return {
    ...state,
    status,
    ...(to !== undefined && { nodeId: to }),
    ...(reply.completed && { reason: "the live chat completed" }),
    variables,
    turn: n,
    visits,
    trace: [...state.trace, ...events],
  };
}

/**
 * Runs a scenario against the service's chat with the remote pathway `options.pathwayId`: the same expectations
 * and result shape as `runScenario`. `take:` becomes an assertion that the live agent moved along that choice;
 * `said` is checked against the assistant's responses, `node` against the node it reports (resolved through the local
 * file), `vars` against its variables, `ended` against `completed`. Transfers cannot be seen through the chat:
 * `transferred_to` is reported as not checked. Errors of the chat (timeouts, refusals, bad answers) fail the scenario;
 * a chat that cannot start makes the result an `error` (it could not run).
 */
export async function runScenarioLive(pathway: Pathway, scenario: Scenario, chat: ChatApi, options: LiveRunOptions): Promise<ScenarioResult> {
  const sim = options.simulator ?? createSimulator(pathway);
  const locate = options.locate ?? (() => undefined);
  const warnings: string[] = [];
  let chatId = "";
  // A chat that failed stops the conversation like max_turns does, but must never pass a scenario that expects "stopped".
  let chatFailure: { reason: string; turn: number } | undefined;
  let startId: string | undefined = sim.startId;
  if (scenario.start !== undefined) startId = findNode(sim, scenario.start)?.id ?? scenario.start;
  const scenarioForRun: Scenario =
    scenario.expect?.transferred_to !== undefined ? { ...scenario, expect: { ...scenario.expect, transferred_to: undefined } } : scenario;
  if (scenarioForRun !== scenario) warnings.push("expect.transferred_to was not checked: the chat API does not show transfers");
  const result = await runScenarioWith(
    sim,
    scenarioForRun,
    {
      init: async () => {
        const session = await chat.createChat({
          pathwayId: options.pathwayId,
          ...(scenario.start !== undefined && startId !== undefined && { startNodeId: startId }),
          ...(scenario.request_data !== undefined && { requestData: scenario.request_data }),
          ...(options.pathwayVersion !== undefined && { pathwayVersion: options.pathwayVersion }),
        });
        chatId = session.chatId;
        const node = startId === undefined ? undefined : sim.nodes.get(startId);
        const trace: TraceEvent[] =
          startId === undefined
            ? []
            : [
                {
                  type: "enter",
                  turn: 0,
                  nodeId: startId,
                  ...(getSimNodeName(node) !== undefined && { nodeName: getSimNodeName(node)! }),
                  nodeType: node?.type ?? "unknown",
                },
              ];
        if (session.message) trace.push({ type: "say", turn: 0, nodeId: startId ?? "", speech: "text", text: session.message, unset: [] });
        return {
          status: "active",
          ...(startId !== undefined && { nodeId: startId }),
          variables: { ...scenario.request_data, ...session.variables },
          turn: 0,
          returnTo: [],
          visits: startId === undefined ? {} : { [startId]: 1 },
          trace,
        };
      },
      turn: async (state, turn) => {
        if (scenario.max_turns !== undefined && state.turn >= scenario.max_turns) {
          return { ...state, status: "stopped", reason: `max_turns (${scenario.max_turns}) reached` };
        }
        try {
          return toLiveState(sim, state, turn, await chat.sendChatMessage(chatId, turn.user), warnings);
        } catch (error) {
          chatFailure = { reason: `the live chat failed: ${error instanceof Error ? error.message : String(error)}`, turn: state.turn + 1 };
          return { ...state, status: "stopped", reason: chatFailure.reason };
        }
      },
    },
    locate,
  ).catch((error: unknown): ScenarioResult => {
    // Chat creation failed: nothing ran, so this says nothing about the agent (a rejected key, a remote pathway that is not there).
    const message = `the live chat could not start: ${error instanceof Error ? error.message : String(error)}`;
    return toErrorResult(scenario.name ?? "scenario", message);
  });
  if (chatFailure && result.status === "passed") {
    const at = ["turns", chatFailure.turn - 1];
    const failure = {
      message: `the conversation was stopped: ${chatFailure.reason}`,
      turn: chatFailure.turn,
      pointer: `/turns/${chatFailure.turn - 1}`,
      ...locate(at),
    };
    return { ...result, status: "failed", failures: [failure], warnings: [...warnings, ...result.warnings] };
  }
  return { ...result, warnings: [...warnings, ...result.warnings] };
}
