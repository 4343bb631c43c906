// Drawing data to Graphviz DOT: the same picture as the Mermaid export, with generated ids and escaped quoted labels.
import { toDotString } from "../escape/dot.js";
import { getGlobalsNote, type DiagramEdge, type DiagramNode, type DiagramNodeKind, type DirectedGraph } from "./directed-graph.js";
import { getNodeCaption } from "./mermaid.js";
import { FADED_LOOK, FOCUS_STROKE, getShownMark, KIND_LOOK, MARK_LOOK, START_STROKE, VOICEMAIL_STROKE } from "./theme.js";

/** Pale colours of faded context, written last so they win over the kind's and the mark's (Graphviz keeps the last value). */
const FADED_ATTRS = `color="${FADED_LOOK.stroke}", fontcolor="${FADED_LOOK.text}"`;

const DEFAULT_FILL = KIND_LOOK.default.fill;

export { toDotString };

const SHAPES: Record<DiagramNodeKind, { shape: string; style?: string; extra?: string }> = {
  default: { shape: "box" },
  terminal: { shape: "box", style: "rounded" },
  transfer: { shape: "box", extra: "peripheries=2" },
  webhook: { shape: "hexagon" },
  knowledge: { shape: "cylinder" },
  route: { shape: "diamond" },
  other: { shape: "parallelogram" },
  missing: { shape: "box", style: "dashed", extra: `color="${KIND_LOOK.missing.stroke}", fontcolor="${KIND_LOOK.missing.text}"` },
  stub: { shape: "cds", extra: `color="${KIND_LOOK.stub.stroke}", fontsize=10` },
};

function nodeStatement(node: DiagramNode, indent: string, focus: string | undefined): string {
  const look = SHAPES[node.kind];
  const styles = ["filled", ...(look.style ? [look.style] : []), ...(node.marks.includes("unreachable") ? ["dashed"] : [])];
  const attrs = [`label=${toDotString(getNodeCaption(node))}`, `shape=${look.shape}`, `style="${[...new Set(styles)].join(",")}"`];
  const mark = getShownMark(node.marks);
  const fill = mark ? MARK_LOOK[mark].fill : KIND_LOOK[node.kind].fill;
  // Kinds in the default colours take the graph's node default instead of repeating it on every node.
  if (fill !== DEFAULT_FILL) attrs.push(`fillcolor="${fill}"`);
  if (look.extra) attrs.push(look.extra);
  if (node.start) attrs.push(`penwidth=3, color="${START_STROKE}"`);
  else if (focus !== undefined && node.id === focus && node.kind !== "missing") attrs.push(`penwidth=3, color="${FOCUS_STROKE}"`);
  if (node.faded) attrs.push(`${FADED_ATTRS}, fillcolor="${FADED_LOOK.fill}"`);
  return `${indent}${node.key} [${attrs.join(", ")}];`;
}

function edgeStatement(edge: DiagramEdge): string {
  const attrs: string[] = [];
  if (edge.label !== undefined) attrs.push(`label=${toDotString(edge.label)}`);
  if (edge.kind !== "edge" && edge.kind !== "press") attrs.push(`style=${edge.kind === "fallback" ? "dotted" : "dashed"}`);
  if (edge.kind === "voicemail" && !edge.faded) attrs.push(`color="${VOICEMAIL_STROKE}"`, `fontcolor="${VOICEMAIL_STROKE}"`);
  if (edge.faded) attrs.push(FADED_ATTRS);
  return `  ${edge.from} -> ${edge.to}${attrs.length > 0 ? ` [${attrs.join(", ")}]` : ""};`;
}

/**
 * The Graphviz DOT digraph of `graph`: shapes per node kind, the start node bold, global nodes in a dashed cluster
 * with a note saying how they are entered and which of their edges are drawn, route edges dashed (fallbacks dotted), annotation marks as fill
 * colours, and the legend of cut labels as a note node.
 */
export function toDot(graph: DirectedGraph): string {
  const lines = [
    "digraph pathway {",
    `  graph [rankdir=${graph.direction}${graph.title !== "" ? `, label=${toDotString(graph.title)}, labelloc=t` : ""}];`,
    `  node [fontname="Helvetica", fillcolor="${DEFAULT_FILL}"];`,
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const node of graph.nodes) if (!node.global) lines.push(nodeStatement(node, "  ", graph.focus?.id));
  const globals = graph.nodes.filter((n) => n.global);
  if (globals.length > 0) {
    lines.push("  subgraph cluster_globals {", `    label=${toDotString(getGlobalsNote(graph))};`, "    style=dashed;");
    for (const node of globals) lines.push(nodeStatement(node, "    ", graph.focus?.id));
    lines.push("  }");
  }
  for (const edge of graph.edges) lines.push(edgeStatement(edge));
  if (graph.legend.length > 0) {
    // `\l` ends a left-justified line; data cannot produce one because toDotString doubles its backslashes.
    const text = graph.legend.map((e) => toDotString(`[${e.ref}] ${e.text}`).slice(1, -1)).join("\\l");
    lines.push(`  legend [shape=note, style=filled, fillcolor="#fffde7", label="Legend\\l${text}\\l"];`);
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
