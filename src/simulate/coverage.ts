// Coverage over many runs of one pathway: nodes entered, edges taken, global nodes jumped to; unreachable kept apart.
import { createFlowModel, getSearchTree, type FlowWhen } from "../graph/index.js";
import { getEdgeLabel, getEdges, nodeData } from "../model/pathway.js";
import type { Pathway } from "../model/schema.js";
import { edgeTargetKey, getEdgeWays, getTargetsTaken, globalTargetKey, type TargetKey } from "./generate/coverage-targets.js";
import type { TraceEvent } from "./types.js";

export { getEdgeWays } from "./generate/coverage-targets.js";

/** One node, edge or global entry in a coverage listing. */
export interface CoverageItem {
  id: string;
  /** `"Greeting"`, or `"Greeting" → "Book"` for edges. */
  label: string;
  /** For an edge taken only in some circumstance (the flow model's `when`): `transfer-not-answered` or `press`. */
  when?: FlowWhen;
}

/** Coverage of one kind of item. `percent` is over the reachable items; unreachable ones cannot be tested. */
export interface CoverageCategory {
  covered: number;
  /** Reachable items (the denominator). */
  total: number;
  percent: number;
  /** Reachable but never visited: write a scenario for these. */
  untested: CoverageItem[];
  /**
   * Not reachable from the start node, or (edges) never taken because they leave a node where the call has already left
   * this pathway: no scenario can visit these (a pathway problem, see `pathway lint`).
   */
  unreachable: CoverageItem[];
}

/** Coverage of one pathway over every scenario run on it. */
export interface PathwayCoverage {
  nodes: CoverageCategory;
  edges: CoverageCategory;
  /** Jumps into global nodes. */
  globals: CoverageCategory;
}

/** The coverage kinds, in table order. */
export const COVERAGE_KINDS = ["nodes", "edges", "globals"] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

function category(items: { item: CoverageItem; reachable: boolean; covered: boolean }[]): CoverageCategory {
  const reachable = items.filter((i) => i.reachable);
  const covered = reachable.filter((i) => i.covered).length;
  return {
    covered,
    total: reachable.length,
    percent: reachable.length === 0 ? 100 : Math.floor((covered / reachable.length) * 1000) / 10,
    untested: reachable.filter((i) => !i.covered).map((i) => i.item),
    unreachable: items.filter((i) => !i.reachable).map((i) => i.item),
  };
}

/** Computes coverage from the traces of every run on `pathway`; what counts as coverable comes from the flow model. */
export function getCoverage(pathway: Pathway, traces: readonly (readonly TraceEvent[])[]): PathwayCoverage {
  const entered = new Set<string>();
  // Edges taken and global nodes jumped into, by the keys scenario generation aims at.
  const taken = new Set<TargetKey>();
  for (const trace of traces) {
    for (const e of trace) if (e.type === "enter") entered.add(e.nodeId);
    for (const key of getTargetsTaken(trace)) taken.add(key);
  }
  const flow = createFlowModel(pathway);
  const { distance } = getSearchTree(flow);
  const names = flow.nodes.map(({ node }) => (typeof nodeData(node).name === "string" && nodeData(node).name ? `"${nodeData(node).name}"` : node.id));
  const nodeItems = flow.ids.map((id, i) => ({ item: { id, label: names[i]! }, reachable: distance[i]! >= 0, covered: entered.has(id) }));
  const edgeWays = getEdgeWays(flow);
  const nameOf = (id: string) => {
    const i = flow.indexOf.get(id);
    return i === undefined ? id : names[i]!;
  };
  const edgeItems = getEdges(pathway).map(({ edge, index }) => {
    const id = typeof edge.id === "string" ? edge.id : `#${index}`;
    const edgeLabel = getEdgeLabel(edge);
    const short = edgeLabel ? ` (${edgeLabel.length > 50 ? `${edgeLabel.slice(0, 47)}...` : edgeLabel})` : "";
    const way = edgeWays.get(index);
    // Coverable when the flow model says the edge can be taken and its source can be reached.
    const coverable = way !== undefined && way.when !== "never" && way.toIndex >= 0 && way.fromIndex >= 0 && distance[way.fromIndex]! >= 0;
    const special = way && (way.when === "transfer-not-answered" || way.when === "press") ? way.when : undefined;
    return {
      item: { id, label: `${nameOf(edge.source)} → ${nameOf(edge.target)}${short}`, ...(special && { when: special }) },
      reachable: coverable,
      covered: taken.has(edgeTargetKey(edge.source, id)),
    };
  });
  const globalItems = flow.globals.map((i) => ({ ...nodeItems[i]!, covered: taken.has(globalTargetKey(flow.ids[i]!)) }));
  return { nodes: category(nodeItems), edges: category(edgeItems), globals: category(globalItems) };
}

/** Parses `nodes=90,edges=80` (percentages per kind); throws a message naming the bad part. */
export function parseMinCoverage(spec: string): Partial<Record<CoverageKind, number>> {
  const result: Partial<Record<CoverageKind, number>> = {};
  for (const part of spec
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)\s*=\s*(\d+(?:\.\d+)?)%?$/.exec(part);
    if (!m || !(COVERAGE_KINDS as readonly string[]).includes(m[1]!) || Number(m[2]) > 100) {
      throw new Error(`"${part}": expected <${COVERAGE_KINDS.join("|")}>=<percent 0-100>, e.g. nodes=90,edges=80`);
    }
    result[m[1] as CoverageKind] = Number(m[2]);
  }
  return result;
}

/** The kinds whose coverage is below the bar, as messages; empty when the bar is met. */
export function getCoverageShortfalls(coverage: PathwayCoverage, min: Partial<Record<CoverageKind, number>>): string[] {
  const out: string[] = [];
  for (const kind of COVERAGE_KINDS) {
    const bar = min[kind];
    if (bar !== undefined && coverage[kind].percent < bar) out.push(`${kind} coverage ${coverage[kind].percent}% is below the minimum ${bar}%`);
  }
  return out;
}
