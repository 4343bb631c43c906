// Entering a node in a transition: what it says, then what moves on by itself (press targets, routes, webhooks, transfers).
import { getTransferPathwayId } from "../graph/index.js";
import { getNodeType, type NodeTypeDescriptor } from "../model/node-types/index.js";
import { isObject, nodeData, prop } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";
import { evaluateCondition } from "./conditions.js";
import { getSimNodeName, getSimWays, type Simulator } from "./machine.js";
import { assign, findMock, finish, label, move, type Draft, type Effect, type WebhookAnswer } from "./transition-draft.js";
import type { MoveVia, TraceEvent, Turn, WebhookRequest, WebhookResponse } from "./types.js";
import { getJsonPath, getVariable, renderTemplate } from "./variables.js";

function toHeaderPairs(headers: unknown, variables: Record<string, unknown>, unset: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  const add = (k: unknown, v: unknown) => {
    if (typeof k !== "string") return;
    const r = renderTemplate(String(v ?? ""), variables);
    for (const u of r.unset) if (!unset.includes(u)) unset.push(u);
    pairs.push([k, r.text]);
  };
  if (Array.isArray(headers)) for (const pair of headers) if (Array.isArray(pair)) add(pair[0], pair[1]);
  if (headers && typeof headers === "object" && !Array.isArray(headers)) for (const [k, v] of Object.entries(headers)) add(k, v);
  return pairs;
}

/**
 * A Custom Code node: the simulator never runs its code. The turn's (or the scenario's) answer for the node stands for
 * what it returns with `Response.json({...})`: its top-level keys become variables. Without one, nothing is set.
 */
function runCustomCode(sim: Simulator, d: Draft, node: PathwayNode, turn: Turn | undefined): void {
  const mock = findMock(node, turn?.webhooks) ?? findMock(node, sim.config.mocks);
  d.events.push({
    type: "code",
    turn: d.turn,
    nodeId: node.id,
    kind: "code",
    name: getSimNodeName(node) ?? node.id,
    answered: mock !== undefined,
    ...(mock?.body !== undefined && { response: mock.body }),
  });
  if (mock && isObject(mock.body)) assign(d, node.id, { ...mock.body }, "code");
}

/** The node's tools (`data.tools[]`) that have a name, with their `response_data` mappings (either place real files keep them). */
function getNodeTools(node: PathwayNode): { name: string; responseData: { name: string; data: string }[] }[] {
  const tools = prop(nodeData(node), "tools");
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const inner = prop(prop(prop(tool, "config"), "tool"), "tool");
    const name = prop(tool, "name") ?? prop(inner, "name");
    if (typeof name !== "string" || name.trim() === "") return [];
    const mapping = prop(inner, "response_data") ?? prop(tool, "response_data");
    const responseData = Array.isArray(mapping)
      ? mapping.flatMap((m) =>
          typeof prop(m, "name") === "string" && typeof prop(m, "data") === "string"
            ? [{ name: prop(m, "name") as string, data: prop(m, "data") as string }]
            : [],
        )
      : [];
    return [{ name, responseData }];
  });
}

/** Node tools the turn (or scenario) answers, by tool name: each `response_data[].name` is read from the answer. */
function runNodeTools(sim: Simulator, d: Draft, node: PathwayNode, turn: Turn | undefined): void {
  for (const tool of getNodeTools(node)) {
    const mock = findMock(undefined, turn?.webhooks, tool.name) ?? findMock(undefined, sim.config.mocks, tool.name);
    // The model decides whether to call a tool; without an answer the run assumes it did not.
    if (!mock) continue;
    d.events.push({
      type: "code",
      turn: d.turn,
      nodeId: node.id,
      kind: "tool",
      name: tool.name,
      answered: true,
      ...(mock.body !== undefined && { response: mock.body }),
    });
    const set: Record<string, unknown> = {};
    for (const item of tool.responseData) {
      const value = getJsonPath(mock.body, item.data);
      if (value !== undefined) set[item.name] = value;
    }
    assign(d, node.id, set, "tool");
  }
}

/** The flow of a type the registry does not know: the node speaks and waits for the caller. */
const NO_FLOW: NodeTypeDescriptor["flow"] = { exit: null, movesOn: null, runs: null };

/** A move the engine makes on its own, without the caller choosing. */
type Next = { to: string; via: MoveVia; reason: string; edgeId?: string };

/**
 * A transfer node: the call leaves (transferred), unless the turn says the transfer was not answered (`transfer`: for
 * every transfer, or this one's place in its list); then the run goes on along the node's voicemail edge, or stops
 * when it has none. Undefined when the run ended here.
 */
function leaveByTransfer(sim: Simulator, d: Draft, node: PathwayNode, turn: Turn | undefined): Next | undefined {
  const number = renderTemplate(String(nodeData(node).transferNumber ?? ""), d.variables).text;
  const answers = turn?.transfer;
  // A list answers the turn's transfers in order (past its end: answered); a single answer is every transfer's.
  const answer = typeof answers === "string" || answers === undefined ? answers : answers[d.transfers];
  d.transfers++;
  if (answer !== "not-answered") {
    finish(d, "transferred", `transfer node ${label(sim, node.id)} reached`, number);
    return undefined;
  }
  const voicemail = getSimWays(sim, node.id).find((w) => w.kind === "voicemail");
  if (!voicemail) {
    finish(
      d,
      "stopped",
      `the transfer at ${label(sim, node.id)} was not answered and the node has no voicemail edge (an edge with data.isVoicemailEdge: true) to go on by`,
    );
    return undefined;
  }
  return {
    to: voicemail.to,
    via: "voicemail",
    reason: `the transfer to ${number || "(no number)"} was not answered: voicemail edge`,
    ...(voicemail.edge && { edgeId: voicemail.edge.id }),
  };
}

/**
 * Enters `nodeId`: speaks, then follows what moves on its own (a press target, Route conditions, webhook response routes,
 * the voicemail edge of a transfer the turn says was not answered) until a node waits for the caller or the call leaves.
 */
export function* enter(sim: Simulator, d: Draft, nodeId: string, turn: Turn | undefined): Generator<Effect, void, unknown> {
  const mocks = turn?.webhooks;
  let current = nodeId;
  for (;;) {
    const node = sim.nodes.get(current);
    if (!node) {
      finish(d, "stopped", `the conversation moved to node id ${current}, which does not exist in the pathway`);
      return;
    }
    d.nodeId = current;
    const visits = (d.visits[current] ?? 0) + 1;
    d.visits[current] = visits;
    const nodeName = getSimNodeName(node);
    const entered: TraceEvent & { type: "enter" } = { type: "enter", turn: d.turn, nodeId: current, nodeType: String(node.type) };
    if (nodeName !== undefined) entered.nodeName = nodeName;
    d.events.push(entered);
    if (visits > sim.config.maxVisits) {
      finish(
        d,
        "stopped",
        `loop: ${label(sim, current)} was entered ${visits} times (limit ${sim.config.maxVisits}); the conversation is going round in circles`,
      );
      return;
    }
    const data = nodeData(node);
    const speech = typeof data.text === "string" && data.text !== "" ? "text" : typeof data.prompt === "string" && data.prompt !== "" ? "prompt" : undefined;
    if (speech) {
      const rendered = renderTemplate(speech === "text" ? data.text! : data.prompt!, d.variables);
      d.events.push({ type: "say", turn: d.turn, nodeId: current, speech, text: rendered.text, unset: rendered.unset });
    }
    // What the node's type does once it has spoken: leave the call, run something, or move on by itself.
    const { exit, movesOn, runs } = getNodeType(node.type)?.flow ?? NO_FLOW;
    if (exit === "end-call") {
      finish(d, "ended", `End Call node ${label(sim, current)} reached`);
      return;
    }
    let next: Next | undefined;
    if (exit === "transfer") {
      next = leaveByTransfer(sim, d, node, turn);
      if (!next) return;
    } else if (exit === "transfer-pathway") {
      const pathwayId = getTransferPathwayId(node);
      finish(
        d,
        "transferred",
        `Transfer Pathway node ${label(sim, current)} hands the call to ${pathwayId === undefined ? "another pathway (no pathway id in the node)" : `pathway ${pathwayId}`}`,
        undefined,
        pathwayId,
      );
      return;
    } else {
      if (runs === "code") runCustomCode(sim, d, node, turn);
      runNodeTools(sim, d, node, turn);
      const press = getSimWays(sim, current).find((w) => w.kind === "press");
      if (press) next = { to: press.to, via: "press", reason: "after pressing its digits", ...(press.edge && { edgeId: press.edge.id }) };
      else if (movesOn === "routes" && (Array.isArray(data.routes) || typeof data.fallbackNodeId === "string")) {
        next = routeOf(d, node);
        if (!next) {
          // No route and no fallback: its own edges may still lead on, decided on the caller's next turn.
          if (!getSimWays(sim, current).some((w) => w.kind === "edge"))
            finish(d, "stopped", `no route of Route node ${label(sim, current)} matched and it has no fallbackNodeId or edges`);
          return;
        }
      } else if (runs === "request" && typeof data.url === "string") {
        const answer = yield* callWebhook(sim, d, node, mocks);
        if (!answer) return;
        next = responseRouteOf(d, node, answer);
      }
    }
    if (!next) return;
    d.autoMoves++;
    if (d.autoMoves > sim.config.maxAutoMoves) {
      finish(d, "stopped", `loop: ${d.autoMoves - 1} automatic moves (routes, webhook responses) without the caller speaking, last at ${label(sim, current)}`);
      return;
    }
    // A route or response route drawn as an edge to the same node counts as taking that edge.
    const edgeId = next.edgeId ?? getSimWays(sim, current).find((w) => w.kind === "edge" && w.to === next!.to)?.edge?.id;
    move(sim, d, next.to, next.via, next.reason, edgeId);
    current = next.to;
  }
}

/** First route whose conditions all hold, else the fallback; undefined when neither applies. */
function routeOf(d: Draft, node: PathwayNode): Next | undefined {
  const data = nodeData(node);
  const unknown = new Set<string>();
  for (const [i, route] of (data.routes ?? []).entries()) {
    const conditions = route.conditions ?? [];
    const results = conditions.map((c) => {
      const actual = getVariable(d.variables, String(c.field ?? ""));
      const outcome = evaluateCondition(actual, String(c.operator ?? ""), c.value);
      if (outcome.unknownOperator !== undefined) unknown.add(outcome.unknownOperator);
      return { c, actual, outcome };
    });
    if (typeof route.targetNodeId === "string" && results.every((r) => r.outcome.holds)) {
      const why = results.map((r) => `${r.c.field} (${JSON.stringify(r.actual ?? null)}) ${r.c.operator} ${JSON.stringify(r.c.value)}`).join(" and ");
      return { to: route.targetNodeId, via: "route", reason: `route ${i + 1}: ${why || "no conditions"}` };
    }
  }
  const note = unknown.size > 0 ? ` (unknown operator ${[...unknown].map((o) => JSON.stringify(o)).join(", ")} never holds)` : "";
  if (typeof data.fallbackNodeId === "string" && data.fallbackNodeId !== "") {
    return { to: data.fallbackNodeId, via: "fallback", reason: `no route's conditions held: fallback${note}` };
  }
  return undefined;
}

function* callWebhook(sim: Simulator, d: Draft, node: PathwayNode, mocks: Turn["webhooks"]): Generator<Effect, WebhookResponse | undefined, unknown> {
  const data = nodeData(node);
  const unset: string[] = [];
  const url = renderTemplate(data.url ?? "", d.variables);
  unset.push(...url.unset);
  let body: string | undefined;
  if (data.body !== undefined && data.body !== null && data.body !== "") {
    const r = renderTemplate(typeof data.body === "string" ? data.body : JSON.stringify(data.body), d.variables);
    for (const u of r.unset) if (!unset.includes(u)) unset.push(u);
    body = r.text;
  }
  const headers = toHeaderPairs(data.headers, d.variables, unset);
  const method = typeof data.method === "string" && data.method ? data.method.toUpperCase() : "POST";
  const nodeName = getSimNodeName(node);
  let response = findMock(node, mocks);
  if (!response) {
    if (!sim.config.webhook) {
      finish(
        d,
        "stopped",
        `webhook node ${label(sim, node.id)} was called but nothing answers it; mock it (webhooks: {"${nodeName ?? node.id}": {status: 200, body: {...}}}) or run with --live`,
      );
      return undefined;
    }
    const request: WebhookRequest = {
      nodeId: node.id,
      ...(nodeName !== undefined && { nodeName }),
      method,
      url: url.text,
      headers,
      ...(body !== undefined && { body }),
    };
    const answer = (yield { type: "webhook", request }) as WebhookAnswer;
    if (!answer.ok) {
      finish(d, "stopped", `webhook node ${label(sim, node.id)} failed: ${answer.error}`);
      return undefined;
    }
    response = answer.response;
  }
  d.events.push({
    type: "webhook",
    turn: d.turn,
    nodeId: node.id,
    method,
    url: url.text,
    ...(body !== undefined && { body }),
    status: response.status,
    ...(response.body !== undefined && { response: response.body }),
    unset,
  });
  const set: Record<string, unknown> = {};
  for (const item of data.responseData ?? []) {
    if (typeof item.name !== "string" || typeof item.data !== "string") continue;
    const value = getJsonPath(response.body, item.data);
    if (value !== undefined) set[item.name] = value;
  }
  assign(d, node.id, set, "webhook");
  return response;
}

function isDefaultRoute(variable: string, operator: string): boolean {
  return operator.trim() === "" || /^default/i.test(variable.trim());
}

/** The first responsePathway whose condition holds on the response, else the default route; undefined to wait for the caller. */
function responseRouteOf(d: Draft, node: PathwayNode, response: WebhookResponse): { to: string; via: MoveVia; reason: string } | undefined {
  const routes = nodeData(node).responsePathways ?? [];
  let fallback: { to: string; via: MoveVia; reason: string } | undefined;
  for (const [variable, operator, value, target] of routes) {
    const to = target?.id;
    if (typeof to !== "string" || to === "") continue;
    if (isDefaultRoute(String(variable), String(operator))) {
      fallback ??= { to, via: "webhook", reason: `default response route "${variable}"` };
      continue;
    }
    const actual =
      variable === "BlandStatusCode" ? response.status : variable.startsWith("$") ? getJsonPath(response.body, variable) : getVariable(d.variables, variable);
    const outcome = evaluateCondition(actual, String(operator), value);
    if (outcome.holds)
      return { to, via: "webhook", reason: `response route: ${variable} (${JSON.stringify(actual ?? null)}) ${operator} ${JSON.stringify(value)}` };
  }
  return fallback;
}
