// A compact, array-based index of a pathway's nodes and control-flow edges that every analysis shares.
import {
  indexPathway,
  isGlobalNode,
  isObject,
  isStartNode,
  isTerminalNode,
  nodeData,
  type IndexedNode,
  type Pathway,
  type PathwayIndex,
  type PathwayNode,
} from "../model/index.js";

/** Where a control-flow edge comes from in the file. */
export type FlowEdgeKind = "edge" | "route" | "fallback" | "response";

const KINDS: readonly FlowEdgeKind[] = ["edge", "route", "fallback", "response"];
const BRAND: unique symbol = Symbol("pathwaykit.graphIndex");

/**
 * Nodes (unique ids, first occurrence wins, file order) and flow edges in compressed sparse rows. Node `i` has the
 * out-edges `outTarget[outOffset[i] .. outOffset[i+1])`; `outRef` is the index of the edge in `edges[]`, of the route
 * in `routes[]` or of the response route in `responsePathways[]` (0 for a fallback).
 */
export interface GraphIndex {
  readonly [BRAND]: true;
  readonly pathway: Pathway;
  readonly nodes: readonly IndexedNode[];
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Index of the start node, or -1 when there is none. */
  readonly start: number;
  readonly isGlobal: Uint8Array;
  /** 1 for End Call, transfers and Transfer Pathway: nodes where the conversation leaves this pathway. */
  readonly isExit: Uint8Array;
  /** 1 for global nodes with `enableGlobalAutoReturn: true`. */
  readonly autoReturn: Uint8Array;
  /** Indexes of global nodes, in file order. */
  readonly globals: readonly number[];
  readonly outOffset: Int32Array;
  readonly outTarget: Int32Array;
  readonly outKind: Uint8Array;
  readonly outRef: Int32Array;
  readonly inOffset: Int32Array;
  readonly inSource: Int32Array;
}

/** The pathway value, or an index already built from it (analyses accept both, so callers can share one index). */
export type GraphSource = Pathway | GraphIndex;

/** True when the conversation leaves the pathway at this node: End Call, a transfer, or Transfer Pathway. */
export function isExitNode(node: PathwayNode): boolean {
  return isTerminalNode(node) || node.type === "Transfer Pathway";
}

/** The kind name of a flow edge's `outKind` code. */
export function getFlowEdgeKind(code: number): FlowEdgeKind {
  return KINDS[code] ?? "edge";
}

/** Counting sort of edge numbers by their `from` node: row offsets, and edge numbers in row order (stable). */
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
 * Builds the shared index of a pathway (linear time; malformed entries are skipped, never thrown on). Callers that
 * already hold the pathway's `indexPathway` may pass it to save a pass.
 */
export function createGraphIndex(pathway: Pathway, index: PathwayIndex = indexPathway(pathway)): GraphIndex {
  const { firstNodes: nodes, positionOf: indexOf, edgeSource, edgeTarget } = index;
  const ids = nodes.map((entry) => entry.node.id);
  const n = nodes.length;
  const isGlobal = new Uint8Array(n);
  const isExit = new Uint8Array(n);
  const autoReturn = new Uint8Array(n);
  const globals: number[] = [];
  let start = -1;
  // Route, fallback and response targets are few: gathered first (as from, to, kind, ref quadruples) so that the flow
  // edge arrays are allocated once, at their final size.
  const extra: number[] = [];
  const add = (s: number, target: unknown, k: number, r: number) => {
    const t = typeof target === "string" ? indexOf.get(target) : undefined;
    if (t !== undefined) extra.push(s, t, k, r);
  };
  for (let i = 0; i < n; i++) {
    const node = nodes[i]!.node;
    if (isGlobalNode(node)) {
      isGlobal[i] = 1;
      globals.push(i);
      if (nodeData(node).enableGlobalAutoReturn === true) autoReturn[i] = 1;
    }
    if (isExitNode(node)) isExit[i] = 1;
    if (start < 0 && isStartNode(node)) start = i;
    const data = nodeData(node);
    if (Array.isArray(data.routes)) data.routes.forEach((route, r) => add(i, isObject(route) ? route.targetNodeId : undefined, 1, r));
    add(i, data.fallbackNodeId, 2, 0);
    if (Array.isArray(data.responsePathways)) {
      data.responsePathways.forEach((tuple, r) => add(i, Array.isArray(tuple) && isObject(tuple[3]) ? tuple[3].id : undefined, 3, r));
    }
  }
  let m = extra.length / 4;
  for (let e = 0; e < edgeSource.length; e++) if (edgeSource[e]! >= 0 && edgeTarget[e]! >= 0) m++;
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const kind = new Uint8Array(m);
  const ref = new Int32Array(m);
  let q = 0;
  for (let e = 0; e < edgeSource.length; e++) {
    if (edgeSource[e]! < 0 || edgeTarget[e]! < 0) continue;
    from[q] = edgeSource[e]!;
    to[q] = edgeTarget[e]!;
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
  return {
    [BRAND]: true,
    pathway,
    nodes,
    ids,
    indexOf,
    start,
    isGlobal,
    isExit,
    autoReturn,
    globals,
    outOffset: out.offset,
    outTarget,
    outKind,
    outRef,
    inOffset: inc.offset,
    inSource,
  };
}

/** True for an index built by `createGraphIndex`. */
export function isGraphIndex(source: unknown): source is GraphIndex {
  return typeof source === "object" && source !== null && (source as Record<symbol, unknown>)[BRAND] === true;
}

/** The index of `source`, building it when given a pathway. */
export function toGraphIndex(source: GraphSource): GraphIndex {
  return isGraphIndex(source) ? source : createGraphIndex(source);
}
