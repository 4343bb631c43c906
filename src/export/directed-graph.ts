// A pathway as drawing data: generated node keys, display labels, node kinds, flow edges with their conditions, and a legend.
import { createFlowModel, getFlowWayCaption, getFlowWays } from "../graph/index.js";

// The drawing answers "which edges[] entry is this?" with the flow model's own helper, so the report maps alike.
export { getEdgeEntryIndex } from "../graph/index.js";
import { getNodeType } from "../model/node-types/index.js";
import { getNodes, isGlobalNode, isStartNode, nodeData, prop } from "../model/pathway.js";
import type { Pathway, PathwayNode } from "../model/schema.js";
import { getNodeTag, type DiagramTag } from "./node-tag.js";
import { toDisplayText, toTruncated } from "./text.js";

/** How a node is drawn: one shape per kind. */
/** "stub" is no node of the file: a reference beside a node to the hubs its edges go to (see `simplifyGraph`). */
export type DiagramNodeKind = "default" | "terminal" | "transfer" | "webhook" | "knowledge" | "route" | "other" | "missing" | "stub";

/** A finding from the graph analyses that `annotate` marks on a node. */
export type DiagramMark = "unreachable" | "dead-end" | "trap";

/**
 * Where a drawn edge comes from (the flow model's kind): an entry of `edges[]`, a Route condition or fallback, a webhook
 * response route, a transfer's voicemail edge (taken when the transfer is not answered), or a Press Button's way on.
 */
export type DiagramEdgeKind = "edge" | "route" | "fallback" | "response" | "voicemail" | "press";

/** Layout direction: top to bottom or left to right. */
export type DiagramDirection = "TB" | "LR";

/** One node to draw. Everything but `key` comes from the (untrusted) file; exporters escape it. */
export interface DiagramNode {
  /** Generated identifier used in the output (`n0`, `n1`, ...); never taken from the file. */
  key: string;
  /** The node's id in the file (for a missing node: the id an edge names). */
  id: string;
  /** Display label (the node's name, or its id), folded to one line and truncated to `maxLabel`. */
  label: string;
  /** The node's `type` as written in the file ("" when missing). */
  type: string;
  kind: DiagramNodeKind;
  start: boolean;
  global: boolean;
  /** Legend entry holding the full label when `label` was truncated. */
  note?: number;
  /** Findings of the analyses, when annotations were given. */
  marks: DiagramMark[];
  /** Edges to nodes left out of a focused drawing. */
  hidden: number;
  /** On a stub: the keys of the hubs its edges go to. */
  stubOf?: string[];
  /** On a hub: how many edges into it are drawn as stubs beside their sources. */
  stubbedIn?: number;
  /** Context drawn faded: outside the neighbourhood of a focus or change, drawn only because `context` is "fade". */
  faded?: true;
  /** The node's `data.tag`, when it has one: the layout draws nodes sharing a tag name inside one frame. */
  tag?: DiagramTag;
}

/** One edge to draw, between generated node keys. */
export interface DiagramEdge {
  from: string;
  to: string;
  kind: DiagramEdgeKind;
  /** Display label (edge label, condition, or "otherwise"), folded and truncated; absent when the edge has none. */
  label?: string;
  /** Legend entry holding the full label when `label` was truncated. */
  note?: number;
  /**
   * Where in the file it comes from (the flow model's `FlowWay.ref`): the index in `edges[]` (kinds edge and voicemail,
   * and press when an edge entry), in the source node's `routes[]` or `responsePathways[]`, 0 for a fallback, -1 for a
   * `targetNodeAfterPress`. `getEdgeEntryIndex` reads the `edges[]` index from it.
   */
  ref: number;
  /** On a line that stands for several edges (or ends at a stub): the indexes of the edges of the unmerged graph. */
  merged?: number[];
  /** Context drawn faded: an edge with an end outside the neighbourhood of a focus or change (`context` "fade"). */
  faded?: true;
}

/** A numbered full text of a truncated label. */
export interface LegendEntry {
  ref: number;
  text: string;
}

/** The drawing data every exporter (Mermaid, DOT, Markdown) reads. */
export interface DirectedGraph {
  /** The pathway's name (display text), or "" when it has none. */
  title: string;
  direction: DiagramDirection;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  legend: LegendEntry[];
  /** Set when only a neighbourhood is drawn; `around` lists the node ids drawn around (a change) when there are several. */
  focus?: { id: string; depth: number; omittedNodes: number; omittedEdges: number; around?: string[]; fadedNodes?: number; fadedEdges?: number };
  /** True when annotations were applied (so exporters can explain the marks). */
  annotated: boolean;
}

/** Findings to mark, by node id (from `getDiagramAnnotations`, or any other source). */
export interface DiagramAnnotations {
  unreachable?: readonly string[];
  deadEnds?: readonly string[];
  traps?: readonly (readonly string[])[];
}

/** Options of `toDirectedGraph`; all optional. */
export interface DiagramOptions {
  /** Layout direction (default "TB"). */
  direction?: DiagramDirection;
  /** Longest label in characters before it is cut and numbered in the legend (default 40; 0 = never cut). */
  maxLabel?: number;
  /** Draw only the neighbourhood of this node (id, or name when no id matches). */
  focus?: string;
  /** Steps around `focus`, following edges either way (default 2). */
  depth?: number;
  /** Draw only the nodes within `depth` steps of these node ids (the changed nodes of a review); `focus` wins over it. */
  around?: readonly string[];
  /**
   * With `focus` or `around`, what becomes of the rest of the pathway: "omit" leaves it out, counting it (default);
   * "fade" draws it all, the nodes and edges outside the neighbourhood flagged `faded` for exporters to draw pale.
   */
  context?: DiagramContext;
  /** Findings to mark on nodes. */
  annotations?: DiagramAnnotations;
}

/** What a focused drawing does with the rest of the pathway: leave it out, or draw it faded. */
export type DiagramContext = "omit" | "fade";

/** `DiagramOptions` with every default filled in. */
export interface DiagramConfig {
  direction: DiagramDirection;
  maxLabel: number;
  focus?: string;
  depth: number;
  around?: readonly string[];
  context: DiagramContext;
  annotations?: DiagramAnnotations;
}

/** Fills in the defaults of `DiagramOptions`, rejecting values that cannot be drawn. */
export function resolveDiagramOptions(options: DiagramOptions = {}): DiagramConfig {
  const maxLabel = options.maxLabel ?? 40;
  const depth = options.depth ?? 2;
  if (!Number.isInteger(maxLabel) || maxLabel < 0) throw new RangeError(`maxLabel must be a whole number of 0 or more, got ${maxLabel}`);
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`depth must be a whole number of 0 or more, got ${depth}`);
  const direction = options.direction ?? "TB";
  if (direction !== "TB" && direction !== "LR") throw new RangeError(`direction must be "TB" or "LR", got ${String(direction)}`);
  const context = options.context ?? "omit";
  if (context !== "omit" && context !== "fade") throw new RangeError(`context must be "omit" or "fade", got ${String(context)}`);
  return {
    direction,
    maxLabel,
    depth,
    context,
    ...(options.focus !== undefined && { focus: options.focus }),
    ...(options.around && options.around.length > 0 && { around: options.around }),
    ...(options.annotations && { annotations: options.annotations }),
  };
}

/** The shape a node type is drawn with (its descriptor's `diagram.kind`); types the registry does not know are "other", a missing type "default". */
export function getDiagramNodeKind(node: PathwayNode): DiagramNodeKind {
  const type = typeof node.type === "string" ? node.type : "";
  const kind: DiagramNodeKind | undefined = getNodeType(type)?.diagram.kind;
  return kind ?? (type === "" ? "default" : "other");
}

/**
 * The id of the node `ref` names: a node id, else the single node with that name (exact, then ignoring case).
 * Returns an error message (what is wrong and what to do) when no node or several nodes match.
 */
export function findDiagramNode(pathway: Pathway, ref: string): { id: string } | { error: string } {
  const nodes = getNodes(pathway).map((n) => n.node);
  if (nodes.some((n) => n.id === ref)) return { id: ref };
  const named = (same: (a: string, b: string) => boolean) =>
    nodes.filter((n) => {
      const name = nodeData(n).name;
      return typeof name === "string" && same(name.trim(), ref.trim());
    });
  for (const matches of [named((a, b) => a === b), named((a, b) => a.toLowerCase() === b.toLowerCase())]) {
    if (matches.length === 1) return { id: matches[0]!.id };
    if (matches.length > 1) {
      return { error: `"${ref}" names ${matches.length} nodes (ids ${matches.map((n) => n.id).join(", ")}); give the node id instead.` };
    }
  }
  return { error: `no node has the id or name "${ref}"; give a node id or name from the file.` };
}

/**
 * What the box of global nodes means, true to what is drawn: how global nodes are entered (from any node, never drawn
 * as arrows) and how many of the drawn edges go into and out of them (their own ways are drawn as any other edge).
 * Exporters put it where it cannot widen the box over other nodes: under Mermaid's picture and as a comment in its text.
 */
export function getGlobalsNote(graph: DirectedGraph): string {
  const globalKeys = new Set(graph.nodes.filter((n) => n.global).map((n) => n.key));
  const into = graph.edges.filter((e) => globalKeys.has(e.to)).length;
  const out = graph.edges.filter((e) => globalKeys.has(e.from)).length;
  const drawn = into + out === 0 ? "they have no edges of their own" : `their own edges are drawn (${into} in, ${out} out)`;
  return `Global nodes are entered from any node when the caller matches their global label (not drawn as arrows); ${drawn}.`;
}

interface RawEdge {
  source: string;
  target: string;
  kind: DiagramEdgeKind;
  ref: number;
  label: string;
}

/** Every way of the flow model, in file order (edges[], then per node its routes, fallback, response routes, press target), captioned. */
function getRawEdges(pathway: Pathway): RawEdge[] {
  return getFlowWays(createFlowModel(pathway)).map((way) => ({
    source: way.from,
    target: way.to,
    kind: way.kind,
    ref: way.ref,
    label: getFlowWayCaption(way),
  }));
}

/** The neighbourhood of `centers`: ids within `depth` steps of any of them, following edges either way. */
function getNeighbourhood(centers: readonly string[], depth: number, raw: readonly RawEdge[]): Set<string> {
  const adjacent = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    let list = adjacent.get(a);
    if (!list) adjacent.set(a, (list = []));
    list.push(b);
  };
  for (const e of raw) {
    link(e.source, e.target);
    link(e.target, e.source);
  }
  const seen = new Set(centers);
  let frontier = [...seen];
  for (let step = 0; step < depth && frontier.length > 0; step++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const other of adjacent.get(id) ?? []) {
        if (!seen.has(other)) {
          seen.add(other);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  return seen;
}

/**
 * Converts a pathway into drawing data: one node per node id (first occurrence wins) plus a "missing" node for each id
 * an edge names that does not exist; edges are the flow model's ways: `edges[]` (voicemail edges labelled "not
 * answered"), Route routes (with their conditions) and fallbacks, webhook response routes and press targets. Keys are generated; labels are folded to one line, cut to `maxLabel` and numbered in the
 * legend. Global nodes are flagged so exporters can group them instead of drawing an edge from every node.
 * Throws a RangeError for options that cannot be met (bad numbers, a `focus` that names no node).
 */
export function toDirectedGraph(pathway: Pathway, options: DiagramOptions = {}): DirectedGraph {
  const config = resolveDiagramOptions(options);
  const raw = getRawEdges(pathway);
  let keep: Set<string> | undefined;
  let focusId: string | undefined;
  if (config.focus !== undefined) {
    const found = findDiagramNode(pathway, config.focus);
    if ("error" in found) throw new RangeError(`focus: ${found.error}`);
    focusId = found.id;
    keep = getNeighbourhood([found.id], config.depth, raw);
  } else if (config.around !== undefined) {
    focusId = config.around[0]!;
    keep = getNeighbourhood(config.around, config.depth, raw);
  }

  const legend: LegendEntry[] = [];
  const label = (text: string): { label: string; note?: number } => {
    const full = toDisplayText(text);
    const cut = toTruncated(full, config.maxLabel);
    if (cut === undefined) return { label: full };
    const ref = legend.length + 1;
    legend.push({ ref, text: full });
    return { label: `${cut} [${ref}]`, note: ref };
  };

  const marks = new Map<string, Set<DiagramMark>>();
  const mark = (ids: readonly string[] | undefined, what: DiagramMark) => {
    for (const id of ids ?? []) {
      let set = marks.get(id);
      if (!set) marks.set(id, (set = new Set()));
      set.add(what);
    }
  };
  const annotations = config.annotations;
  mark(annotations?.unreachable, "unreachable");
  mark(annotations?.deadEnds, "dead-end");
  mark(annotations?.traps?.flat(), "trap");

  const nodes: DiagramNode[] = [];
  const keyOf = new Map<string, string>();
  let omittedNodes = 0;
  let fadedNodes = 0;
  const fade = keep !== undefined && config.context === "fade";
  // Outside the neighbourhood: left out (counted), or drawn faded as context.
  const outside = (id: string) => keep !== undefined && !keep.has(id);
  for (const { node } of getNodes(pathway)) {
    if (keyOf.has(node.id)) continue;
    if (outside(node.id) && !fade) {
      omittedNodes++;
      continue;
    }
    if (outside(node.id)) fadedNodes++;
    const key = `n${nodes.length}`;
    keyOf.set(node.id, key);
    const data = nodeData(node);
    const name = typeof data.name === "string" && data.name.trim() !== "" ? data.name : node.id.trim() !== "" ? node.id : "(no name or id)";
    const kind = getDiagramNodeKind(node);
    const type = typeof node.type === "string" ? node.type : "";
    const text = kind === "other" ? `${name} · ${type}` : name;
    const tag = getNodeTag(data);
    nodes.push({
      key,
      id: node.id,
      ...label(text),
      type,
      kind,
      start: isStartNode(node),
      global: isGlobalNode(node),
      marks: [...(marks.get(node.id) ?? [])],
      hidden: 0,
      ...(outside(node.id) && { faded: true as const }),
      ...(tag && { tag }),
    });
  }
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const missingKey = (id: string): string => {
    const existing = keyOf.get(id);
    if (existing) return existing;
    const key = `n${nodes.length}`;
    keyOf.set(id, key);
    const node: DiagramNode = {
      key,
      id,
      ...label(`missing node: ${id}`),
      type: "",
      kind: "missing",
      start: false,
      global: false,
      marks: [],
      hidden: 0,
      ...(outside(id) && { faded: true as const }),
    };
    nodes.push(node);
    byKey.set(key, node);
    return key;
  };

  const edges: DiagramEdge[] = [];
  let omittedEdges = 0;
  let fadedEdges = 0;
  for (const e of raw) {
    const faded = outside(e.source) || outside(e.target);
    if (faded && fade) fadedEdges++;
    else if (faded) {
      omittedEdges++;
      for (const inside of [e.source, e.target]) {
        const key = keep!.has(inside) ? keyOf.get(inside) : undefined;
        const node = key === undefined ? undefined : byKey.get(key);
        if (node) node.hidden++;
      }
      continue;
    }
    const from = missingKey(e.source);
    const to = missingKey(e.target);
    edges.push({ from, to, kind: e.kind, ...(e.label.trim() !== "" && label(e.label)), ref: e.ref, ...(faded && { faded: true as const }) });
  }

  const name = prop(pathway, "name");
  return {
    title: typeof name === "string" ? toDisplayText(name) : "",
    direction: config.direction,
    nodes,
    edges,
    legend,
    ...(keep &&
      focusId !== undefined && {
        focus: {
          id: focusId,
          depth: config.depth,
          omittedNodes,
          omittedEdges,
          ...(config.focus === undefined && config.around !== undefined && { around: [...config.around] }),
          ...(fade && { fadedNodes, fadedEdges }),
        },
      }),
    annotated: annotations !== undefined,
  };
}
