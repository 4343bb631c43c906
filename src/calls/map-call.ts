// The one mapping of a call record onto a pathway: the nodes it visited, the way taken into each, turns, variables, ending.
import { getExitKind, getFlow, getFlowEdgeKind, getGlobalReturn, type ExitKind, type FlowEdgeKind, type FlowModel, type FlowSource } from "../graph/flow.js";
import { getNodeType } from "../model/node-types/index.js";
import { getEdgeLabel, nodeData, type JsonObject } from "../model/pathway.js";
import type { PathwayEdge } from "../model/schema.js";
import { getCallEnding, type CallEnding } from "./ending.js";
import { orderLog } from "./order-log.js";
import type { CallRecord, CallTurn } from "./record.js";
import { createStepEventReader, type StepEvents } from "./step-events.js";

/**
 * How the call came into a step: a way of the flow model (`edge`, `route`, `fallback`, `response`, `voicemail`,
 * `press`), `start` (the first step, at the start node), `entry` (the first step, at another node), `global` (a jump to a
 * global node), `return` (back from a global node to where the caller was), or `none` (no way of the pathway joins
 * the two nodes: counted as unmapped).
 */
export type StepVia = FlowEdgeKind | "start" | "entry" | "global" | "return" | "none";

/** One visit to a node, in call order; a v2 trace also says what happened there (StepEvents). */
export interface PathStep extends StepEvents {
  nodeId: string;
  /** The node's name in the pathway (or its id). */
  name: string;
  via: StepVia;
  /** For a way of the flow model: the index in `edges[]`, `routes[]` or `responsePathways[]` (see FlowWay.ref). */
  ref?: number;
  /** The edge label or the condition of the way taken, when it has one. */
  label?: string;
  /** What was said while the call was at this node, in order. */
  turns: CallTurn[];
  /** Position in call order of the log entry that started this visit. */
  position: number;
}

/** Why part of a log matched nothing in the pathway. */
export type UnmappedReason = "unknown-node" | "no-way" | "unknown-shape";

/** A log entry (or a move between two nodes) that matched nothing in the pathway: counted and named, never guessed. */
export interface UnmappedStep {
  reason: UnmappedReason;
  /** Position of the entry in the log as received. */
  entry: number;
  /** Position of the entry in call order (comparable with PathStep.position). */
  position: number;
  nodeId?: string;
  message: string;
}

/** `mapped`: every entry matched; `partial`: some did not (see `unmapped`); `unmapped`: nothing was mapped (see `reason`). */
export type CallPathStatus = "mapped" | "partial" | "unmapped";

/** The path one call took through one pathway. */
export interface CallPath {
  callId: string;
  status: CallPathStatus;
  /** Why nothing was mapped: a task call, another pathway or version, a log that is not a list... */
  reason?: string;
  steps: PathStep[];
  unmapped: UnmappedStep[];
  /** Entries in the call's log (0 without a log). */
  logEntries: number;
  /** The variables the call ended with (the record's `variables`). */
  variables: JsonObject;
  ending: CallEnding;
  /** Event types of a v2 trace its documentation does not list, read for their node only (the record's `unknownEventTypes`). */
  unknownEventTypes?: string[];
}

/** Options of `mapCallToPathway`. */
export interface MapCallOptions {
  /** The id of the pathway given: a record of another pathway is not mapped. */
  pathwayId?: string;
  /** The version given: a record of another version is not mapped. */
  pathwayVersion?: number | string;
}

function nodeName(flow: FlowModel, i: number): string {
  const name = nodeData(flow.nodes[i]!.node).name;
  return typeof name === "string" && name.trim() !== "" ? name : flow.ids[i]!;
}

const edgeIndexes = new WeakMap<FlowModel, Map<number, PathwayEdge>>();

/** The `edges[]` entry at file index `ref` (one lookup table per model, so mapping many calls stays linear). */
function edgeAt(flow: FlowModel, ref: number): PathwayEdge | undefined {
  let table = edgeIndexes.get(flow);
  if (!table) edgeIndexes.set(flow, (table = new Map(flow.edges.map((e) => [e.index, e.edge]))));
  return table.get(ref);
}

/** The way from node `a` to node `b`: the first way of the flow model, else a return or a global jump, else none. */
function findWay(flow: FlowModel, a: number, b: number, returnTo: number): Pick<PathStep, "via" | "ref" | "label"> {
  // A node that moves on by its routes (Route) takes a route or its fallback: where an edge joins the same nodes, the
  // route is the way taken.
  const isRoute = getNodeType(flow.nodes[a]!.node.type)?.flow.movesOn === "routes";
  let chosen = -1;
  for (let p = flow.outOffset[a]!; p < flow.outOffset[a + 1]!; p++) {
    if (flow.outTarget[p] !== b) continue;
    if (chosen < 0) chosen = p;
    if (isRoute && (flow.outKind[p] === 1 || flow.outKind[p] === 2)) {
      chosen = p;
      break;
    }
  }
  if (chosen >= 0) {
    const via = getFlowEdgeKind(flow.outKind[chosen]!);
    const ref = flow.outRef[chosen]!;
    const edge = via === "edge" || via === "voicemail" || (via === "press" && ref >= 0) ? edgeAt(flow, ref) : undefined;
    const label = edge ? getEdgeLabel(edge) : undefined;
    return { via, ref, ...(label ? { label } : {}) };
  }
  // Back to where the caller was comes first: a global node that returns goes back to the node it interrupted, global or not.
  if (flow.isGlobal[a] === 1 && getGlobalReturn(flow, a) !== "none" && b === returnTo) return { via: "return" };
  // A jump into a global node, from any other node: the simulator offers one from a global node too, and whether the
  // service does is not documented, so a log that shows one is not called a move no way allows.
  if (flow.isGlobal[b] === 1) return { via: "global" };
  return { via: "none" };
}

function unmappedCall(record: CallRecord, reason: string, logEntries: number): CallPath {
  return { callId: record.callId, status: "unmapped", reason, steps: [], unmapped: [], logEntries, variables: record.variables, ending: getCallEnding(record) };
}

/** Why a record is not mapped onto this pathway at all, or undefined when it is. */
function notMapped(record: CallRecord, options: MapCallOptions): string | undefined {
  if (options.pathwayId !== undefined && record.pathwayId !== undefined && record.pathwayId !== options.pathwayId) {
    return `a call of another pathway (${record.pathwayId}, not ${options.pathwayId})`;
  }
  if (options.pathwayVersion !== undefined && record.pathwayVersion !== undefined && String(record.pathwayVersion) !== String(options.pathwayVersion)) {
    return `a call of another version (${record.pathwayVersion}, not ${options.pathwayVersion})`;
  }
  if (record.logProblem) return record.logProblem;
  if (record.log === undefined) return record.pathwayId === undefined ? "a task call: no pathway and no pathway log" : "no pathway log in the record";
  return undefined;
}

/**
 * Gives each step the turns said while the call was at it: a v2 trace's own transcript events (ordered by sequence,
 * never by time); else by time when the log and transcripts have times; else the log's own texts.
 */
function assignTurns(steps: PathStep[], starts: number[], record: CallRecord, logTurns: CallTurn[][]): void {
  const timed =
    record.logFormat !== "events" &&
    starts.every((t) => Number.isFinite(t)) &&
    record.turns.length > 0 &&
    record.turns.every((t) => Number.isFinite(Date.parse(t.createdAt ?? "")));
  if (!timed) {
    steps.forEach((step, s) => (step.turns = logTurns[s]!));
    return;
  }
  const turns = record.turns.map((t, i) => ({ t, at: Date.parse(t.createdAt!), i })).sort((x, y) => x.at - y.at || x.i - y.i);
  let s = 0;
  for (const { t, at } of turns) {
    while (s + 1 < steps.length && starts[s + 1]! <= at) s++;
    steps[s]!.turns.push(t);
  }
}

/**
 * Maps a call record onto a pathway: nodes in log order (`chosen_node_id`, or v2 events' `node_id`; consecutive
 * entries of one node are one visit), the way between each pair by the flow model, the turns at each node, the
 * variables and the ending. Entries naming no node of the pathway, of an unknown shape, or moves no way allows are
 * listed in `unmapped`. A record of another pathway or version, or without a log, maps nothing and says why.
 */
export function mapCallToPathway(record: CallRecord, source: FlowSource, options: MapCallOptions = {}): CallPath {
  const flow = getFlow(source);
  const logEntries = record.log?.length ?? 0;
  const reason = notMapped(record, options);
  if (reason !== undefined) return unmappedCall(record, reason, logEntries);
  const steps: PathStep[] = [];
  const starts: number[] = [];
  const logTurns: CallTurn[][] = [];
  const unmapped: UnmappedStep[] = [];
  let current = -1;
  // The node a global node returns to: the last non-global node the call was at.
  let returnTo = -1;
  let position = -1;
  const events = createStepEventReader();
  for (const entry of orderLog(record.log!)) {
    position++;
    if (entry.unknownShape !== undefined) {
      unmapped.push({ reason: "unknown-shape", entry: entry.index, position, message: `log entry ${entry.index} is ${entry.unknownShape}` });
      continue;
    }
    // What a routing decision says belongs to the node it was made at, the one the call leaves.
    const read = events.beforeMove(entry, steps[steps.length - 1]);
    let i = current;
    if (entry.nodeId !== undefined) {
      const found = flow.indexOf.get(entry.nodeId);
      if (found === undefined) {
        unmapped.push({
          reason: "unknown-node",
          entry: entry.index,
          position,
          nodeId: entry.nodeId,
          message: `log entry ${entry.index} names node ${entry.nodeId}, which is not in the pathway`,
        });
        // A webhook's result still joins its invoke at a node of the pathway.
        if (!read) events.afterMove(entry, undefined);
        continue;
      }
      i = found;
    }
    if (i !== current && i >= 0) {
      const way = current < 0 ? { via: (i === flow.start ? "start" : "entry") as StepVia } : findWay(flow, current, i, returnTo);
      if (way.via === "none") {
        unmapped.push({
          reason: "no-way",
          entry: entry.index,
          position,
          nodeId: flow.ids[i]!,
          message: `no way of the pathway leads from ${flow.ids[current]!} to ${flow.ids[i]!}`,
        });
      }
      if (current >= 0 && flow.isGlobal[current] !== 1) returnTo = current;
      steps.push({ nodeId: flow.ids[i]!, name: nodeName(flow, i), ...way, turns: [], position });
      starts.push(Date.parse(entry.createdAt ?? ""));
      logTurns.push([]);
      current = i;
    }
    if (steps.length > 0 && entry.text !== undefined && entry.text !== "" && (entry.role === "user" || entry.role === "assistant")) {
      logTurns[logTurns.length - 1]!.push({ role: entry.role, text: entry.text, ...(entry.createdAt ? { createdAt: entry.createdAt } : {}) });
    }
    // A decision made before any step (a trace without conversation.init) belongs to the first.
    if (!read && !events.beforeMove(entry, steps[steps.length - 1])) events.afterMove(entry, steps[steps.length - 1]);
  }
  assignTurns(steps, starts, record, logTurns);
  const status: CallPathStatus = steps.length === 0 ? "unmapped" : unmapped.length > 0 ? "partial" : "mapped";
  const path: CallPath = {
    callId: record.callId,
    status,
    steps,
    unmapped,
    logEntries,
    variables: record.variables,
    ending: getCallEnding(record, steps.length > 0 ? exitOf(flow, steps[steps.length - 1]!.nodeId) : undefined),
  };
  if (record.unknownEventTypes) path.unknownEventTypes = record.unknownEventTypes;
  if (steps.length === 0) path.reason = logEntries === 0 ? "the pathway log is empty" : "no log entry names a node of this pathway";
  return path;
}

function exitOf(flow: FlowModel, id: string): ExitKind | undefined {
  const i = flow.indexOf.get(id);
  return i === undefined ? undefined : getExitKind(flow, i);
}
