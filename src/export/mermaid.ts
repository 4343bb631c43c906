// Drawing data to a Mermaid flowchart: generated ids, entity-encoded labels, fixed styles; nothing from the file is syntax.
import { escapeMermaidText } from "../escape/mermaid.js";
import type { DiagramEdge, DiagramNode, DiagramNodeKind, DirectedGraph } from "./directed-graph.js";

export { escapeMermaidText };

/** Limits of Mermaid's default configuration, which GitHub uses and does not let a document raise. */
export const MERMAID_GITHUB_LIMITS = { maxEdges: 500, maxTextSize: 50_000 } as const;

/** Options of `toMermaid`; all optional. */
export interface MermaidOptions {
  /** Draw the numbered full texts of cut labels as a "Legend" box (default true). */
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
};

/** Fixed styles (never from the file) for node kinds and annotation marks. */
const CLASS_DEFS: readonly string[] = [
  "classDef start stroke:#1b5e20,stroke-width:4px",
  "classDef terminal fill:#eceff1,stroke:#37474f",
  "classDef transfer fill:#e3f2fd,stroke:#1565c0",
  "classDef webhook fill:#f3e5f5,stroke:#6a1b9a",
  "classDef knowledge fill:#e8f5e9,stroke:#2e7d32",
  "classDef route fill:#fff8e1,stroke:#f9a825",
  "classDef missing fill:#ffffff,stroke:#c62828,stroke-dasharray:5 5,color:#c62828",
  "classDef unreachable fill:#f5f5f5,stroke:#9e9e9e,stroke-dasharray:4 4,color:#757575",
  "classDef deadEnd fill:#ffe0b2,stroke:#e65100",
  "classDef trap fill:#ffcdd2,stroke:#b71c1c,stroke-width:2px",
  "classDef legend fill:#fffde7,stroke:#bdbdbd,text-align:left",
  "classDef focus stroke:#0d47a1,stroke-width:4px",
];

const MARK_CLASS = { unreachable: "unreachable", "dead-end": "deadEnd", trap: "trap" } as const;
const MARK_TEXT = { unreachable: "unreachable", "dead-end": "dead end", trap: "trap" } as const;

/** The label text of a node as drawn: start and annotation markers are ours, the rest is the node's label. */
export function getNodeCaption(node: DiagramNode): string {
  const parts = [node.start ? `▶ ${node.label}` : node.label];
  for (const m of node.marks) parts.push(`⚠ ${MARK_TEXT[m]}`);
  if (node.hidden > 0) parts.push(`+${node.hidden} hidden edge${node.hidden === 1 ? "" : "s"}`);
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
 * only directives, styles and classes are fixed ones written here. Global nodes sit in their own subgraph with a
 * note that they are reachable from every node; Route and webhook response routes are dotted arrows.
 */
export function toMermaid(graph: DirectedGraph, options: MermaidOptions = {}): string {
  const lines = [`flowchart ${graph.direction}`];
  const globals = graph.nodes.filter((n) => n.global);
  for (const node of graph.nodes) if (!node.global) lines.push(nodeLine(node, "  "));
  if (globals.length > 0) {
    lines.push(`  subgraph globals ["${escapeMermaidText("Global nodes (reachable from every node, no edges drawn)")}"]`);
    for (const node of globals) lines.push(nodeLine(node, "    "));
    lines.push("  end");
  }
  for (const edge of graph.edges) lines.push(edgeLine(edge));
  // Voicemail edges (taken only when a transfer is not answered) get a colour of their own; indexes count every edge.
  graph.edges.forEach((edge, i) => edge.kind === "voicemail" && lines.push(`  linkStyle ${i} stroke:#8e24aa,stroke-width:2px,stroke-dasharray:6 3`));
  if ((options.legend ?? true) && graph.legend.length > 0) {
    const entries = graph.legend.map((e) => escapeMermaidText(`[${e.ref}] ${e.text}`)).join("<br/>");
    lines.push(`  subgraph legendBox ["Legend"]`, `    legend["${entries}"]`, "  end");
  }
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
  }
  if ((options.legend ?? true) && graph.legend.length > 0) add("legend", "legend");
  for (const def of CLASS_DEFS) if (byClass.has(def.split(" ")[1]!)) lines.push(`  ${def}`);
  for (const [cls, keys] of byClass) lines.push(`  class ${keys.join(",")} ${cls}`);
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
