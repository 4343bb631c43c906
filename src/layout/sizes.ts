// Box sizes for nodes, edge labels and the globals column, estimated from text length (no browser to measure in).
import { getNodeCaption, type DiagramEdge, type DiagramNode, type DirectedGraph } from "../export/index.js";

/** Width a reviewer sees a picture at (a laptop screen, a pull-request page). */
export const VIEW_WIDTH = 1600;
/** Smallest text a picture may show at VIEW_WIDTH, in pixels of font size. */
export const MIN_SHOWN_TEXT_PX = 8;
/** Font size of node captions in the SVG writers; the size estimates below assume it. */
export const NODE_FONT_SIZE = 13;
/**
 * Font size of edge labels, notes, tag captions and the lines listed under global nodes: as large as node captions, so
 * that in every picture "auto" keeps (at most MAX_AUTO_WIDTH, where 13 px is 8 px shown VIEW_WIDTH wide) every text is
 * at least MIN_SHOWN_TEXT_PX. At 11 px, edge labels and the legend of a complete graph's 2,342 px picture were 7.5 px.
 */
export const LABEL_FONT_SIZE = 13;
/** Height of one listed line (global node edges, legend) at LABEL_FONT_SIZE. */
export const LINE_HEIGHT = 17;
/** Most edges listed under a global node before "+N more". */
export const MAX_GLOBAL_LINES = 6;

/** A generous average glyph width for a sans-serif font, so estimated boxes hold the text. */
function textWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\u{1f300}-\u{1faff}]/u.test(ch) ? 1.1 : 0.62;
  return Math.ceil(units * fontSize);
}

/** The box a node is drawn in: wide enough for its caption, taller for diamonds and hexagons. */
export function getNodeSize(node: DiagramNode): { width: number; height: number } {
  const width = Math.min(420, Math.max(96, textWidth(getNodeCaption(node), NODE_FONT_SIZE) + (node.kind === "route" ? 64 : node.kind === "webhook" ? 44 : 28)));
  // A stub is a small reference beside its source, lower than a node so it reads as an annotation of it.
  return { width, height: node.kind === "route" ? 58 : node.kind === "stub" ? 28 : 40 };
}

/** The box of an edge label. */
export function getLabelSize(edge: DiagramEdge): { width: number; height: number } | undefined {
  return edge.label === undefined ? undefined : { width: textWidth(edge.label, LABEL_FONT_SIZE) + 8, height: LABEL_FONT_SIZE + 6 };
}

/** One line listing an edge of a global node: "in: from X · label" or "out: to Y · label". */
export function getGlobalEdgeLines(graph: DirectedGraph, node: DiagramNode, globalEdges: readonly number[]): string[] {
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const lines: string[] = [];
  for (const i of globalEdges) {
    const e = graph.edges[i]!;
    const label = e.label === undefined ? "" : ` · ${e.label}`;
    if (e.to === node.key) lines.push(`in: from ${byKey.get(e.from)?.label ?? e.from}${label}`);
    if (e.from === node.key && e.to !== node.key) lines.push(`out: to ${byKey.get(e.to)?.label ?? e.to}${label}`);
  }
  if (lines.length > MAX_GLOBAL_LINES) return [...lines.slice(0, MAX_GLOBAL_LINES - 1), `+${lines.length - MAX_GLOBAL_LINES + 1} more`];
  return lines;
}

/** Width of a listed line of text, at LABEL_FONT_SIZE or the size given. */
export function getLineWidth(text: string, fontSize: number = LABEL_FONT_SIZE): number {
  return textWidth(text, fontSize);
}

/**
 * The font size of text laid out after a picture `pictureWidth` wide (its legend and notes): LABEL_FONT_SIZE, or more
 * when the picture is so wide that it would be under MIN_SHOWN_TEXT_PX shown VIEW_WIDTH wide (`--engine elk` or
 * `mermaid` asked for, which "auto" would have drawn narrower).
 */
export function getShownFontSize(pictureWidth: number): number {
  return Math.max(LABEL_FONT_SIZE, Math.ceil((MIN_SHOWN_TEXT_PX * pictureWidth) / VIEW_WIDTH));
}

/** The note of the globals box: true of every drawing, since edges of global nodes are listed under them, never drawn. */
export const GLOBALS_NOTE = "Entered from any node when the caller matches their global label; their own edges are listed, not drawn.";
