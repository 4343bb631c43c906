// The one flow model of a pathway: node roles (start, global, exits, global return) and every way control moves, with its kind.
import { getNodeType, type NodeExit } from "../model/node-types/index.js";
import { getEdgeLabel, isGlobalNode, isObject, isStartNode, nodeData, prop, type IndexedEdge, type IndexedNode } from "../model/pathway.js";
import { indexPathway, type PathwayIndex } from "../model/pathway-index.js";
import type { Pathway, PathwayNode } from "../model/schema.js";

/**
 * Where a way on comes from in the file: an entry of `edges[]` (`edge`; `voicemail` when it leaves a transfer node with
 * `data.isVoicemailEdge: true`; `press` when it leaves a Press Button node with `data.isGoToNextNodeEdge: true`), a Route
 * `routes[].targetNodeId` or `fallbackNodeId`, a webhook `responsePathways` target, or a Press Button
 * `targetNodeAfterPress` (`press`).
 */
export type FlowEdgeKind = "edge" | "route" | "fallback" | "response" | "voicemail" | "press";

/**
 * When a way is taken: `always` (a caller turn chooses it), `transfer-not-answered` (the transfer was not answered),
 * `press` (after the node pressed its digits), `route` (a Route condition or fallback), `response` (a webhook answer),
 * `never` (it leaves a node where the call has already left this pathway).
 */
export type FlowWhen = "always" | "transfer-not-answered" | "press" | "route" | "response" | "never";

/** How the call leaves the pathway at an exit node: the node type's `flow.exit`. */
export type ExitKind = NodeExit;

/**
 * Whether a global node hands control back to the node it interrupted: `documented` (`enableGlobalAutoReturn: true`),
 * `assumed` (no way on and `enableGlobalAutoReturn` not set to false: how the vendor's official sample and every real export write
 * them, described as "returns to wherever the caller was"), or `none`.
 */
export type GlobalReturn = "none" | "documented" | "assumed";

const KINDS: readonly FlowEdgeKind[] = ["edge", "route", "fallback", "response", "voicemail", "press"];
const EXIT_KINDS: readonly (ExitKind | undefined)[] = [undefined, "end-call", "transfer", "transfer-pathway"];
const RETURNS: readonly GlobalReturn[] = ["none", "documented", "assumed"];
const K_EDGE = 0;
const K_VOICEMAIL = 4;
const K_PRESS = 5;
const BRAND: unique symbol = Symbol("pathwaykit.flowModel");

/**
 * The flow model. Nodes are unique ids (first occurrence wins, file order). The ways that can be taken are kept in
 * compressed sparse rows: node `i` has the ways `outTarget[outOffset[i] .. outOffset[i+1])`, each with its kind code
 * (`getFlowEdgeKind`) and `outRef`, the index of the edge in `edges[]`, of the route in `routes[]`, of the response route
 * in `responsePathways[]` (0 for a fallback, -1 for `targetNodeAfterPress`). Ways that are never taken (out of an exit)
 * and ways naming missing nodes are left out of the rows; `getFlowWays` lists every way.
 * Global entry (from any non-global node to every global node) and global return are roles, not rows.
 */
export interface FlowModel {
  readonly [BRAND]: true;
  readonly pathway: Pathway;
  readonly nodes: readonly IndexedNode[];
  /** Edge entries of the file, in file order (from the pathway index). */
  readonly edges: readonly IndexedEdge[];
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Index of the start node, or -1 when there is none. */
  readonly start: number;
  readonly isGlobal: Uint8Array;
  /** 1 for End Call, transfers and Transfer Pathway: nodes where the conversation leaves this pathway. */
  readonly isExit: Uint8Array;
  /** Exit kind code per node (`getExitKind`): 0 none, 1 End Call, 2 transfer, 3 Transfer Pathway. */
  readonly exitKind: Uint8Array;
  /** Global return code per node (`getGlobalReturn`): 0 none, 1 documented, 2 assumed. */
  readonly returns: Uint8Array;
  /** Indexes of global nodes, in file order. */
  readonly globals: readonly number[];
  readonly outOffset: Int32Array;
  readonly outTarget: Int32Array;
  readonly outKind: Uint8Array;
  readonly outRef: Int32Array;
  readonly inOffset: Int32Array;
  readonly inSource: Int32Array;
}

/** A pathway value, or a flow model already built from it (analyses accept both, so callers can share one model). */
export type FlowSource = Pathway | FlowModel;

/** One way control can move, as listed by `getFlowWays`. Indexes are -1 for an end that names no node. */
export interface FlowWay {
  kind: FlowEdgeKind;
  when: FlowWhen;
  from: string;
  to: string;
  fromIndex: number;
  toIndex: number;
  /** Index in `edges[]`, `routes[]` or `responsePathways[]`; 0 for a fallback, -1 for `targetNodeAfterPress`. */
  ref: number;
  /** What the file says about it: the edge label, the route's or response route's condition, else "". */
  label: string;
}

/**
 * The index in the file's `edges[]` of the entry a way comes from, or undefined for a way written in node data (a
 * route, fallback, response route or `targetNodeAfterPress`, whose `ref` is -1). Every reader of "is this way an edge"
 * asks here, so the answer cannot drift between coverage, the simulator, the diagram and the diff.
 */
export function getEdgeEntryIndex(way: { kind: FlowEdgeKind; ref: number }): number | undefined {
  return (way.kind === "edge" || way.kind === "voicemail" || way.kind === "press") && way.ref >= 0 ? way.ref : undefined;
}

/** The exit kind of a node (its type's `flow.exit`), or undefined when the call does not leave the pathway there. */
export function getNodeExitKind(node: PathwayNode): ExitKind | undefined {
  return getNodeType(node.type)?.flow.exit ?? undefined;
}

/** True for a node whose type moves on after pressing its digits (Press Button): its press target and go-to-next edges are ways. */
function movesOnByPress(node: PathwayNode): boolean {
  return getNodeType(node.type)?.flow.movesOn === "press";
}

/** The kind name of a way's `outKind` code. */
export function getFlowEdgeKind(code: number): FlowEdgeKind {
  return KINDS[code] ?? "edge";
}

/** When a way of this kind is taken (for a way out of a non-exit node, or a voicemail way). */
export function getFlowWhen(kind: FlowEdgeKind): FlowWhen {
  switch (kind) {
    case "edge":
      return "always";
    case "voicemail":
      return "transfer-not-answered";
    case "press":
      return "press";
    case "route":
    case "fallback":
      return "route";
    case "response":
      return "response";
  }
}

/** The exit kind of node index `i`, or undefined. */
export function getExitKind(flow: FlowModel, i: number): ExitKind | undefined {
  return EXIT_KINDS[flow.exitKind[i]!];
}

/** Whether node index `i` hands control back to the node it interrupted. */
export function getGlobalReturn(flow: FlowModel, i: number): GlobalReturn {
  return RETURNS[flow.returns[i]!] ?? "none";
}

/** The id of the pathway a Transfer Pathway node hands the call to (`data.pathwayId`, `pathway_id` or `transferPathwayId`). */
export function getTransferPathwayId(node: PathwayNode): string | undefined {
  const data = nodeData(node) as Record<string, unknown>;
  for (const key of ["pathwayId", "pathway_id", "transferPathwayId", "targetPathwayId"]) {
    const value = data[key];
    if (typeof value === "string" && value.trim() !== "") return value;
    const id = prop(value, "id");
    if (typeof id === "string" && id.trim() !== "") return id;
  }
  return undefined;
}

/** The node id a Press Button node goes on to after pressing (`targetNodeAfterPress.id`), when it names one. */
function pressTarget(node: PathwayNode): string | undefined {
  if (!movesOnByPress(node)) return undefined;
  const target = prop(nodeData(node), "targetNodeAfterPress");
  const id = typeof target === "string" ? target : prop(target, "id");
  return typeof id === "string" && id !== "" ? id : undefined;
}

function conditionText(condition: unknown): string {
  if (!isObject(condition)) return "";
  const value = prop(condition, "value");
  const parts = [prop(condition, "field"), prop(condition, "operator"), typeof value === "object" && value !== null ? JSON.stringify(value) : value];
  return parts
    .filter((p) => p !== undefined && p !== null && String(p) !== "")
    .map(String)
    .join(" ");
}

/** The condition a node-data way is taken on: a route's conditions joined by "and", or a response route's test. */
function nodeWayLabel(node: PathwayNode, kind: number, ref: number): string {
  const data = nodeData(node);
  if (kind === 1) {
    const conditions = prop(Array.isArray(data.routes) ? data.routes[ref] : undefined, "conditions");
    return Array.isArray(conditions)
      ? conditions
          .map(conditionText)
          .filter((c) => c !== "")
          .join(" and ")
      : "";
  }
  if (kind === 3) {
    const tuple = Array.isArray(data.responsePathways) ? data.responsePathways[ref] : undefined;
    const [variable, operator, value] = (Array.isArray(tuple) ? tuple : []) as unknown[];
    return operator === "" || operator === undefined ? String(variable ?? "") : conditionText({ field: variable, operator, value });
  }
  return "";
}

/**
 * How a diagram captions a way: "otherwise" for a fallback, "not answered: <label>" for a voicemail edge, "after press"
 * for a press target without a label, else the way's label.
 */
export function getFlowWayCaption(way: FlowWay): string {
  if (way.kind === "fallback") return "otherwise";
  if (way.kind === "voicemail") return way.label.trim() === "" ? "not answered (voicemail)" : `not answered: ${way.label}`;
  if (way.kind === "press" && way.label.trim() === "") return "after press";
  return way.label;
}

/** Kind code of the way `edges[e]` gives, from its source node's exit kind and type. */
function edgeKindCode(edge: IndexedEdge["edge"], exit: number, sourceIsPress: boolean): number {
  if (exit === 2 && prop(edge.data, "isVoicemailEdge") === true) return K_VOICEMAIL;
  if (sourceIsPress && prop(edge.data, "isGoToNextNodeEdge") === true) return K_PRESS;
  return K_EDGE;
}

/** Calls `add(target, kindCode, ref)` for every way a node's own data gives: routes, fallback, response routes, press target. */
function forEachNodeWay(node: PathwayNode, add: (target: unknown, kind: number, ref: number) => void): void {
  const data = nodeData(node);
  if (Array.isArray(data.routes)) data.routes.forEach((route, r) => add(isObject(route) ? route.targetNodeId : undefined, 1, r));
  if (data.fallbackNodeId !== undefined && data.fallbackNodeId !== null) add(data.fallbackNodeId, 2, 0);
  if (Array.isArray(data.responsePathways)) {
    data.responsePathways.forEach((tuple, r) => add(Array.isArray(tuple) && isObject(tuple[3]) ? tuple[3].id : undefined, 3, r));
  }
  const press = pressTarget(node);
  if (press !== undefined) add(press, K_PRESS, -1);
}

/** Counting sort of way numbers by their `from` node: row offsets, and way numbers in row order (stable). */
function toCsr(count: number, from: Int32Array): { offset: Int32Array; order: Int32Array } {
  const offset = new Int32Array(count + 1);
  for (let e = 0; e < from.length; e++) offset[from[e]! + 1]!++;
  for (let i = 0; i < count; i++) offset[i + 1]! += offset[i]!;
  const cursor = offset.slice(0, count);
  const order = new Int32Array(from.length);
  for (let e = 0; e < from.length; e++) order[cursor[from[e]!]!++] = e;
  return { offset, order };
}

/**
 * Builds the flow model of a pathway (linear time; malformed entries are skipped, never thrown on). Callers that
 * already hold the pathway's `indexPathway` may pass it to save a pass.
 */
export function createFlowModel(pathway: Pathway, index: PathwayIndex = indexPathway(pathway)): FlowModel {
  const { firstNodes: nodes, positionOf: indexOf, edgeSource, edgeTarget } = index;
  const ids = nodes.map((entry) => entry.node.id);
  const n = nodes.length;
  const isGlobal = new Uint8Array(n);
  const isExit = new Uint8Array(n);
  const exitKind = new Uint8Array(n);
  const isPress = new Uint8Array(n);
  const returns = new Uint8Array(n);
  const globals: number[] = [];
  let start = -1;
  // Ways from node data are few: gathered first (as from, to, kind, ref quadruples) so that the way arrays are
  // allocated once, at their final size. Ways out of exits (other than voicemail) are never taken: left out.
  const extra: number[] = [];
  let pressTargets: number[] | undefined;
  // One callback for every node (no closure per node): `current` is the node whose ways are being read.
  let current = 0;
  const addWay = (target: unknown, k: number, r: number) => {
    const t = typeof target === "string" ? indexOf.get(target) : undefined;
    if (t === undefined) return;
    if (k === K_PRESS) (pressTargets ??= []).push(current, t);
    else extra.push(current, t, k, r);
  };
  for (let i = 0; i < n; i++) {
    const node = nodes[i]!.node;
    if (isGlobalNode(node)) {
      isGlobal[i] = 1;
      globals.push(i);
      if (nodeData(node).enableGlobalAutoReturn === true) returns[i] = 1;
    }
    if (start < 0 && isStartNode(node)) start = i;
    const exit = getNodeExitKind(node);
    if (exit !== undefined) {
      exitKind[i] = EXIT_KINDS.indexOf(exit);
      isExit[i] = 1;
      continue;
    }
    if (movesOnByPress(node)) isPress[i] = 1;
    current = i;
    forEachNodeWay(node, addWay);
  }
  let m = extra.length / 4;
  const edgeKind = new Uint8Array(edgeSource.length);
  let pressEdges: Set<number> | undefined;
  for (let e = 0; e < edgeSource.length; e++) {
    const s = edgeSource[e]!;
    if (s < 0 || edgeTarget[e]! < 0) continue;
    const x = exitKind[s]!;
    if (x !== 0 || isPress[s] === 1) edgeKind[e] = edgeKindCode(index.edges[e]!.edge, x, isPress[s] === 1);
    if (x !== 0 && edgeKind[e] !== K_VOICEMAIL) continue;
    if (edgeKind[e] === K_PRESS) (pressEdges ??= new Set()).add(s * n + edgeTarget[e]!);
    m++;
  }
  // A `targetNodeAfterPress` that an `isGoToNextNodeEdge` edge already draws is that same way, not a second one.
  if (pressTargets) {
    for (let x = 0; x < pressTargets.length; x += 2) {
      if (pressEdges?.has(pressTargets[x]! * n + pressTargets[x + 1]!)) continue;
      extra.push(pressTargets[x]!, pressTargets[x + 1]!, K_PRESS, -1);
      m++;
    }
  }
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const kind = new Uint8Array(m);
  const ref = new Int32Array(m);
  let q = 0;
  for (let e = 0; e < edgeSource.length; e++) {
    const s = edgeSource[e]!;
    if (s < 0 || edgeTarget[e]! < 0 || (exitKind[s] !== 0 && edgeKind[e] !== K_VOICEMAIL)) continue;
    from[q] = s;
    to[q] = edgeTarget[e]!;
    kind[q] = edgeKind[e]!;
    ref[q++] = index.edges[e]!.index;
  }
  for (let x = 0; x < extra.length; x += 4, q++) {
    from[q] = extra[x]!;
    to[q] = extra[x + 1]!;
    kind[q] = extra[x + 2]!;
    ref[q] = extra[x + 3]!;
  }
  const out = toCsr(n, from);
  const outTarget = new Int32Array(m);
  const outKind = new Uint8Array(m);
  const outRef = new Int32Array(m);
  for (let p = 0; p < m; p++) {
    const e = out.order[p]!;
    outTarget[p] = to[e]!;
    outKind[p] = kind[e]!;
    outRef[p] = ref[e]!;
  }
  const inc = toCsr(n, to);
  const inSource = new Int32Array(m);
  for (let p = 0; p < m; p++) inSource[p] = from[inc.order[p]!]!;
  // A global node with no way on and no enableGlobalAutoReturn returns to where the caller was (assumed, see GlobalReturn).
  for (const i of globals) {
    if (returns[i] === 0 && isExit[i] === 0 && out.offset[i + 1] === out.offset[i] && nodeData(nodes[i]!.node).enableGlobalAutoReturn !== false) returns[i] = 2;
  }
  return {
    [BRAND]: true,
    pathway,
    nodes,
    edges: index.edges,
    ids,
    indexOf,
    start,
    isGlobal,
    isExit,
    exitKind,
    returns,
    globals,
    outOffset: out.offset,
    outTarget,
    outKind,
    outRef,
    inOffset: inc.offset,
    inSource,
  };
}

/** True for a model built by `createFlowModel`. */
export function isFlowModel(source: unknown): source is FlowModel {
  return typeof source === "object" && source !== null && (source as Record<symbol, unknown>)[BRAND] === true;
}

/** The flow model of `source`, building it when given a pathway. */
export function getFlow(source: FlowSource): FlowModel {
  return isFlowModel(source) ? source : createFlowModel(source);
}

/**
 * Every way of the file, in file order: `edges[]` entries first (those whose source and target are strings), then each
 * node's routes, fallback, response routes and press target. Includes ways that are never taken (`when: "never"`) and
 * ways to or from ids that name no node (index -1), so a diagram can draw them.
 */
export function getFlowWays(source: FlowSource): FlowWay[] {
  const flow = getFlow(source);
  const ways: FlowWay[] = [];
  const pressEdges = new Set<string>();
  for (const { edge, index } of flow.edges) {
    if (typeof edge.source !== "string" || typeof edge.target !== "string") continue;
    const fromIndex = flow.indexOf.get(edge.source) ?? -1;
    const exit = fromIndex >= 0 ? flow.exitKind[fromIndex]! : 0;
    const isPress = fromIndex >= 0 && movesOnByPress(flow.nodes[fromIndex]!.node);
    const kind = getFlowEdgeKind(edgeKindCode(edge, exit, isPress));
    if (kind === "press") pressEdges.add(`${edge.source}\u0000${edge.target}`);
    const when = exit !== 0 && kind !== "voicemail" ? "never" : getFlowWhen(kind);
    ways.push({
      kind,
      when,
      from: edge.source,
      to: edge.target,
      fromIndex,
      toIndex: flow.indexOf.get(edge.target) ?? -1,
      ref: index,
      label: getEdgeLabel(edge) ?? "",
    });
  }
  for (let i = 0; i < flow.ids.length; i++) {
    const from = flow.ids[i]!;
    const never = flow.isExit[i] === 1;
    const node = flow.nodes[i]!.node;
    forEachNodeWay(node, (target, k, ref) => {
      if (typeof target !== "string" || target === "") return;
      const kind = getFlowEdgeKind(k);
      if (kind === "press" && pressEdges.has(`${from}\u0000${target}`)) return;
      ways.push({
        kind,
        when: never ? "never" : getFlowWhen(kind),
        from,
        to: target,
        fromIndex: i,
        toIndex: flow.indexOf.get(target) ?? -1,
        ref,
        label: nodeWayLabel(node, k, ref),
      });
    });
  }
  return ways;
}
