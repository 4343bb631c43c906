// Drawing data to a pull-request comment: a heading, a fenced mermaid block, a short key and the full text of cut labels.
import { toCount, toNounForm } from "../escape/count.js";
import { escapeMarkdownText } from "../escape/markdown.js";
import { getGlobalsNote, type DirectedGraph } from "./directed-graph.js";
import { toMermaid } from "./mermaid.js";

/** Options of `toMarkdown`; all optional. */
export interface MarkdownOptions {
  /** Heading text (default: "Pathway: <name>", or "Pathway diagram"). */
  heading?: string;
}

export { escapeMarkdownText };

const KEY = [
  "rectangle: conversation step",
  "rounded ends: End Call",
  "double sides: transfer",
  "hexagon: webhook",
  "cylinder: knowledge base",
  "diamond: route",
  "slanted: other node types",
  "dotted arrow: Route or webhook response condition",
  "purple dotted arrow: voicemail edge, taken when the transfer is not answered",
  "▶: start node",
];

/**
 * The Markdown for a pull-request comment: heading, one ```mermaid block (the legend comments left out; cut labels are
 * listed below instead), a one-line key to the shapes, the annotation key when annotated, and the numbered full texts.
 */
export function toMarkdown(graph: DirectedGraph, options: MarkdownOptions = {}): string {
  const heading =
    options.heading !== undefined
      ? escapeMarkdownText(options.heading)
      : graph.title !== ""
        ? `Pathway: ${escapeMarkdownText(graph.title)}`
        : "Pathway diagram";
  const out = [`### ${heading}`, ""];
  if (graph.focus) {
    const f = graph.focus;
    const around = f.around
      ? `the ${toCount(f.around.length, "changed node")} (${toNounForm(f.around.length, "id", "ids")} ${escapeMarkdownText(f.around.slice(0, 8).join(", "))}${f.around.length > 8 ? ", ..." : ""})`
      : `node id ${escapeMarkdownText(f.id)}`;
    out.push(
      f.fadedNodes !== undefined
        ? `The nodes within ${toCount(f.depth, "step")} of ${around} in full colour; the other ${toCount(f.fadedNodes, "node")} and ${toCount(f.fadedEdges ?? 0, "edge")} faded.`
        : `Only the nodes within ${toCount(f.depth, "step")} of ${around} (${toCount(f.omittedNodes, "node")} and ${toCount(f.omittedEdges, "edge")} left out).`,
      "",
    );
  }
  out.push("```mermaid", toMermaid(graph, { legend: false }).trimEnd(), "```", "", `Key: ${KEY.join("; ")}.`);
  if (graph.nodes.some((n) => n.global)) out.push(`Global nodes are grouped in a box. ${escapeMarkdownText(getGlobalsNote(graph))}`);
  if (graph.annotated) out.push("⚠ marks findings: unreachable (grey, dashed), dead end (orange: no way out), trap (red: a loop with no way to end the call).");
  if (graph.legend.length > 0) {
    out.push("", "<details><summary>Full text of shortened labels</summary>", "");
    for (const entry of graph.legend) out.push(`- **[${entry.ref}]** ${escapeMarkdownText(entry.text)}`);
    out.push("", "</details>");
  }
  return `${out.join("\n")}\n`;
}
