// The compiled form of a pathway the engine walks: its flow model (the one every analysis reads) and nodes by id.
import { createFlowModel, getEdgeEntryIndex, getFlowEdgeKind, type FlowEdgeKind, type FlowModel } from "../graph/index.js";
import { getEdgeLabel, isObject, nodeData, prop } from "../model/pathway.js";
import type { Pathway, PathwayEdge, PathwayNode } from "../model/schema.js";
import type { Candidate, Decider, WebhookHandler, WebhookResponse } from "./types.js";

/** Options of `createSimulator`; all optional. */
export interface SimulatorOptions {
  /** Chooses edges for turns without `take:`. Default: the scripted decider (no `take:` means stay). */
  decider?: Decider;
  /** Answers webhook calls that the turn does not mock. Default: none (an unmocked webhook stops the run). */
  webhook?: WebhookHandler;
  /**
   * Answers for Custom Code nodes (by node id or name) and node tools (by tool name) that the turn does not give: the
   * scenario's `webhooks:`. Never answered live: the simulator does not run code. Default none.
   */
  mocks?: Readonly<Record<string, WebhookResponse>>;
  /** User turns after which the conversation is stopped. Default 50. */
  maxTurns?: number;
  /** Times one node may be entered before the run is stopped as a loop. Default 25. */
  maxVisits?: number;
  /** Automatic moves (routes, webhook responses) in one turn before the run is stopped as a loop. Default 100. */
  maxAutoMoves?: number;
  /** Node id to start at instead of the start node. */
  startNodeId?: string;
}

/** Resolved options (all filled in). */
export interface SimulatorConfig {
  decider?: Decider;
  webhook?: WebhookHandler;
  mocks: Readonly<Record<string, WebhookResponse>>;
  maxTurns: number;
  maxVisits: number;
  maxAutoMoves: number;
  startNodeId?: string;
}

/** Fills in the defaults of `SimulatorOptions`. */
export function resolveSimulatorOptions(options: SimulatorOptions = {}): SimulatorConfig {
  return {
    ...(options.decider && { decider: options.decider }),
    ...(options.webhook && { webhook: options.webhook }),
    mocks: options.mocks ?? {},
    maxTurns: options.maxTurns ?? 50,
    maxVisits: options.maxVisits ?? 25,
    maxAutoMoves: options.maxAutoMoves ?? 100,
    ...(options.startNodeId !== undefined && { startNodeId: options.startNodeId }),
  };
}

/** A pathway prepared for simulation. Build once with `createSimulator`, then run many conversations on it. */
export interface Simulator {
  pathway: Pathway;
  config: SimulatorConfig;
  /** The pathway's flow model: every way on with its kind, exits, globals and how each global returns. */
  flow: FlowModel;
  nodes: ReadonlyMap<string, PathwayNode>;
  /** Global nodes in file order. */
  globals: readonly PathwayNode[];
  /** The start node's id (first `isStart: true`), when there is one. */
  startId?: string;
  /** Candidates per node, built on first use (so a decision costs the node's out-degree, not the pathway's size). */
  candidateCache: Map<string, readonly Candidate[]>;
}

/** Compiles a pathway for the engine. */
export function createSimulator(pathway: Pathway, options: SimulatorOptions = {}): Simulator {
  const flow = createFlowModel(pathway);
  const nodes = new Map<string, PathwayNode>();
  for (const { node } of flow.nodes) nodes.set(node.id, node);
  return {
    pathway,
    config: resolveSimulatorOptions(options),
    flow,
    nodes,
    globals: flow.globals.map((i) => flow.nodes[i]!.node),
    ...(flow.start >= 0 && { startId: flow.ids[flow.start] }),
    candidateCache: new Map(),
  };
}

/** A way out of a node that the engine can take, from the flow model. */
export interface SimWay {
  kind: FlowEdgeKind;
  to: string;
  /** The edge of `edges[]` for edge, voicemail and press ways drawn as an edge. */
  edge?: PathwayEdge;
}

/** Each flow model's ways per node index, listed on first use (the engine asks on every node it enters). */
const waysByFlow = new WeakMap<FlowModel, (readonly SimWay[] | undefined)[]>();

const NO_WAYS: readonly SimWay[] = Object.freeze([]);

/** The ways out of `nodeId` the flow model says can be taken, in file order (edges first). Shared: do not change it. */
export function getSimWays(sim: Simulator, nodeId: string): readonly SimWay[] {
  const { flow } = sim;
  const i = flow.indexOf.get(nodeId);
  if (i === undefined) return NO_WAYS;
  let byNode = waysByFlow.get(flow);
  if (!byNode) waysByFlow.set(flow, (byNode = new Array(flow.ids.length)));
  const known = byNode[i];
  if (known) return known;
  const ways: SimWay[] = [];
  for (let p = flow.outOffset[i]!, end = flow.outOffset[i + 1]!; p < end; p++) {
    const kind = getFlowEdgeKind(flow.outKind[p]!);
    const index = getEdgeEntryIndex({ kind, ref: flow.outRef[p]! });
    const edge = index === undefined ? undefined : flow.pathway.edges?.[index];
    ways.push({ kind, to: flow.ids[flow.outTarget[p]!]!, ...(edge && { edge }) });
  }
  return (byNode[i] = Object.freeze(ways));
}

/** True when the global node `nodeId` hands control back to the node it interrupted (documented or assumed). */
export function returnsToCaller(sim: Simulator, nodeId: string): boolean {
  const i = sim.flow.indexOf.get(nodeId);
  return i !== undefined && sim.flow.returns[i] !== 0;
}

/** The node's name, when it has one. */
export function getSimNodeName(node: PathwayNode | undefined): string | undefined {
  const name = node ? nodeData(node).name : undefined;
  return typeof name === "string" && name.trim() !== "" ? name : undefined;
}

/** Example user messages for the choice labelled `label` among `node`'s pathwayExamples. */
function getExamples(node: PathwayNode, label: string): string[] {
  const data = nodeData(node) as Record<string, unknown>;
  const lists = [data.pathwayExamples, data.pathway_examples];
  const result: string[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const example of list) {
      if (!isObject(example) || prop(example, "Chosen Pathway") !== label) continue;
      const history = prop(example, "Conversation History");
      if (typeof history === "string") result.push(history);
      else if (Array.isArray(history)) {
        const lastUser = [...history].reverse().find((m) => isObject(m) && m.role === "user" && typeof m.content === "string");
        if (lastUser) result.push(String((lastUser as Record<string, unknown>).content));
      }
    }
  }
  return result;
}

/** Everything a caller's turn may choose at `nodeId`: its edges (plain ones, per the flow model), then jumps to the other global nodes. */
export function getCandidates(sim: Simulator, nodeId: string): readonly Candidate[] {
  const cached = sim.candidateCache.get(nodeId);
  if (cached) return cached;
  const node = sim.nodes.get(nodeId);
  const result: Candidate[] = [];
  for (const way of getSimWays(sim, nodeId)) {
    const edge = way.edge;
    if (way.kind !== "edge" || !edge) continue;
    const target = sim.nodes.get(edge.target);
    const label = getEdgeLabel(edge) ?? "";
    const description = prop(edge.data, "description");
    const targetName = getSimNodeName(target);
    result.push({
      kind: "edge",
      id: edge.id,
      targetId: edge.target,
      ...(targetName !== undefined && { targetName }),
      label,
      ...(typeof description === "string" && description !== "" && { description }),
      examples: node ? getExamples(node, label) : [],
      ...(prop(edge.data, "alwaysPick") === true && { alwaysPick: true }),
      ...(Array.isArray(prop(edge.data, "condition")) && {
        conditions: (prop(edge.data, "condition") as unknown[])
          .filter(isObject)
          .map((c) => ({ field: String(c.field ?? ""), operator: String(c.operator ?? ""), value: c.value })),
      }),
    });
  }
  for (const global of sim.globals) {
    if (global.id === nodeId) continue;
    const data = nodeData(global);
    const name = getSimNodeName(global);
    result.push({
      kind: "global",
      id: global.id,
      targetId: global.id,
      ...(name !== undefined && { targetName: name }),
      label: data.globalLabel ?? "",
      ...(typeof data.globalDescription === "string" && data.globalDescription !== "" && { description: data.globalDescription }),
      examples: [],
    });
  }
  sim.candidateCache.set(nodeId, result);
  return result;
}

/** Finds a node by id, or by name (case-insensitive) when no id matches; undefined when none or several match. */
export function findNode(sim: Simulator, ref: string): PathwayNode | undefined {
  const byId = sim.nodes.get(ref);
  if (byId) return byId;
  const wanted = ref.trim().toLowerCase();
  let found: PathwayNode | undefined;
  for (const node of sim.nodes.values()) {
    if (getSimNodeName(node)?.trim().toLowerCase() === wanted) {
      if (found) return undefined;
      found = node;
    }
  }
  return found;
}

/** True when `ref` names the node (by id, or by name case-insensitively). */
export function matchesNode(node: PathwayNode | undefined, ref: string): boolean {
  if (!node) return false;
  return node.id === ref || getSimNodeName(node)?.trim().toLowerCase() === ref.trim().toLowerCase();
}
