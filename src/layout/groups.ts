// Groups flow nodes by their tag name for ELK: one frame per tag shared by two or more nodes, with a caption band.
import type { DiagramNode, DiagramTag, DirectedGraph } from "../export/index.js";
import { wrap } from "./legend.js";
import { getLineWidth } from "./sizes.js";

/** Height of one line of a frame's caption, in the band above its nodes. */
export const GROUP_CAPTION_LINE = 17;
/** Most lines a frame's caption wraps over; the rest is cut with "…" (the full name is the frame's tooltip). */
export const CAPTION_LINES = 2;
/** Room between a frame's border and its nodes. */
export const GROUP_PAD = 10;

/** A tag drawn as a frame: its generated id (never from the file), its tag and the keys of its nodes. */
export interface TagGroup {
  id: string;
  tag: DiagramTag;
  keys: string[];
}

/**
 * The groups of `nodes` (in their order) by tag name; a tag on one node only is no group (a frame around one node
 * tells nothing the node does not). The first node's colour names the group. A stub (a reference beside its source,
 * see simplifyGraph) joins its source's group, so it stays beside it.
 */
export function getTagGroups(graph: DirectedGraph, nodes: readonly DiagramNode[]): TagGroup[] {
  const byName = new Map<string, TagGroup>();
  const tagOf = new Map<string, DiagramTag>();
  for (const n of nodes) if (n.tag) tagOf.set(n.key, n.tag);
  const stubSource = new Map(graph.edges.map((e) => [e.to, e.from]));
  for (const n of nodes) {
    const tag = n.tag ?? (n.kind === "stub" ? tagOf.get(stubSource.get(n.key) ?? "") : undefined);
    if (!tag) continue;
    let group = byName.get(tag.name);
    if (!group) byName.set(tag.name, (group = { id: "", tag, keys: [] }));
    group.keys.push(n.key);
  }
  return [...byName.values()].filter((g) => g.keys.filter((k) => tagOf.has(k)).length > 1).map((g, i) => ({ ...g, id: `g${i}` }));
}

/** ELK options of a group's compound node: padding with a caption band of CAPTION_LINES lines. */
export function getGroupOptions(): Record<string, string> {
  const top = CAPTION_LINES * GROUP_CAPTION_LINE + GROUP_PAD;
  return { "elk.padding": `[top=${top},left=${GROUP_PAD},bottom=${GROUP_PAD},right=${GROUP_PAD}]` };
}

/** True when two or more flow nodes of `graph` share a tag name, so ELK's layout has frames to try. */
export function hasTagGroups(graph: DirectedGraph): boolean {
  const seen = new Set<string>();
  for (const n of graph.nodes) {
    if (!n.tag || n.global) continue;
    if (seen.has(n.tag.name)) return true;
    seen.add(n.tag.name);
  }
  return false;
}

/**
 * A frame's caption: its tag name wrapped to `width` over at most CAPTION_LINES lines, the last cut with "…" when the
 * name is longer (real exports name tags by whole sentences; the full name is the frame's tooltip). A caption never
 * sets a frame's width: that widened one real export's picture past what shows readable 1,600 px wide.
 */
export function getCaptionLines(name: string, width: number): string[] {
  const fitCaption = (text: string) => {
    let cut = text;
    while (cut.length > 1 && getLineWidth(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const lines = wrap(name, width).flatMap((line) => (getLineWidth(line) > width ? [fitCaption(line)] : [line]));
  if (lines.length <= CAPTION_LINES) return lines;
  return [...lines.slice(0, CAPTION_LINES - 1), fitCaption(lines.slice(CAPTION_LINES - 1).join(" "))];
}
