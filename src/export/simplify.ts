// Drawing less on dense pathways: parallel edges as one counted line, edges into hubs as reference stubs beside their sources.
import { toCount } from "../escape/count.js";
import type { DiagramEdge, DiagramNode, DirectedGraph, LegendEntry } from "./directed-graph.js";
import { toTruncated } from "./text.js";

/** Options of `simplifyGraph`; all optional. */
export interface SimplifyOptions {
  /**
   * A node entered from at least this many other nodes is a hub: the edges into it become stubs beside their sources
   * (default 10, `HUB_IN_DEGREE`). 0 turns stubs off. The start node and global nodes are never hubs.
   */
  hubInDegree?: number;
  /** Longest label of a merged line or stub before it is cut and numbered in the legend (default 40; 0 = never). */
  maxLabel?: number;
}

/**
 * Default hub threshold. Measured with `npm run bench -- diagram-density`: no corpus file has a node entered by more than
 * 7 edges (noshow-rebooking's End Call), so none changes; the dense sales pathways have hubs entered by 35 to 160 edges.
 */
export const HUB_IN_DEGREE = 10;

/** Most labels a merged line's legend entry lists before "and N more": 5,000 parallel edges stay one readable line. */
const MAX_LISTED = 12;

/** One drawn line and the edges of the original graph it stands for (indexes into `graph.edges`). */
export interface PlannedLine {
  edges: number[];
  /** True when the line ends at its source's stub, which names the hubs its edges go to. */
  stub?: true;
}

/**
 * Which drawn line stands for which edges: every edge of `graph` is in exactly one line. Parallel edges (same source,
 * target and kind) share a line; a source's edges into hubs share one line, to one stub beside it (so a complete graph
 * gets one stub per node, not one per edge). Edges touching a global node are left one per line: the layouts list
 * them under the node instead of drawing them.
 */
export function getDrawingPlan(graph: DirectedGraph, options: SimplifyOptions = {}): PlannedLine[] {
  const threshold = options.hubInDegree ?? HUB_IN_DEGREE;
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const special = (key: string) => {
    const n = byKey.get(key);
    return n === undefined || n.global;
  };
  // Distinct sources, not edges: 5,000 edges from one node are one counted line, not a hub.
  const sources = new Map<string, Set<string>>();
  for (const e of graph.edges) {
    if (e.from === e.to || special(e.from)) continue;
    let set = sources.get(e.to);
    if (!set) sources.set(e.to, (set = new Set()));
    set.add(e.from);
  }
  const isHub = (key: string) => threshold > 0 && !special(key) && !byKey.get(key)!.start && (sources.get(key)?.size ?? 0) >= threshold;
  const lines: PlannedLine[] = [];
  const open = new Map<string, PlannedLine>();
  graph.edges.forEach((e, i) => {
    if (special(e.from) || special(e.to)) {
      lines.push({ edges: [i] });
      return;
    }
    const stub = e.from !== e.to && isHub(e.to);
    // A stub stands for every edge of its source into any hub; a line between two drawn nodes keeps its kind's look.
    const id = stub ? `${e.from}\u0000stub` : `${e.from}\u0000${e.to}\u0000${e.kind}`;
    const line = open.get(id);
    if (line) line.edges.push(i);
    else {
      const created: PlannedLine = { edges: [i], ...(stub && { stub: true as const }) };
      open.set(id, created);
      lines.push(created);
    }
  });
  return lines;
}

/** The label list of merged edges, bounded, for the legend. */
function listLabels(edges: readonly DiagramEdge[]): string {
  const labels = edges.map((e) => e.label ?? "(no label)");
  const shown = labels.slice(0, MAX_LISTED).join("; ");
  return labels.length > MAX_LISTED ? `${shown}; and ${labels.length - MAX_LISTED} more` : shown;
}

/** Edges grouped by target, in first-seen order. */
function byTarget(edges: readonly DiagramEdge[]): [string, DiagramEdge[]][] {
  const groups = new Map<string, DiagramEdge[]>();
  for (const e of edges) {
    let list = groups.get(e.to);
    if (!list) groups.set(e.to, (list = []));
    list.push(e);
  }
  return [...groups];
}

/**
 * `graph` drawn with fewer lines (pure; `graph` is not changed): parallel edges become one line labelled with their
 * count, a node's edges into hubs become one stub beside it ("→ Objection: price, End Call") with each hub drawn once
 * and its stubbed in-degree shown, and every merge is a numbered legend entry naming the edges it stands for.
 * `getDrawingPlan` says which edges each line stands for; the merged lines carry them in `merged`.
 */
export function simplifyGraph(graph: DirectedGraph, options: SimplifyOptions = {}): DirectedGraph {
  const plan = getDrawingPlan(graph, options);
  if (plan.every((l) => l.edges.length === 1 && l.stub === undefined)) return graph;
  const maxLabel = options.maxLabel ?? 40;
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const legend: LegendEntry[] = [...graph.legend];
  const note = (text: string): number => {
    legend.push({ ref: legend.length + 1, text });
    return legend.length;
  };
  const name = (key: string) => byKey.get(key)?.label ?? key;
  const nodes: DiagramNode[] = graph.nodes.map((n) => ({ ...n }));
  const stubbedInto = new Map<string, number>();
  const edges: DiagramEdge[] = [];
  for (const line of plan) {
    const members = line.edges.map((i) => graph.edges[i]!);
    const first = members[0]!;
    // A merged line (and its stub) is faded context only when every edge it stands for is.
    const faded = members.every((e) => e.faded) && { faded: true as const };
    if (line.stub) {
      const groups = byTarget(members);
      for (const [hub, list] of groups) stubbedInto.set(hub, (stubbedInto.get(hub) ?? 0) + list.length);
      const key = `s${first.from.replace(/^n/, "")}`;
      const listed = groups.slice(0, MAX_LISTED).map(([hub, list]) => `${toCount(list.length, "edge")} to ${name(hub)} (${listLabels(list)})`);
      if (groups.length > MAX_LISTED) listed.push(`and edges to ${groups.length - MAX_LISTED} more hubs`);
      const ref = note(`From ${name(first.from)}, drawn as a stub: ${listed.join(", ")}`);
      const text = `→ ${groups.map(([hub]) => name(hub)).join(", ")}`;
      nodes.push({
        key,
        id: byKey.get(groups[0]![0])!.id,
        label: `${toTruncated(text, maxLabel) ?? text} [${ref}]`,
        note: ref,
        type: "",
        kind: "stub",
        start: false,
        global: false,
        marks: [],
        hidden: 0,
        stubOf: groups.map(([hub]) => hub),
        ...faded,
      });
      edges.push({
        from: first.from,
        to: key,
        kind: first.kind,
        ...(members.length > 1 && { label: `×${members.length}` }),
        ref: first.ref,
        merged: line.edges,
        ...faded,
      });
      continue;
    }
    if (members.length === 1) {
      edges.push(first);
      continue;
    }
    const ref = note(`${members.length} edges from ${name(first.from)} to ${name(first.to)}, drawn as one line: ${listLabels(members)}`);
    edges.push({
      from: first.from,
      to: first.to,
      kind: first.kind,
      label: `×${members.length} [${ref}]`,
      note: ref,
      ref: first.ref,
      merged: line.edges,
      ...faded,
    });
  }
  for (const n of nodes) {
    const count = stubbedInto.get(n.key);
    if (count !== undefined) n.stubbedIn = count;
  }
  return { ...graph, nodes, edges, legend };
}
