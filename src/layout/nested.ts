// ELK's graph of a flow with tag groups: each group laid out on its own as a frame, edges across its border through ports.
import { getGroupOptions, type TagGroup } from "./groups.js";
import type { LaidOutEdge, LaidOutGroup, LaidOutNode, LayoutPoint } from "./types.js";

/** A node of ELK's JSON graph as sent: a leaf with a size, or a frame with ports, children and the edges inside it. */
export interface ElkNodeIn {
  id: string;
  width?: number;
  height?: number;
  layoutOptions?: Record<string, string>;
  ports?: { id: string; layoutOptions?: Record<string, string> }[];
  children?: ElkNodeIn[];
  edges?: ElkEdgeIn[];
}
/** An edge of ELK's JSON graph as sent. */
export interface ElkEdgeIn {
  id: string;
  sources: string[];
  targets: string[];
  labels?: { text: string; width: number; height: number }[];
}
/** A node of ELK's answer: positions relative to its parent. */
export interface ElkNodeOut {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  children?: ElkNodeOut[];
  edges?: ElkEdgeOut[];
}
/** An edge of ELK's answer: points relative to its container. */
export interface ElkEdgeOut {
  id: string;
  /** The node the edge's coordinates are relative to. */
  container?: string;
  sources?: string[];
  targets?: string[];
  sections?: { startPoint: LayoutPoint; endPoint: LayoutPoint; bendPoints?: LayoutPoint[] }[];
  labels?: { x?: number; y?: number; width?: number; height?: number }[];
}

/**
 * ELK's input for a flow whose `groups` become frames. A frame is laid out on its own (ELK's default, bottom-up) by the
 * flow's options, then placed in the flow as one box. An edge that crosses a frame's border is sent as pieces joined
 * at a port on the border (ids "<frame>.<node>.<in|out>.<side>"): inside the frame "i.<port>" from the node to the port
 * or back, shared by the node's edges through that port, and "<id>" outside, between its ends or their ports; an edge
 * inside one frame is "<id>" there.
 * Laying the frames out with the rest in one pass (ELK's INCLUDE_CHILDREN) spread a 41-step sales flow over 6,395 px
 * and stopped ELK packing unconnected parts: see `npm run bench -- diagram`.
 */
export function getNestedInput(
  leaves: readonly (ElkNodeIn & { width: number; height: number })[],
  edges: readonly ElkEdgeIn[],
  groups: readonly TagGroup[],
  flowOptions: Record<string, string>,
): ElkNodeIn {
  const frameOf = new Map<string, ElkNodeIn>();
  const order = new Map(leaves.map((l, i) => [l.id, i]));
  const root: ElkNodeIn = { id: "root", layoutOptions: flowOptions, children: [], edges: [] };
  const frames = new Map(
    groups.map((g) => [
      g.id,
      {
        id: g.id,
        layoutOptions: { ...flowOptions, ...getGroupOptions(), "elk.portConstraints": "FIXED_SIDE" },
        ports: [],
        children: [],
        edges: [],
      } as ElkNodeIn,
    ]),
  );
  const groupOf = new Map(groups.flatMap((g) => g.keys.map((k) => [k, g.id] as const)));
  for (const leaf of leaves) {
    const frame = frames.get(groupOf.get(leaf.id) ?? "");
    if (!frame) root.children!.push(leaf);
    else {
      if (frame.children!.length === 0) root.children!.push(frame);
      frame.children!.push(leaf);
      frameOf.set(leaf.id, frame);
    }
  }
  // One port per node, direction and side, shared by its edges across the border: one per edge made ELK take over
  // 3 minutes on a 41-step flow with every one of its 549 edges drawn.
  const ports = new Set<string>();
  const getPort = (frame: ElkNodeIn, key: string, way: "in" | "out", side: string): string => {
    const id = `${frame.id}.${key}.${way}.${side}`;
    if (ports.has(id)) return id;
    ports.add(id);
    frame.ports!.push({ id, layoutOptions: { "elk.port.side": side } });
    frame.edges!.push({ id: `i.${id}`, sources: [way === "out" ? key : id], targets: [way === "out" ? id : key] });
    return id;
  };
  const sides = flowOptions["elk.direction"] === "RIGHT" ? { in: "WEST", out: "EAST" } : { in: "NORTH", out: "SOUTH" };
  for (const e of edges) {
    const from = frameOf.get(e.sources[0]!);
    const to = frameOf.get(e.targets[0]!);
    if (from && from === to) {
      from.edges!.push(e);
      continue;
    }
    // An edge against the breadth-first order is one ELK turns (MODEL_ORDER cycle breaking): it leaves its frame from
    // the top and enters from the bottom. Fixed sides were what kept three tagged 14-step chains straight; free ports
    // sent the edges back up from the hubs round every frame (3,110 px wide instead of 1,771).
    const back = order.get(e.targets[0]!)! <= order.get(e.sources[0]!)!;
    let source = e.sources[0]!;
    let target = e.targets[0]!;
    if (from) source = getPort(from, source, "out", back ? sides.in : sides.out);
    if (to) target = getPort(to, target, "in", back ? sides.out : sides.in);
    root.edges!.push({ ...e, sources: [source], targets: [target] });
  }
  return root;
}

/**
 * The laid-out nodes, edges and frames of ELK's answer to getNestedInput, in root coordinates (ELK gives each shape
 * relative to its parent and each edge relative to its container). An edge through ports is joined with the pieces
 * inside its frames into one line, with the label of its piece outside. Frame ids are the groups'; `tags` names them.
 */
export function readNested(
  out: ElkNodeOut,
  tags: ReadonlyMap<string, TagGroup["tag"]>,
): { nodes: LaidOutNode[]; edges: LaidOutEdge[]; frames: LaidOutGroup[] } {
  const nodes: LaidOutNode[] = [];
  const frames: LaidOutGroup[] = [];
  const origin = new Map<string, LayoutPoint>([[out.id, { x: 0, y: 0 }]]);
  const sent: { e: ElkEdgeOut; in: string }[] = [];
  const visit = (n: ElkNodeOut, dx: number, dy: number) => {
    for (const e of n.edges ?? []) sent.push({ e, in: n.id });
    for (const c of n.children ?? []) {
      const box = { x: (c.x ?? 0) + dx, y: (c.y ?? 0) + dy, width: c.width ?? 0, height: c.height ?? 0 };
      const tag = tags.get(c.id);
      if (tag) frames.push({ ...box, name: tag.name, ...(tag.color && { color: tag.color }) });
      if (tag || (c.children && c.children.length > 0)) {
        origin.set(c.id, box);
        visit(c, box.x, box.y);
      } else nodes.push({ key: c.id, ...box });
    }
  };
  visit(out, 0, 0);
  const pieces = new Map<string, { points: LayoutPoint[]; label?: LaidOutEdge["label"] }>();
  for (const { e, in: at } of sent) {
    const o = origin.get(e.container ?? at) ?? origin.get(at)!;
    const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).map((p) => ({ x: p.x + o.x, y: p.y + o.y }));
    const l = e.labels?.[0];
    pieces.set(e.id, { points, ...(l && { label: { x: (l.x ?? 0) + o.x, y: (l.y ?? 0) + o.y, width: l.width ?? 0, height: l.height ?? 0 } }) });
  }
  const ends = new Map(sent.map(({ e }) => [e.id, e]));
  const edges: LaidOutEdge[] = [];
  for (const [id, main] of pieces) {
    if (id.includes(".")) continue;
    const points: LayoutPoint[] = [];
    const [source, target] = [ends.get(id)?.sources?.[0] ?? "", ends.get(id)?.targets?.[0] ?? ""];
    for (const piece of [pieces.get(`i.${source}`), main, pieces.get(`i.${target}`)]) {
      for (const p of piece?.points ?? []) {
        const last = points[points.length - 1];
        if (!last || Math.abs(last.x - p.x) > 0.01 || Math.abs(last.y - p.y) > 0.01) points.push(p);
      }
    }
    edges.push({ index: Number(id.slice(1)), points, ...(main.label && { label: main.label }) });
  }
  return { nodes, edges, frames };
}
