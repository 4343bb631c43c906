// The report's data: the laid-out graph joined with every node's fields, variables, findings, diff and coverage (pure).
import type { Diagnostic } from "../diagnostics/index.js";
import type { PathwayDiff } from "../diff/index.js";
import { getEdgeEntryIndex, getNodeCaption, type DirectedGraph } from "../export/index.js";
import { getVariableDefinitions, getVariableUses } from "../graph/index.js";
import {
  getCaptionLines,
  getGlobalEdgeLines,
  getNodeLook,
  getNodeShapes,
  GLOBALS_NOTE_TEXT,
  GROUP_PAD,
  type GraphLayout,
  type ShapeElement,
} from "../layout/index.js";
import { getEdgeLabel, getEdges, getNodes, nodeData } from "../model/pathway.js";
import type { Pathway } from "../model/schema.js";
import type { PathwayCoverage } from "../simulate/index.js";
import { maskSecrets } from "./mask.js";
import { getReportMerges, type ReportHub } from "./merges.js";

/** Everything a report is made from; only `pathway`, `graph` and `layout` are required. */
export interface ReportInput {
  pathway: Pathway;
  /** The drawing data of `pathway` (toDirectedGraph without focus). */
  graph: DirectedGraph;
  layout: GraphLayout;
  /** Where the pathway came from, shown in the header. */
  source?: string;
  /** Lint findings (with ranges) of the pathway. */
  diagnostics?: readonly Diagnostic[];
  /** The diff from the base version to this one, and what the base was. */
  diff?: { base: string; diff: PathwayDiff };
  /** Coverage of the pathway: the simulator's model, as `pathway test --coverage --format json` prints it. */
  coverage?: { source: string; coverage: PathwayCoverage };
  /** Persona scenarios of the same test report that ran on the pathway: their verdicts and conversations. */
  conversations?: ReportConversation[];
}

/** A persona scenario's run as the page shows it: its outcome, each judge's verdict with its reason, its conversation. */
export interface ReportConversation {
  name: string;
  file: string;
  status: string;
  judges: { criterion: string; pass: boolean; score?: number; threshold?: number; reason: string }[];
  transcript: { role: "agent" | "caller"; text: string }[];
  /** Why it failed, when it did (its first failures). */
  failures: string[];
}

/** A change state shown in colour. */
export type ReportDiffState = "added" | "changed" | "renamed";
/** A coverage state shown in colour. */
export type ReportCoverageState = "covered" | "untested" | "unreachable";

/** A node as the page sees it. Text is data; the page only ever sets it as textContent. */
export interface ReportNode {
  key: string;
  id: string;
  name: string;
  type: string;
  kind: string;
  caption: string;
  start: boolean;
  global: boolean;
  box: [number, number, number, number];
  shapes: ShapeElement[];
  look: { fill: string; stroke: string; strokeWidth: string; dash?: string; text: string };
  /** The node's `data` with secrets masked. */
  data: unknown;
  extracts: string[];
  reads: string[];
  findings: number[];
  globalLines?: string[];
  diff?: ReportDiffState;
  fromId?: string;
  changes?: { op: string; path: string; before?: unknown; after?: unknown }[];
  coverage?: ReportCoverageState;
  /**
   * With `report --calls`: recorded calls that reached the node, ended there, and ended there in an error or at
   * voicemail; from v2 event traces also the webhooks run there (and failed, with examples) and the variables changed.
   */
  calls?: ReportNodeCalls;
  /** On a hub (entered from 10 or more nodes): the sources whose edges into it diagrams draw as stubs beside them. */
  hub?: ReportHub;
  search: string;
}

/** What recorded calls did at one node (see ReportNode.calls). */
export interface ReportNodeCalls {
  reached: number;
  endedHere: number;
  errors: number;
  voicemail: number;
  webhooks?: { invoked: number; failed: number; examples: string[] };
  variablesChanged?: { name: string; calls: number }[];
}

/** An edge as the page sees it. */
export interface ReportEdge {
  from: string;
  to: string;
  kind: string;
  label?: string;
  fullLabel?: string;
  /** Index in the file's `edges[]` for edges from there. */
  fileIndex?: number;
  points: number[];
  labelBox?: [number, number, number, number];
  drawn: boolean;
  findings: number[];
  diff?: ReportDiffState;
  coverage?: ReportCoverageState;
  /** With parallel edges (same two nodes, same kind): every edge of the group, this one too, which diagrams draw as one line. */
  parallel?: number[];
}

/** A lint finding as listed, and what it sits on. */
export interface ReportFinding {
  ruleId: string;
  severity: string;
  message: string;
  pointer: string;
  line?: number;
  column?: number;
  node?: string;
  edge?: number;
}

/** The JSON embedded in the page. */
export interface ReportData {
  title: string;
  source: string;
  engine: string;
  /** Edges drawn straight because the graph was too large for ELK to route them all. */
  straightEdges?: number;
  size: [number, number];
  flow: [number, number, number, number];
  globals?: [number, number, number, number];
  globalsNote: string;
  /** Frames of nodes sharing a `data.tag` name, as the diagram draws them: box, full name, caption lines, plain colour. */
  groups?: { box: [number, number, number, number]; name: string; lines: string[]; color?: string }[];
  nodes: ReportNode[];
  edges: ReportEdge[];
  findings: ReportFinding[];
  legend: { ref: number; text: string }[];
  diff?: { base: string; summary: Record<string, number>; removed: { entity: string; text: string }[]; other: string[] };
  coverage?: { source: string; table: { kind: string; covered: number; total: number; percent: number; untested: number; unreachable: number }[] };
  conversations?: ReportConversation[];
}

const box = (b: { x: number; y: number; width: number; height: number }): [number, number, number, number] =>
  [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10) as [number, number, number, number];

/** A changed value masked as it sits at `path` in the node (a header list, one header value, a body...). */
function maskChange(path: string[], value: unknown): unknown {
  return value === undefined ? undefined : maskSecrets(value, path);
}

/**
 * Joins the drawing, the layout and the analyses into the data the page shows. Drawn edges from `edges[]` are matched
 * to the file's edges by the index each drawn edge carries (`getEdgeEntryIndex`), so findings, diff and coverage that
 * name a file edge land on the drawn one. `graph` must be drawn without `focus`.
 */
export function toReportData(input: ReportInput): ReportData {
  const { pathway, graph, layout } = input;
  const keyById = new Map<string, string>();
  for (const n of graph.nodes) if (!keyById.has(n.id)) keyById.set(n.id, n.key);
  const fileNodes = getNodes(pathway);
  const nodeByIndex = new Map(fileNodes.map(({ node, index }) => [index, node]));
  const firstNode = new Map<string, (typeof fileNodes)[number]["node"]>();
  for (const { node } of fileNodes) if (!firstNode.has(node.id)) firstNode.set(node.id, node);

  // Each drawn edge carries the flow model's ref, so an edge entry of the file maps to exactly the edge drawn for it.
  const fileEdges = getEdges(pathway).filter(({ edge }) => typeof edge.source === "string" && typeof edge.target === "string");
  const drawnByFileIndex = new Map<number, number>();
  graph.edges.forEach((e, i) => {
    const index = getEdgeEntryIndex(e);
    if (index !== undefined && !drawnByFileIndex.has(index)) drawnByFileIndex.set(index, i);
  });
  const fileIndexByDrawn = new Map([...drawnByFileIndex].map(([f, d]) => [d, f]));

  const extracts = new Map<string, Set<string>>();
  const reads = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, id: string, name: string) => {
    let set = map.get(id);
    if (!set) map.set(id, (set = new Set()));
    set.add(name);
  };
  for (const d of getVariableDefinitions(pathway)) add(extracts, d.nodeId, d.name);
  for (const u of getVariableUses(pathway)) add(reads, u.nodeId, u.name);

  const findings: ReportFinding[] = [];
  const nodeFindings = new Map<string, number[]>();
  const edgeFindings = new Map<number, number[]>();
  for (const d of input.diagnostics ?? []) {
    const f: ReportFinding = {
      ruleId: d.ruleId,
      severity: d.severity,
      message: d.message,
      pointer: d.pointer,
      ...(d.range && { line: d.range.start.line, column: d.range.start.column }),
    };
    const m = /^\/(nodes|edges)\/(\d+)(?:\/|$)/.exec(d.pointer);
    if (m?.[1] === "nodes") {
      const node = nodeByIndex.get(Number(m[2]));
      const key = node ? keyById.get(node.id) : undefined;
      if (key) f.node = key;
    } else if (m?.[1] === "edges") {
      const drawn = drawnByFileIndex.get(Number(m[2]));
      if (drawn !== undefined) f.edge = drawn;
    }
    const i = findings.push(f) - 1;
    if (f.node !== undefined) nodeFindings.set(f.node, [...(nodeFindings.get(f.node) ?? []), i]);
    if (f.edge !== undefined) edgeFindings.set(f.edge, [...(edgeFindings.get(f.edge) ?? []), i]);
  }

  const nodeDiff = new Map<string, { state: ReportDiffState; fromId?: string; changes: NonNullable<ReportNode["changes"]> }>();
  const edgeDiff = new Map<number, ReportDiffState>();
  const removed: { entity: string; text: string }[] = [];
  const other: string[] = [];
  if (input.diff) {
    const edgeKey = (source: string, target: string, label: string | null, occurrence: number) => JSON.stringify([source, target, label, occurrence]);
    const drawnEdgeByRef = new Map<string, number>();
    const seen = new Map<string, number>();
    for (const { edge, index } of fileEdges) {
      const base = JSON.stringify([edge.source, edge.target, getEdgeLabel(edge) ?? null]);
      const occurrence = seen.get(base) ?? 0;
      seen.set(base, occurrence + 1);
      const drawn = drawnByFileIndex.get(index);
      if (drawn !== undefined) drawnEdgeByRef.set(edgeKey(edge.source as string, edge.target as string, getEdgeLabel(edge) ?? null, occurrence), drawn);
    }
    for (const c of input.diff.diff.changes) {
      if (c.entity === "node" && c.nodeId !== undefined) {
        if (c.op === "remove" && c.path.length === 0) {
          removed.push({ entity: "node", text: `${c.name ?? c.nodeId} (${c.nodeId})` });
          continue;
        }
        const entry = nodeDiff.get(c.nodeId) ?? { state: "changed" as ReportDiffState, changes: [] };
        if (c.op === "add" && c.path.length === 0) entry.state = "added";
        else if (c.op === "rename") {
          entry.state = "renamed";
          if (c.fromId !== undefined) entry.fromId = c.fromId;
        } else entry.changes.push({ op: c.op, path: c.path.join("."), before: maskChange(c.path, c.before), after: maskChange(c.path, c.after) });
        nodeDiff.set(c.nodeId, entry);
      } else if (c.entity === "edge" && c.edge) {
        const label = c.edge.label;
        if (c.op === "remove" && c.path.length === 0) {
          removed.push({ entity: "edge", text: `${c.edge.source} → ${c.edge.target}${label ? ` (${label})` : ""}` });
          continue;
        }
        const drawn = drawnEdgeByRef.get(edgeKey(c.edge.source, c.edge.target, label, c.edge.occurrence));
        // A changed label is named by its old text; fall back to the same endpoints.
        const target = drawn ?? [...drawnEdgeByRef].find(([k]) => k.startsWith(JSON.stringify([c.edge!.source, c.edge!.target]).slice(0, -1)))?.[1];
        if (target !== undefined && edgeDiff.get(target) !== "added") edgeDiff.set(target, c.op === "add" && c.path.length === 0 ? "added" : "changed");
      } else {
        other.push(`${c.entity}${c.path.length > 0 ? ` ${c.path.join(".")}` : ""}: ${c.op}`);
      }
    }
  }

  const nodeCoverage = new Map<string, ReportCoverageState>();
  const edgeCoverage = new Map<number, ReportCoverageState>();
  if (input.coverage) {
    const cov = input.coverage.coverage;
    const untested = new Set(cov.nodes.untested.map((i) => i.id));
    const unreachable = new Set(cov.nodes.unreachable.map((i) => i.id));
    for (const n of graph.nodes) {
      if (n.kind === "missing") continue;
      nodeCoverage.set(n.key, unreachable.has(n.id) ? "unreachable" : untested.has(n.id) ? "untested" : "covered");
    }
    const edgeUntested = new Set(cov.edges.untested.map((i) => i.id));
    const edgeUnreachable = new Set(cov.edges.unreachable.map((i) => i.id));
    for (const { edge, index } of fileEdges) {
      const drawn = drawnByFileIndex.get(index);
      if (drawn === undefined) continue;
      const id = typeof edge.id === "string" ? edge.id : `#${index}`;
      edgeCoverage.set(drawn, edgeUnreachable.has(id) ? "unreachable" : edgeUntested.has(id) ? "untested" : "covered");
    }
  }

  const merges = getReportMerges(graph);
  const boxes = new Map(layout.nodes.map((b) => [b.key, b]));
  const nodes: ReportNode[] = graph.nodes.map((n) => {
    const b = boxes.get(n.key) ?? { x: 0, y: 0, width: 0, height: 0 };
    const file = firstNode.get(n.id);
    const data = file ? nodeData(file) : {};
    const name = typeof data.name === "string" ? data.name : "";
    const d = nodeDiff.get(n.id);
    const texts = [n.id, name, n.type, ...["prompt", "text", "condition", "globalLabel"].map((k) => (typeof data[k] === "string" ? (data[k] as string) : ""))];
    return {
      key: n.key,
      id: n.id,
      name,
      type: n.type,
      kind: n.kind,
      caption: getNodeCaption(n),
      start: n.start,
      global: n.global,
      box: box(b),
      shapes: getNodeShapes(n.kind, b),
      look: getNodeLook(n),
      data: file ? maskSecrets(file.data ?? null) : null,
      extracts: [...(extracts.get(n.id) ?? [])],
      reads: [...(reads.get(n.id) ?? [])],
      findings: nodeFindings.get(n.key) ?? [],
      ...(n.global && { globalLines: getGlobalEdgeLines(graph, n, layout.globalEdges) }),
      ...(d && { diff: d.state, ...(d.fromId !== undefined && { fromId: d.fromId }), changes: d.changes }),
      ...(nodeCoverage.has(n.key) && { coverage: nodeCoverage.get(n.key)! }),
      ...(merges.hubs.has(n.key) && { hub: merges.hubs.get(n.key)! }),
      search: texts.join("\n").toLowerCase(),
    };
  });
  const laid = new Map(layout.edges.map((e) => [e.index, e]));
  const edges: ReportEdge[] = graph.edges.map((e, i) => {
    const l = laid.get(i);
    const fileIndex = fileIndexByDrawn.get(i);
    return {
      from: e.from,
      to: e.to,
      kind: e.kind,
      ...(e.label !== undefined && { label: e.label }),
      ...(e.note !== undefined && { fullLabel: graph.legend[e.note - 1]?.text ?? e.label }),
      ...(fileIndex !== undefined && { fileIndex }),
      points: (l?.points ?? []).flatMap((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]),
      ...(l?.label && { labelBox: box(l.label) }),
      drawn: l !== undefined,
      findings: edgeFindings.get(i) ?? [],
      ...(edgeDiff.has(i) && { diff: edgeDiff.get(i)! }),
      ...(edgeCoverage.has(i) && { coverage: edgeCoverage.get(i)! }),
      ...(merges.parallel.has(i) && { parallel: merges.parallel.get(i)! }),
    };
  });
  // Every string the page embeds (names, labels, search text, findings, removed items) is masked once more as text:
  // a URL with credentials in a prompt or a label is hidden as it is in the node's data.
  return maskSecrets({
    title: graph.title,
    source: input.source ?? "",
    engine: layout.engine,
    ...(layout.straightEdges !== undefined && { straightEdges: layout.straightEdges }),
    size: [Math.ceil(layout.width), Math.ceil(layout.height)],
    flow: box(layout.flow),
    ...(layout.globals && { globals: box(layout.globals) }),
    globalsNote: GLOBALS_NOTE_TEXT,
    ...(layout.groups?.length && {
      groups: layout.groups.map((g) => ({
        box: box(g),
        name: g.name,
        lines: getCaptionLines(g.name, g.width - 2 * GROUP_PAD),
        ...(g.color && { color: g.color }),
      })),
    }),
    nodes,
    edges,
    findings,
    legend: graph.legend,
    ...(input.diff && { diff: { base: input.diff.base, summary: toSummaryRows(input.diff.diff.summary), removed, other } }),
    ...(input.coverage && {
      coverage: {
        source: input.coverage.source,
        table: (["nodes", "edges", "globals"] as const).map((kind) => {
          const c = input.coverage!.coverage[kind];
          return { kind, covered: c.covered, total: c.total, percent: c.percent, untested: c.untested.length, unreachable: c.unreachable.length };
        }),
      },
    }),
    ...(input.conversations?.length && { conversations: input.conversations }),
  }) as ReportData;
}

/** The diff summary as the page's table rows: the counts, then the changes by kind (prompt, routing, ...) that occur. */
function toSummaryRows(summary: PathwayDiff["summary"]): Record<string, number> {
  const { byKind, ...counts } = summary;
  const kinds = Object.entries(byKind as Record<string, number>).filter(([, n]) => n > 0);
  return { ...counts, ...Object.fromEntries(kinds.map(([kind, n]) => [`${kind} changes`, n])) };
}
