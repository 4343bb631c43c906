// The simulator's transition: an initial state and `transition(state, turn) → state`, pure apart from the injected decider and webhooks.
import { getTransferPathwayId } from "../graph/index.js";
import { isObject, isTransferNode, nodeData, prop } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";
import { getCallVariables, type CallInfo } from "./call.js";
import { evaluateCondition } from "./conditions.js";
import { createScriptedDecider, resolveTake } from "./deciders/scripted.js";
import { getCandidates, getSimNodeName, getSimWays, returnsToCaller, type Simulator } from "./machine.js";
import { attachTraceLog, logOf, type TraceLog } from "./trace-log.js";
import type { Candidate, Decision, DecisionRequest, MoveVia, SimState, TraceEvent, Turn, WebhookRequest, WebhookResponse } from "./types.js";
import { extractTyped, getJsonPath, getVariable, renderTemplate } from "./variables.js";

/** Options of `createInitialState`; all optional. */
export interface InitialStateOptions {
  /** The call's request_data: set over the system variables. */
  variables?: Record<string, unknown>;
  /** The call's system variables (from, to, a fixed clock `now`, call_id, ...); default `DEFAULT_CALL`. */
  call?: CallInfo;
}

type Effect = { type: "decide"; request: DecisionRequest } | { type: "webhook"; request: WebhookRequest };
type WebhookAnswer = { ok: true; response: WebhookResponse } | { ok: false; error: string };

/** The mutable working copy one transition builds before it is frozen into the next state. */
interface Draft {
  status: SimState["status"];
  nodeId?: string;
  reason?: string;
  transferNumber?: string;
  transferPathwayId?: string;
  variables: Record<string, unknown>;
  turn: number;
  returnTo: string[];
  visits: Record<string, number>;
  previous: TraceLog | undefined;
  events: TraceEvent[];
  autoMoves: number;
}

const scripted = createScriptedDecider();

// Optional fields are assigned only when present (no conditional spreads): these run on every turn.
function toDraft(state: SimState): Draft {
  const d: Draft = {
    status: state.status,
    variables: { ...state.variables },
    turn: state.turn,
    returnTo: state.returnTo.slice(),
    visits: { ...state.visits },
    previous: logOf(state),
    events: [],
    autoMoves: 0,
  };
  if (state.nodeId !== undefined) d.nodeId = state.nodeId;
  if (state.reason !== undefined) d.reason = state.reason;
  if (state.transferNumber !== undefined) d.transferNumber = state.transferNumber;
  if (state.transferPathwayId !== undefined) d.transferPathwayId = state.transferPathwayId;
  return d;
}

function toState(d: Draft): SimState {
  // `trace` is added by attachTraceLog right after these, so Object.keys, JSON and reports list the keys in one order
  // (status, variables, turn, returnTo, visits, trace, then the optional ones; test/simulate/trace-log.test.ts).
  const state: Omit<SimState, "trace"> = {
    status: d.status,
    variables: d.variables,
    turn: d.turn,
    returnTo: d.returnTo,
    visits: d.visits,
  };
  attachTraceLog(state, d.events.length === 0 && d.previous ? d.previous : { previous: d.previous, events: d.events, length: (d.previous?.length ?? 0) + d.events.length });
  if (d.nodeId !== undefined) state.nodeId = d.nodeId;
  if (d.reason !== undefined) state.reason = d.reason;
  if (d.transferNumber !== undefined) state.transferNumber = d.transferNumber;
  if (d.transferPathwayId !== undefined) state.transferPathwayId = d.transferPathwayId;
  return state;
}

function label(sim: Simulator, id: string | undefined): string {
  if (id === undefined) return "(no node)";
  const name = getSimNodeName(sim.nodes.get(id));
  return name ? `"${name}" (id ${id})` : `id ${id}`;
}

function finish(d: Draft, status: "ended" | "transferred" | "stopped", reason: string, transferNumber?: string, transferPathwayId?: string): void {
  d.status = status;
  d.reason = reason;
  if (transferNumber !== undefined) d.transferNumber = transferNumber;
  if (transferPathwayId !== undefined) d.transferPathwayId = transferPathwayId;
  d.events.push({
    type: "end", turn: d.turn, status, reason,
    ...(transferNumber !== undefined && { transferNumber }), ...(transferPathwayId !== undefined && { transferPathwayId }),
  });
}

/** The last `limit` lines of conversation, read backwards from the trace so the cost does not grow with its length. */
function getHistory(d: Draft, limit = 10): { role: "agent" | "user"; text: string }[] {
  const out: { role: "agent" | "user"; text: string }[] = [];
  const scan = (events: readonly TraceEvent[]) => {
    for (let i = events.length - 1; i >= 0 && out.length < limit; i--) {
      const e = events[i]!;
      if (e.type === "say") out.push({ role: "agent", text: e.text });
      else if (e.type === "user") out.push({ role: "user", text: e.text });
    }
  };
  scan(d.events);
  for (let log = d.previous; log && out.length < limit; log = log.previous) {
    if (log.whole) {
      scan(log.whole);
      break;
    }
    scan(log.events);
  }
  return out.reverse();
}

/** The answer in `mocks` for a node (by id, then name) or a tool (by name, `ref`), ignoring case and spaces around names. */
function findMock(node: PathwayNode | undefined, mocks: Turn["webhooks"], ref?: string): WebhookResponse | undefined {
  if (!mocks) return undefined;
  if (node && Object.prototype.hasOwnProperty.call(mocks, node.id)) return mocks[node.id];
  const name = (ref ?? getSimNodeName(node))?.trim().toLowerCase();
  for (const [key, value] of Object.entries(mocks)) if (name !== undefined && key.trim().toLowerCase() === name) return value;
  return undefined;
}

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

/** Sets `set` in the store and records where it came from. */
function assign(d: Draft, nodeId: string, set: Record<string, unknown>, how: "explicit" | "typed" | "webhook" | "code" | "tool"): void {
  if (Object.keys(set).length === 0) return;
  Object.assign(d.variables, set);
  d.events.push({ type: "vars", turn: d.turn, nodeId, set, how });
}

/**
 * A Custom Code node: the simulator never runs its code. The turn's (or the scenario's) answer for the node stands for
 * what it returns with `Response.json({...})`: its top-level keys become variables. Without one, nothing is set.
 */
function runCustomCode(sim: Simulator, d: Draft, node: PathwayNode, turn: Turn | undefined): void {
  const mock = findMock(node, turn?.webhooks) ?? findMock(node, sim.config.mocks);
  d.events.push({ type: "code", turn: d.turn, nodeId: node.id, kind: "code", name: getSimNodeName(node) ?? node.id, answered: mock !== undefined, ...(mock?.body !== undefined && { response: mock.body }) });
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
      ? mapping.flatMap((m) => (typeof prop(m, "name") === "string" && typeof prop(m, "data") === "string" ? [{ name: prop(m, "name") as string, data: prop(m, "data") as string }] : []))
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
    d.events.push({ type: "code", turn: d.turn, nodeId: node.id, kind: "tool", name: tool.name, answered: true, ...(mock.body !== undefined && { response: mock.body }) });
    const set: Record<string, unknown> = {};
    for (const item of tool.responseData) {
      const value = getJsonPath(mock.body, item.data);
      if (value !== undefined) set[item.name] = value;
    }
    assign(d, node.id, set, "tool");
  }
}

/** A move the engine makes on its own, without the caller choosing. */
type Next = { to: string; via: MoveVia; reason: string; edgeId?: string };

/**
 * A transfer node: the call leaves (transferred), unless the turn says the transfer was not answered; then the run goes
 * on along the node's voicemail edge, or stops when it has none. Undefined when the run ended here.
 */
function leaveByTransfer(sim: Simulator, d: Draft, node: PathwayNode, turn: Turn | undefined): Next | undefined {
  const number = renderTemplate(String(nodeData(node).transferNumber ?? ""), d.variables).text;
  if (turn?.transfer !== "not-answered") {
    finish(d, "transferred", `transfer node ${label(sim, node.id)} reached`, number);
    return undefined;
  }
  const voicemail = getSimWays(sim, node.id).find((w) => w.kind === "voicemail");
  if (!voicemail) {
    finish(d, "stopped", `the transfer at ${label(sim, node.id)} was not answered and the node has no voicemail edge (an edge with data.isVoicemailEdge: true) to go on by`);
    return undefined;
  }
  return { to: voicemail.to, via: "voicemail", reason: `the transfer to ${number || "(no number)"} was not answered: voicemail edge`, ...(voicemail.edge && { edgeId: voicemail.edge.id }) };
}

/** Moves to `to` and records how; counts automatic moves so that cycles without user input are caught. */
function move(sim: Simulator, d: Draft, to: string, via: MoveVia, reason: string, edgeId?: string): void {
  const from = d.nodeId ?? "";
  const moved: TraceEvent & { type: "move" } = { type: "move", turn: d.turn, from, to, via, reason };
  if (edgeId !== undefined) moved.edgeId = edgeId;
  d.events.push(moved);
  const fromNode = sim.nodes.get(from);
  const prompt = fromNode ? (nodeData(fromNode).prompt ?? nodeData(fromNode).text) : undefined;
  if (typeof prompt === "string") d.variables.prevNodePrompt = prompt;
}

/**
 * Enters `nodeId`: speaks, then follows what moves on its own (a press target, Route conditions, webhook response routes,
 * the voicemail edge of a transfer the turn says was not answered) until a node waits for the caller or the call leaves.
 */
function* enter(sim: Simulator, d: Draft, nodeId: string, turn: Turn | undefined): Generator<Effect, void, unknown> {
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
      finish(d, "stopped", `loop: ${label(sim, current)} was entered ${visits} times (limit ${sim.config.maxVisits}); the conversation is going round in circles`);
      return;
    }
    const data = nodeData(node);
    const speech = typeof data.text === "string" && data.text !== "" ? "text" : typeof data.prompt === "string" && data.prompt !== "" ? "prompt" : undefined;
    if (speech) {
      const rendered = renderTemplate(speech === "text" ? data.text! : data.prompt!, d.variables);
      d.events.push({ type: "say", turn: d.turn, nodeId: current, speech, text: rendered.text, unset: rendered.unset });
    }
    if (node.type === "End Call") {
      finish(d, "ended", `End Call node ${label(sim, current)} reached`);
      return;
    }
    let next: Next | undefined;
    if (isTransferNode(node)) {
      next = leaveByTransfer(sim, d, node, turn);
      if (!next) return;
    } else if (node.type === "Transfer Pathway") {
      const pathwayId = getTransferPathwayId(node);
      finish(d, "transferred", `Transfer Pathway node ${label(sim, current)} hands the call to ${pathwayId === undefined ? "another pathway (no pathway id in the node)" : `pathway ${pathwayId}`}`, undefined, pathwayId);
      return;
    } else {
      if (node.type === "Custom Code") runCustomCode(sim, d, node, turn);
      runNodeTools(sim, d, node, turn);
      const press = getSimWays(sim, current).find((w) => w.kind === "press");
      if (press) next = { to: press.to, via: "press", reason: "after pressing its digits", ...(press.edge && { edgeId: press.edge.id }) };
      else if (node.type === "Route" && (Array.isArray(data.routes) || typeof data.fallbackNodeId === "string")) {
        next = routeOf(d, node);
        if (!next) {
          // No route and no fallback: its own edges may still lead on, decided on the caller's next turn.
          if (!getSimWays(sim, current).some((w) => w.kind === "edge")) finish(d, "stopped", `no route of Route node ${label(sim, current)} matched and it has no fallbackNodeId or edges`);
          return;
        }
      } else if (node.type === "Webhook" && typeof data.url === "string") {
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
      finish(d, "stopped", `webhook node ${label(sim, node.id)} was called but nothing answers it; mock it (webhooks: {"${nodeName ?? node.id}": {status: 200, body: {...}}}) or run with --live`);
      return undefined;
    }
    const request: WebhookRequest = { nodeId: node.id, ...(nodeName !== undefined && { nodeName }), method, url: url.text, headers, ...(body !== undefined && { body }) };
    const answer = (yield { type: "webhook", request }) as WebhookAnswer;
    if (!answer.ok) {
      finish(d, "stopped", `webhook node ${label(sim, node.id)} failed: ${answer.error}`);
      return undefined;
    }
    response = answer.response;
  }
  d.events.push({
    type: "webhook", turn: d.turn, nodeId: node.id, method, url: url.text, ...(body !== undefined && { body }),
    status: response.status, ...(response.body !== undefined && { response: response.body }), unset,
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
    const actual = variable === "BlandStatusCode" ? response.status : variable.startsWith("$") ? getJsonPath(response.body, variable) : getVariable(d.variables, variable);
    const outcome = evaluateCondition(actual, String(operator), value);
    if (outcome.holds) return { to, via: "webhook", reason: `response route: ${variable} (${JSON.stringify(actual ?? null)}) ${operator} ${JSON.stringify(value)}` };
  }
  return fallback;
}

function extractVariables(sim: Simulator, d: Draft, turn: Turn): void {
  const nodeId = d.nodeId!;
  if (turn.vars && Object.keys(turn.vars).length > 0) {
    Object.assign(d.variables, turn.vars);
    d.events.push({ type: "vars", turn: d.turn, nodeId, set: { ...turn.vars }, how: "explicit" });
    return;
  }
  const node = sim.nodes.get(nodeId);
  const set: Record<string, unknown> = {};
  const specs = (node && nodeData(node).extractVars) ?? [];
  // A lone string variable takes the whole turn; several cannot be told apart without a model, so give them in `vars:`.
  const strings = specs.filter((s) => s[1] !== "integer" && s[1] !== "boolean").length;
  for (const spec of specs) {
    const [name, type] = spec;
    if (typeof name !== "string") continue;
    const isString = type !== "integer" && type !== "boolean";
    if (isString && (strings > 1 || d.variables[name] !== undefined)) continue;
    const value = extractTyped(String(type), turn.user);
    if (value !== undefined) set[name] = value;
  }
  if (Object.keys(set).length > 0) {
    Object.assign(d.variables, set);
    d.events.push({ type: "vars", turn: d.turn, nodeId, set, how: "typed" });
  }
}

/** Why an edge's own conditions (`data.condition`) do not hold, or undefined when they do (or it has none). */
function getBlock(d: Draft, c: Candidate): string | undefined {
  for (const cond of c.conditions ?? []) {
    const actual = getVariable(d.variables, cond.field);
    if (!evaluateCondition(actual, cond.operator, cond.value).holds) return `${cond.field} (${JSON.stringify(actual ?? null)}) ${cond.operator} ${JSON.stringify(cond.value)} does not hold`;
  }
  return undefined;
}

function* decide(sim: Simulator, d: Draft, turn: Turn, all: readonly Candidate[]): Generator<Effect, Decision, unknown> {
  const node = sim.nodes.get(d.nodeId!)!;
  let decision: Decision;
  let decider = "scripted";
  // Edges whose own conditions fail are not choices this turn; `open` maps the remaining ones back to `all`.
  const open = all.some((c) => c.conditions) ? all.flatMap((c, i) => (getBlock(d, c) === undefined ? [i] : [])) : undefined;
  const candidates = open ? open.map((i) => all[i]!) : all;
  const always = turn.take === undefined ? candidates.findIndex((c) => c.alwaysPick === true) : -1;
  if (turn.take !== undefined) {
    decision = resolveTake(candidates, turn.take);
    if (decision.kind === "error" && open) {
      const blocked = resolveTake(all, turn.take);
      if (blocked.kind === "take") decision = { kind: "error", reason: `take: "${turn.take}" names an edge whose condition fails: ${getBlock(d, all[blocked.index]!)}` };
    }
  } else if (always >= 0) decision = { kind: "take", index: always, reason: "the edge has alwaysPick: true" };
  else {
    const chosen = sim.config.decider ?? scripted;
    decider = chosen.name;
    if (chosen === scripted) decision = scripted.decide({ node, userText: turn.user, candidates, history: [] }) as Decision;
    else decision = (yield { type: "decide", request: { node, userText: turn.user, candidates, history: getHistory(d) } }) as Decision;
  }
  if (decision.kind === "take" && !candidates[decision.index]) decision = { kind: "error", reason: `the ${decider} decider chose option ${decision.index + 1} of ${candidates.length}` };
  if (open && decision.kind === "take") decision = { ...decision, index: open[decision.index]! };
  if (open && decision.kind === "ambiguous") decision = { ...decision, indexes: decision.indexes.map((i) => open[i] ?? i) };
  const chosen = decision.kind === "take" ? all[decision.index] : undefined;
  const decided: TraceEvent & { type: "decide" } = { type: "decide", turn: d.turn, nodeId: d.nodeId!, decider, decision };
  if (chosen) decided.chosen = chosen;
  d.events.push(decided);
  return decision;
}

function* takeCandidate(sim: Simulator, d: Draft, c: Candidate, reason: string, turn: Turn): Generator<Effect, void, unknown> {
  const from = d.nodeId!;
  if (c.kind === "global") {
    if (returnsToCaller(sim, c.targetId)) d.returnTo.push(from);
    move(sim, d, c.targetId, "global", reason);
  } else {
    // Leaving an interrupting global node by its own edge abandons the return to the interrupted node.
    const fromNode = sim.nodes.get(from);
    if (fromNode && nodeData(fromNode).isGlobal === true && d.returnTo.length > 0) d.returnTo.pop();
    move(sim, d, c.targetId, "edge", reason, c.id);
  }
  yield* enter(sim, d, c.targetId, turn);
}

function* transitionSteps(sim: Simulator, state: SimState, turn: Turn): Generator<Effect, SimState, unknown> {
  if (state.status !== "active" || state.nodeId === undefined) return state;
  const d = toDraft(state);
  d.turn++;
  if (d.turn > sim.config.maxTurns) {
    finish(d, "stopped", `max turns (${sim.config.maxTurns}) reached at ${label(sim, d.nodeId)}`);
    return toState(d);
  }
  d.events.push({ type: "user", turn: d.turn, nodeId: d.nodeId!, text: turn.user });
  d.variables.lastUserMessage = turn.user;
  extractVariables(sim, d, turn);
  let decision = yield* decide(sim, d, turn, getCandidates(sim, d.nodeId!));
  if (decision.kind === "take") {
    yield* takeCandidate(sim, d, getCandidates(sim, d.nodeId!)[decision.index]!, decision.reason, turn);
    return toState(d);
  }
  const here = sim.nodes.get(d.nodeId!);
  const interrupted = d.returnTo[d.returnTo.length - 1];
  if (here && interrupted !== undefined && nodeData(here).isGlobal === true && returnsToCaller(sim, here.id)) {
    d.returnTo.pop();
    move(sim, d, interrupted, "return", `global node ${label(sim, here.id)} returns to the interrupted node`);
    yield* enter(sim, d, interrupted, turn);
    if (d.status !== "active") return toState(d);
    decision = yield* decide(sim, d, turn, getCandidates(sim, d.nodeId!));
    if (decision.kind === "take") yield* takeCandidate(sim, d, getCandidates(sim, d.nodeId!)[decision.index]!, decision.reason, turn);
  }
  return toState(d);
}

function* initialSteps(sim: Simulator, options: InitialStateOptions): Generator<Effect, SimState, unknown> {
  const d: Draft = {
    status: "active",
    variables: { ...getCallVariables(options.call), ...(options.variables ?? {}) },
    turn: 0,
    returnTo: [],
    visits: {},
    previous: undefined,
    events: [],
    autoMoves: 0,
  };
  const start = sim.config.startNodeId ?? sim.startId;
  if (start === undefined) {
    finish(d, "stopped", "the pathway has no start node (a node with data.isStart: true); mark one or give a start node");
    return toState(d);
  }
  yield* enter(sim, d, start, undefined);
  return toState(d);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function answerSync(sim: Simulator, effect: Effect): unknown {
  if (effect.type === "decide") {
    try {
      return sim.config.decider!.decide(effect.request);
    } catch (error) {
      return { kind: "error", reason: `the ${sim.config.decider!.name} decider failed: ${errorText(error)}` } satisfies Decision;
    }
  }
  try {
    const response = sim.config.webhook!(effect.request);
    return isThenable(response) ? response : ({ ok: true, response } satisfies WebhookAnswer);
  } catch (error) {
    return { ok: false, error: errorText(error) } satisfies WebhookAnswer;
  }
}

function runSync(sim: Simulator, steps: Generator<Effect, SimState, unknown>): SimState {
  let r = steps.next();
  while (!r.done) {
    const answer = answerSync(sim, r.value);
    if (isThenable(answer)) {
      throw new Error("The decider or webhook handler answered asynchronously; use transitionAsync/createInitialStateAsync with it.");
    }
    r = steps.next(answer);
  }
  return r.value;
}

async function runAsync(sim: Simulator, steps: Generator<Effect, SimState, unknown>): Promise<SimState> {
  let r = steps.next();
  while (!r.done) {
    const effect = r.value;
    let answer: unknown;
    if (effect.type === "decide") {
      try {
        answer = await sim.config.decider!.decide(effect.request);
      } catch (error) {
        answer = { kind: "error", reason: `the ${sim.config.decider!.name} decider failed: ${errorText(error)}` } satisfies Decision;
      }
    } else {
      try {
        answer = { ok: true, response: await sim.config.webhook!(effect.request) } satisfies WebhookAnswer;
      } catch (error) {
        answer = { ok: false, error: errorText(error) } satisfies WebhookAnswer;
      }
    }
    r = steps.next(answer);
  }
  return r.value;
}

/** The state before the caller speaks: the start node entered (and any automatic moves from it followed). */
export function createInitialState(sim: Simulator, options: InitialStateOptions = {}): SimState {
  return runSync(sim, initialSteps(sim, options));
}

/** `createInitialState` for asynchronous deciders and webhook handlers. */
export function createInitialStateAsync(sim: Simulator, options: InitialStateOptions = {}): Promise<SimState> {
  return runAsync(sim, initialSteps(sim, options));
}

/**
 * One user turn: the caller speaks at the current node, variables are extracted, then the engine takes an edge, jumps
 * to a global node, returns from one, or stays. Returns a new state; `state` is not changed. Throws only when the
 * decider or webhook handler is asynchronous (use `transitionAsync`).
 */
export function transition(sim: Simulator, state: SimState, turn: Turn): SimState {
  return runSync(sim, transitionSteps(sim, state, turn));
}

/** `transition` for asynchronous deciders (llm) and webhook handlers (live HTTP). */
export function transitionAsync(sim: Simulator, state: SimState, turn: Turn): Promise<SimState> {
  return runAsync(sim, transitionSteps(sim, state, turn));
}

/** The ids of the nodes entered, in order (the visited path). */
export function getVisitedPath(trace: readonly TraceEvent[]): string[] {
  return trace.flatMap((e) => (e.type === "enter" ? [e.nodeId] : []));
}
