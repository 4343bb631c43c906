// The working copy one transition builds (a draft of the next state), and the events it records on the way.
import { nodeData } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";
import { getSimNodeName, type Simulator } from "./machine.js";
import { attachTraceLog, logOf, type TraceLog } from "./trace-log.js";
import type { DecisionRequest, MoveVia, SimState, TraceEvent, Turn, WebhookRequest, WebhookResponse } from "./types.js";

/** What a transition asks of the outside while it runs: a decision by the decider, or a webhook answer. */
export type Effect = { type: "decide"; request: DecisionRequest } | { type: "webhook"; request: WebhookRequest };
/** The webhook handler's answer to an `Effect`, or why it failed. */
export type WebhookAnswer = { ok: true; response: WebhookResponse } | { ok: false; error: string };

/** The mutable working copy one transition builds before it is frozen into the next state. */
export interface Draft {
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
  /** Transfers this transition has reached so far: which answer of the turn's `transfer` list the next one gets. */
  transfers: number;
}

/** A working copy of `state` to build the next state on; `state` itself is never changed. */
// Optional fields are assigned only when present (no conditional spreads): these run on every turn.
export function toDraft(state: SimState): Draft {
  const d: Draft = {
    status: state.status,
    variables: { ...state.variables },
    turn: state.turn,
    returnTo: state.returnTo.slice(),
    visits: { ...state.visits },
    previous: logOf(state),
    events: [],
    autoMoves: 0,
    transfers: 0,
  };
  if (state.nodeId !== undefined) d.nodeId = state.nodeId;
  if (state.reason !== undefined) d.reason = state.reason;
  if (state.transferNumber !== undefined) d.transferNumber = state.transferNumber;
  if (state.transferPathwayId !== undefined) d.transferPathwayId = state.transferPathwayId;
  return d;
}

/** The draft frozen into a state, its new events added to the trace. */
export function toState(d: Draft): SimState {
  // `trace` is added by attachTraceLog right after these, so Object.keys, JSON and reports list the keys in one order
  // (status, variables, turn, returnTo, visits, trace, then the optional ones; test/simulate/trace-log.test.ts).
  const state: Omit<SimState, "trace"> = {
    status: d.status,
    variables: d.variables,
    turn: d.turn,
    returnTo: d.returnTo,
    visits: d.visits,
  };
  attachTraceLog(
    state,
    d.events.length === 0 && d.previous ? d.previous : { previous: d.previous, events: d.events, length: (d.previous?.length ?? 0) + d.events.length },
  );
  if (d.nodeId !== undefined) state.nodeId = d.nodeId;
  if (d.reason !== undefined) state.reason = d.reason;
  if (d.transferNumber !== undefined) state.transferNumber = d.transferNumber;
  if (d.transferPathwayId !== undefined) state.transferPathwayId = d.transferPathwayId;
  return state;
}

/** A node as messages name it: `"Name" (id x)`, or `id x`. */
export function label(sim: Simulator, id: string | undefined): string {
  if (id === undefined) return "(no node)";
  const name = getSimNodeName(sim.nodes.get(id));
  return name ? `"${name}" (id ${id})` : `id ${id}`;
}

/** Ends the run at the draft's node with `status` and why, and records it. */
export function finish(d: Draft, status: "ended" | "transferred" | "stopped", reason: string, transferNumber?: string, transferPathwayId?: string): void {
  d.status = status;
  d.reason = reason;
  if (transferNumber !== undefined) d.transferNumber = transferNumber;
  if (transferPathwayId !== undefined) d.transferPathwayId = transferPathwayId;
  d.events.push({
    type: "end",
    turn: d.turn,
    status,
    reason,
    ...(transferNumber !== undefined && { transferNumber }),
    ...(transferPathwayId !== undefined && { transferPathwayId }),
  });
}

/** The last `limit` lines of conversation, read backwards from the trace so the cost does not grow with its length. */
export function getHistory(d: Draft, limit = 10): { role: "agent" | "user"; text: string }[] {
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
export function findMock(node: PathwayNode | undefined, mocks: Turn["webhooks"], ref?: string): WebhookResponse | undefined {
  if (!mocks) return undefined;
  if (node && Object.hasOwn(mocks, node.id)) return mocks[node.id];
  const name = (ref ?? getSimNodeName(node))?.trim().toLowerCase();
  for (const [key, value] of Object.entries(mocks)) if (name !== undefined && key.trim().toLowerCase() === name) return value;
  return undefined;
}

/** Sets `set` in the store and records where it came from. */
export function assign(d: Draft, nodeId: string, set: Record<string, unknown>, how: "explicit" | "typed" | "webhook" | "code" | "tool"): void {
  if (Object.keys(set).length === 0) return;
  Object.assign(d.variables, set);
  d.events.push({ type: "vars", turn: d.turn, nodeId, set, how });
}

/** Moves to `to` and records how; counts automatic moves so that cycles without user input are caught. */
export function move(sim: Simulator, d: Draft, to: string, via: MoveVia, reason: string, edgeId?: string): void {
  const from = d.nodeId ?? "";
  const moved: TraceEvent & { type: "move" } = { type: "move", turn: d.turn, from, to, via, reason };
  if (edgeId !== undefined) moved.edgeId = edgeId;
  d.events.push(moved);
  const fromNode = sim.nodes.get(from);
  const prompt = fromNode ? (nodeData(fromNode).prompt ?? nodeData(fromNode).text) : undefined;
  if (typeof prompt === "string") d.variables.prevNodePrompt = prompt;
}
