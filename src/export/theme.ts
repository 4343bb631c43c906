// The colours every picture is drawn with (Mermaid, DOT, SVG and the review page), stated once so they read alike.
import type { DiagramNodeKind, DiagramMark } from "./directed-graph.js";

/** How a node or a mark looks: fill, outline, optional dash pattern, text colour and outline width. */
export interface Look {
  fill: string;
  stroke: string;
  dash?: string;
  text?: string;
  strokeWidth?: number;
}

/** Per node kind; default and other are Mermaid's own default colours, so a plain flowchart needs no class for them. */
export const KIND_LOOK: Readonly<Record<DiagramNodeKind, Look>> = {
  default: { fill: "#ececff", stroke: "#9370db" },
  terminal: { fill: "#eceff1", stroke: "#37474f" },
  transfer: { fill: "#e3f2fd", stroke: "#1565c0" },
  webhook: { fill: "#f3e5f5", stroke: "#6a1b9a" },
  knowledge: { fill: "#e8f5e9", stroke: "#2e7d32" },
  route: { fill: "#fff8e1", stroke: "#f9a825" },
  other: { fill: "#ececff", stroke: "#9370db" },
  missing: { fill: "#ffffff", stroke: "#c62828", dash: "5 5", text: "#c62828" },
  stub: { fill: "#fffde7", stroke: "#8d6e63", dash: "3 3", text: "#4e342e" },
};

/** Per finding mark; a mark's fill wins over the kind's, since traps and dead ends are what a reviewer must see first. */
export const MARK_LOOK: Readonly<Record<DiagramMark, Look>> = {
  unreachable: { fill: "#f5f5f5", stroke: "#9e9e9e", dash: "4 4", text: "#757575" },
  "dead-end": { fill: "#ffe0b2", stroke: "#e65100" },
  trap: { fill: "#ffcdd2", stroke: "#b71c1c", strokeWidth: 2 },
};

/** Outline of the start node, of the focused node, and the colour of voicemail edges. */
export const START_STROKE = "#1b5e20";
export const FOCUS_STROKE = "#0d47a1";
export const VOICEMAIL_STROKE = "#8e24aa";
/**
 * Context of a review drawn faded (nodes and edges away from the change): pale colours for Mermaid and DOT, which
 * cannot set an element's opacity, and the opacity the SVG and the review page draw it with.
 */
export const FADED_LOOK = { fill: "#f6f6f6", stroke: "#cfcfcf", text: "#a0a0a0", opacity: 0.3 } as const;
/** Text colour where a look names none. */
export const TEXT_COLOR = "#1a1a1a";

/** The mark whose colours a node takes: any finding before "unreachable", which is drawn by its dashes. */
export function getShownMark(marks: readonly DiagramMark[]): DiagramMark | undefined {
  return marks.find((m) => m !== "unreachable") ?? marks[0];
}
