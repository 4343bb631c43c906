// Drawing data to a Mermaid flowchart: generated ids, entity-encoded labels, fixed styles; nothing from the file is syntax.
import { toCount } from "../escape/count.js";
import { escapeMermaidText } from "../escape/mermaid.js";
import { getGlobalsNote, type DiagramEdge, type DiagramNode, type DiagramNodeKind, type DirectedGraph } from "./directed-graph.js";
import { FADED_LOOK, FOCUS_STROKE, KIND_LOOK, MARK_LOOK, START_STROKE, VOICEMAIL_STROKE, type Look } from "./theme.js";

export { escapeMermaidText };

/** Limits of Mermaid's default configuration, which GitHub uses and does not let a document raise. */
export const MERMAID_GITHUB_LIMITS = { maxEdges: 500, maxTextSize: 50_000 } as const;

/** Options of `toMermaid`; all optional. */
export interface MermaidOptions {
  /**
   * Write the numbered full texts of cut labels as `%%` comment lines after the flowchart (default true). They are
   * comments, not a node: Mermaid draws nothing for them, so the legend never sits in the flow with edges through it;
   * a picture gets it below the flowchart instead (`appendLegend` of the layout layer).
   */
  legend?: boolean;
}

const SHAPES: Record<DiagramNodeKind, [string, string]> = {
  default: ["[", "]"],
  terminal: ["([", "])"],
  transfer: ["[[", "]]"],
  webhook: ["{{", "}}"],
  knowledge: ["[(", ")]"],
  route: ["{", "}"],
  other: ["[/", "/]"],
  missing: ["[", "]"],
  stub: [">", "]"],
};

const MARK_CLASS = { unreachable: "unreachable", "dead-end": "deadEnd", trap: "trap" } as const;

function classDef(name: string, look: Look): string {
  const parts = [`fill:${look.fill}`, `stroke:${look.stroke}`];
  if (look.strokeWidth) parts.push(`stroke-width:${look.strokeWidth}px`);
  if (look.dash) parts.push(`stroke-dasharray:${look.dash}`);
  if (look.text) parts.push(`color:${look.text}`);
  return `classDef ${name} ${parts.join(",")}`;
}

/** Fixed styles (never from the file) for node kinds and annotation marks, from the one theme; default and other need none. */
const CLASS_DEFS: readonly string[] = [
  `classDef start stroke:${START_STROKE},stroke-width:4px`,
  ...(["terminal", "transfer", "webhook", "knowledge", "route", "missing", "stub"] as const).map((kind) => classDef(kind, KIND_LOOK[kind])),
  ...(["unreachable", "dead-end", "trap"] as const).map((mark) => classDef(MARK_CLASS[mark], MARK_LOOK[mark])),
  `classDef focus stroke:${FOCUS_STROKE},stroke-width:4px`,
  // Last, so it wins over a kind's or a mark's colours: faded context is what a reviewer can skip.
  classDef("faded", { fill: FADED_LOOK.fill, stroke: FADED_LOOK.stroke, text: FADED_LOOK.text }),
];

const MARK_TEXT = { unreachable: "unreachable", "dead-end": "dead end", trap: "trap" } as const;

/** The label text of a node as drawn: start and annotation markers are ours, the rest is the node's label. */
export function getNodeCaption(node: DiagramNode): string {
  const parts = [node.start ? `▶ ${node.label}` : node.label];
  for (const m of node.marks) parts.push(`⚠ ${MARK_TEXT[m]}`);
  if (node.hidden > 0) parts.push(`+${toCount(node.hidden, "hidden edge")}`);
  if (node.stubbedIn !== undefined) parts.push(`← ${node.stubbedIn} by stubs`);
  return parts.join(" · ");
}

function nodeLine(node: DiagramNode, indent: string): string {
  const [open, close] = SHAPES[node.kind];
  return `${indent}${node.key}${open}"${escapeMermaidText(getNodeCaption(node))}"${close}`;
}

function edgeLine(edge: DiagramEdge): string {
  // Edges and press targets are ways a caller simply goes on by; conditions, responses and voicemail are dotted.
  const arrow = edge.kind === "edge" || edge.kind === "press" ? "-->" : "-.->";
  return edge.label === undefined ? `  ${edge.from} ${arrow} ${edge.to}` : `  ${edge.from} ${arrow}|"${escapeMermaidText(edge.label)}"| ${edge.to}`;
}

/**
 * The Mermaid flowchart of `graph`. Node ids are the generated keys, every label is quoted and entity-encoded, and the
 * only directives, styles and classes are fixed ones written here. Global nodes sit in their own subgraph, explained by
 * a `getGlobalsNote` comment line; Route and webhook response routes are dotted arrows. The legend of cut labels is a
 * block of comment lines at the end (entity-encoded as labels are, so no comment holds a directive or closes a fence).
 */
export function toMermaid(graph: DirectedGraph, options: MermaidOptions = {}): string {
  const lines = [`flowchart ${graph.direction}`];
  const globals = graph.nodes.filter((n) => n.global);
  for (const node of graph.nodes) if (!node.global) lines.push(nodeLine(node, "  "));
  if (globals.length > 0) {
    // A short title: Mermaid widens a box to its title after layout, so a long one would cover the nodes beside it.
    lines.push(`  subgraph globals ["Global nodes"]`);
    for (const node of globals) lines.push(nodeLine(node, "    "));
    lines.push("  end");
  }
  for (const edge of graph.edges) lines.push(edgeLine(edge));
  // Voicemail edges (taken only when a transfer is not answered) get a colour of their own; indexes count every edge.
  graph.edges.forEach(
    (edge, i) => edge.kind === "voicemail" && !edge.faded && lines.push(`  linkStyle ${i} stroke:${VOICEMAIL_STROKE},stroke-width:2px,stroke-dasharray:6 3`),
  );
  const faded = graph.edges.flatMap((edge, i) => (edge.faded ? [i] : []));
  if (faded.length > 0) lines.push(`  linkStyle ${faded.join(",")} stroke:${FADED_LOOK.stroke}`);
  const byClass = new Map<string, string[]>();
  const add = (cls: string, key: string) => {
    let list = byClass.get(cls);
    if (!list) byClass.set(cls, (list = []));
    list.push(key);
  };
  for (const node of graph.nodes) {
    if (node.start) add("start", node.key);
    if (node.kind !== "default" && node.kind !== "other") add(node.kind, node.key);
    for (const m of node.marks) add(MARK_CLASS[m], node.key);
    if (graph.focus && node.id === graph.focus.id && node.kind !== "missing") add("focus", node.key);
    if (node.faded) add("faded", node.key);
  }
  for (const def of CLASS_DEFS) if (byClass.has(def.split(" ")[1]!)) lines.push(`  ${def}`);
  for (const [cls, keys] of byClass) lines.push(`  class ${keys.join(",")} ${cls}`);
  if (globals.length > 0) lines.push(`  %% ${escapeMermaidText(getGlobalsNote(graph))}`);
  if ((options.legend ?? true) && graph.legend.length > 0) {
    lines.push("  %% Legend: full text of the labels cut short and marked [n]");
    for (const e of graph.legend) lines.push(`  %% [${e.ref}] ${escapeMermaidText(e.text)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Why GitHub (or any Mermaid with default limits) would refuse this text, as messages; empty when it fits. */
export function getMermaidLimitProblems(text: string, edgeCount: number): string[] {
  const problems: string[] = [];
  if (edgeCount > MERMAID_GITHUB_LIMITS.maxEdges) {
    problems.push(`${edgeCount} edges, more than the ${MERMAID_GITHUB_LIMITS.maxEdges} Mermaid draws by default (GitHub cannot raise this)`);
  }
  if (text.length > MERMAID_GITHUB_LIMITS.maxTextSize) {
    problems.push(`${text.length} characters, more than the ${MERMAID_GITHUB_LIMITS.maxTextSize} Mermaid accepts by default (GitHub cannot raise this)`);
  }
  return problems;
}
