// Coverage over many runs of one pathway: nodes entered, edges taken, global nodes jumped to; unreachable kept apart.
import { getReachability } from "../graph/index.js";
import { getEdgeLabel, getEdges, getNodes, isGlobalNode, nodeData, type Pathway } from "../model/index.js";
import type { TraceEvent } from "./types.js";

/** One node, edge or global entry in a coverage listing. */
export interface CoverageItem {
  id: string;
  /** `"Greeting"`, or `"Greeting" → "Book"` for edges. */
  label: string;
}

/** Coverage of one kind of item. `percent` is over the reachable items; unreachable ones cannot be tested. */
export interface CoverageCategory {
  covered: number;
  /** Reachable items (the denominator). */
  total: number;
  percent: number;
  /** Reachable but never visited: write a scenario for these. */
  untested: CoverageItem[];
  /** Not reachable from the start node: no scenario can visit these (a pathway problem, see `pathway lint`). */
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

/** Computes coverage from the traces of every run on `pathway`. */
export function getCoverage(pathway: Pathway, traces: readonly (readonly TraceEvent[])[]): PathwayCoverage {
  const entered = new Set<string>();
  const taken = new Set<string>();
  const jumped = new Set<string>();
  for (const trace of traces) {
    for (const e of trace) {
      if (e.type === "enter") entered.add(e.nodeId);
      else if (e.type === "move") {
        if (e.edgeId !== undefined) taken.add(`${e.from}\u0000${e.edgeId}`);
        if (e.via === "global") jumped.add(e.to);
      }
    }
  }
  const reachable = new Set(getReachability(pathway).reachable);
  const names = new Map<string, string>();
  const nodes = getNodes(pathway);
  for (const { node } of nodes) if (!names.has(node.id)) names.set(node.id, typeof nodeData(node).name === "string" && nodeData(node).name ? `"${nodeData(node).name}"` : node.id);
  const seen = new Set<string>();
  const nodeItems = nodes.flatMap(({ node }) => {
    if (seen.has(node.id)) return [];
    seen.add(node.id);
    return [{ item: { id: node.id, label: names.get(node.id)! }, reachable: reachable.has(node.id), covered: entered.has(node.id) }];
  });
  const edgeItems = getEdges(pathway).map(({ edge, index }) => {
    const id = typeof edge.id === "string" ? edge.id : `#${index}`;
    const edgeLabel = getEdgeLabel(edge);
    const short = edgeLabel ? ` (${edgeLabel.length > 50 ? edgeLabel.slice(0, 47) + "..." : edgeLabel})` : "";
    return {
      item: { id, label: `${names.get(edge.source) ?? edge.source} → ${names.get(edge.target) ?? edge.target}${short}` },
      reachable: reachable.has(edge.source),
      covered: taken.has(`${edge.source}\u0000${id}`),
    };
  });
  const globalIds = new Set(nodes.filter(({ node }) => isGlobalNode(node)).map(({ node }) => node.id));
  const globalItems = nodeItems.filter(({ item }) => globalIds.has(item.id)).map((g) => ({ ...g, covered: jumped.has(g.item.id) }));
  return { nodes: category(nodeItems), edges: category(edgeItems), globals: category(globalItems) };
}

/** Parses `nodes=90,edges=80` (percentages per kind); throws a message naming the bad part. */
export function parseMinCoverage(spec: string): Partial<Record<CoverageKind, number>> {
  const result: Partial<Record<CoverageKind, number>> = {};
  for (const part of spec.split(",").map((p) => p.trim()).filter(Boolean)) {
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
