// The shape of a laid-out diagram: node boxes, edge polylines and label boxes, with global nodes kept in a box apart.

/** A point in layout coordinates (pixels at 1:1, y downwards). */
export interface LayoutPoint {
  x: number;
  y: number;
}

/** A placed rectangle. */
export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One placed node, by the generated key of the `DirectedGraph` node. */
export interface LaidOutNode extends LayoutBox {
  key: string;
}

/** One routed flow edge: the index into `DirectedGraph.edges`, its polyline and, when it has one, its label box. */
export interface LaidOutEdge {
  index: number;
  points: LayoutPoint[];
  label?: LayoutBox;
}

/** A frame around the nodes that share a tag: the tag's name as its caption, its colour when plain. */
export interface LaidOutGroup extends LayoutBox {
  name: string;
  color?: string;
}

/** Which engine placed the flow. "layered" is ELK's layered algorithm; "ranks" is the quick fallback for huge graphs. */
export type LayoutEngine = "elk" | "ranks";

/**
 * A laid-out diagram. The flow (every non-global node and the edges between them) fills `flow`; global nodes sit in
 * `globals`, a column to the right, since they are entered from anywhere and drawing those edges would cross everything.
 * Edges that touch a global node are not routed: `globalEdges` lists their indexes so writers can list them instead.
 */
export interface GraphLayout {
  engine: LayoutEngine;
  width: number;
  height: number;
  flow: LayoutBox;
  globals?: LayoutBox;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  globalEdges: number[];
  /** Frames of the tag groups (ELK layout only): nodes sharing a `data.tag` name are placed together inside one. */
  groups?: LaidOutGroup[];
  /**
   * Set when ELK placed the nodes by a spanning forest of the flow (large graphs): this many flow edges were then drawn
   * as straight lines with their labels at the middle, where they can cross nodes and each other.
   */
  straightEdges?: number;
}
