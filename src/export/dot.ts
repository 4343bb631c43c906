// Drawing data to Graphviz DOT: the same picture as the Mermaid export, with generated ids and escaped quoted labels.
import { toDotString } from "../escape/dot.js";
import type { DiagramEdge, DiagramNode, DiagramNodeKind, DirectedGraph } from "./directed-graph.js";
import { getNodeCaption } from "./mermaid.js";

export { toDotString };

const SHAPES: Record<DiagramNodeKind, { shape: string; style?: string; fill?: string; extra?: string }> = {
  default: { shape: "box" },
  terminal: { shape: "box", style: "rounded", fill: "#eceff1" },
  transfer: { shape: "box", fill: "#e3f2fd", extra: "peripheries=2" },
  webhook: { shape: "hexagon", fill: "#f3e5f5" },
  knowledge: { shape: "cylinder", fill: "#e8f5e9" },
  route: { shape: "diamond", fill: "#fff8e1" },
  other: { shape: "parallelogram" },
  missing: { shape: "box", style: "dashed", fill: "#ffffff", extra: 'color="#c62828", fontcolor="#c62828"' },
};

const MARK_FILL = { unreachable: "#f5f5f5", "dead-end": "#ffe0b2", trap: "#ffcdd2" } as const;

function nodeStatement(node: DiagramNode, indent: string, focus: string | undefined): string {
  const look = SHAPES[node.kind];
  const styles = ["filled", ...(look.style ? [look.style] : []), ...(node.marks.includes("unreachable") ? ["dashed"] : [])];
  const attrs = [`label=${toDotString(getNodeCaption(node))}`, `shape=${look.shape}`, `style="${[...new Set(styles)].join(",")}"`];
  // A finding's colour wins over the kind's: traps and dead ends are what a reviewer must see first.
  const mark = node.marks.find((m) => m !== "unreachable") ?? node.marks[0];
  const fill = mark ? MARK_FILL[mark] : look.fill;
  if (fill) attrs.push(`fillcolor="${fill}"`);
  if (look.extra) attrs.push(look.extra);
  if (node.start) attrs.push('penwidth=3, color="#1b5e20"');
  else if (focus !== undefined && node.id === focus && node.kind !== "missing") attrs.push('penwidth=3, color="#0d47a1"');
  return `${indent}${node.key} [${attrs.join(", ")}];`;
}

function edgeStatement(edge: DiagramEdge): string {
  const attrs: string[] = [];
  if (edge.label !== undefined) attrs.push(`label=${toDotString(edge.label)}`);
  if (edge.kind !== "edge" && edge.kind !== "press") attrs.push(`style=${edge.kind === "fallback" ? "dotted" : "dashed"}`);
  if (edge.kind === "voicemail") attrs.push('color="#8e24aa"', 'fontcolor="#8e24aa"');
  return `  ${edge.from} -> ${edge.to}${attrs.length > 0 ? ` [${attrs.join(", ")}]` : ""};`;
}

/**
 * The Graphviz DOT digraph of `graph`: shapes per node kind, the start node bold, global nodes in a dashed cluster
 * with a note that they are reachable from every node, route edges dashed (fallbacks dotted), annotation marks as fill
 * colours, and the legend of cut labels as a note node.
 */
export function toDot(graph: DirectedGraph): string {
  const lines = [
    "digraph pathway {",
    `  graph [rankdir=${graph.direction}${graph.title !== "" ? `, label=${toDotString(graph.title)}, labelloc=t` : ""}];`,
    '  node [fontname="Helvetica", fillcolor="#ececff"];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const node of graph.nodes) if (!node.global) lines.push(nodeStatement(node, "  ", graph.focus?.id));
  const globals = graph.nodes.filter((n) => n.global);
  if (globals.length > 0) {
    lines.push("  subgraph cluster_globals {", `    label=${toDotString("Global nodes (reachable from every node, no edges drawn)")};`, "    style=dashed;");
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
