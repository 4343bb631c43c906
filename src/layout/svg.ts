// A laid-out diagram as a standalone SVG: shapes per node kind, routed edges with their labels, globals apart, legend below.
import {
  FADED_LOOK,
  getNodeCaption,
  getTooltipText,
  getShownMark,
  KIND_LOOK,
  MARK_LOOK,
  START_STROKE,
  TEXT_COLOR,
  VOICEMAIL_STROKE,
  type DiagramNode,
  type DiagramNodeKind,
  type DirectedGraph,
} from "../export/index.js";
import { escapeHtml } from "../escape/html.js";
import { getCaptionLines, GROUP_CAPTION_LINE, GROUP_PAD } from "./groups.js";
import { getLegendBlock } from "./legend.js";
import { MARGIN } from "./place.js";
import { getGlobalEdgeLines, GLOBALS_NOTE, LABEL_FONT_SIZE, LINE_HEIGHT, NODE_FONT_SIZE } from "./sizes.js";
import type { GraphLayout, LaidOutGroup, LaidOutNode } from "./types.js";

const n2 = (v: number) => (Math.round(v * 10) / 10).toString();
/** The attribute that draws faded context (away from a review's change) pale; nothing for everything else. */
const fadedAttr = (item: { faded?: true }) => (item.faded ? ` opacity="${FADED_LOOK.opacity}"` : "");

/** One SVG element of a node's outline: a fixed tag and numeric/path attributes computed here (never from the file). */
export interface ShapeElement {
  tag: "rect" | "polygon" | "path";
  attrs: Record<string, string>;
}

/** The outline of a node of `kind` in box `b`: what both the SVG writer and the report page draw. */
export function getNodeShapes(kind: DiagramNodeKind, b: { x: number; y: number; width: number; height: number }): ShapeElement[] {
  const { x, y, width: w, height: h } = b;
  const rect = (extra: Record<string, string> = {}): ShapeElement => ({ tag: "rect", attrs: { x: n2(x), y: n2(y), width: n2(w), height: n2(h), ...extra } });
  const poly = (list: [number, number][]): ShapeElement => ({ tag: "polygon", attrs: { points: list.map(([px, py]) => `${n2(px)},${n2(py)}`).join(" ") } });
  switch (kind) {
    case "terminal":
      return [rect({ rx: n2(h / 2) })];
    case "transfer":
      return [rect(), { tag: "path", attrs: { d: `M${n2(x + 8)},${n2(y)}v${n2(h)}M${n2(x + w - 8)},${n2(y)}v${n2(h)}`, fill: "none" } }];
    case "webhook":
      return [
        poly([
          [x + 14, y],
          [x + w - 14, y],
          [x + w, y + h / 2],
          [x + w - 14, y + h],
          [x + 14, y + h],
          [x, y + h / 2],
        ]),
      ];
    case "route":
      return [
        poly([
          [x + w / 2, y],
          [x + w, y + h / 2],
          [x + w / 2, y + h],
          [x, y + h / 2],
        ]),
      ];
    case "knowledge":
      return [
        { tag: "path", attrs: { d: `M${n2(x)},${n2(y + 6)}a${n2(w / 2)},6 0 0 1 ${n2(w)},0v${n2(h - 12)}a${n2(w / 2)},6 0 0 1 ${n2(-w)},0z` } },
        { tag: "path", attrs: { d: `M${n2(x)},${n2(y + 6)}a${n2(w / 2)},6 0 0 0 ${n2(w)},0`, fill: "none" } },
      ];
    case "stub":
      return [
        poly([
          [x, y],
          [x + w - 10, y],
          [x + w, y + h / 2],
          [x + w - 10, y + h],
          [x, y + h],
        ]),
      ];
    case "other":
      return [
        poly([
          [x + 10, y],
          [x + w, y],
          [x + w - 10, y + h],
          [x, y + h],
        ]),
      ];
    default:
      return [rect({ rx: "3" })];
  }
}

/** The fill, stroke and dash a node is drawn with: its kind's colours, a finding's fill, a thick green outline at the start. */
export function getNodeLook(node: DiagramNode): { fill: string; stroke: string; strokeWidth: string; dash?: string; text: string } {
  const look = KIND_LOOK[node.kind];
  const mark = getShownMark(node.marks);
  const dash = look.dash ?? (node.marks.includes("unreachable") ? MARK_LOOK.unreachable.dash : undefined);
  return {
    fill: mark ? MARK_LOOK[mark].fill : look.fill,
    stroke: node.start ? START_STROKE : look.stroke,
    strokeWidth: node.start ? "4" : "1.5",
    ...(dash && { dash }),
    text: look.text ?? TEXT_COLOR,
  };
}

/**
 * The tooltip of what a drawing hides: the legend entry of a stub, a merged line (its edges and labels) or a cut label
 * (its full text), or a hub's count of edges drawn as stubs. Empty for everything else. Escaped: the text is the file's.
 */
function hiddenTitle(graph: DirectedGraph, item: { note?: number; stubbedIn?: number }): string {
  const text = getTooltipText(graph, item);
  return text === "" ? "" : `<title>${escapeHtml(text)}</title>`;
}

function nodeElement(graph: DirectedGraph, node: DiagramNode, box: LaidOutNode): string {
  const look = getNodeLook(node);
  const shape = getNodeShapes(node.kind, box)
    .map(
      (el) =>
        `<${el.tag} ${Object.entries(el.attrs)
          .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
          .join(" ")}/>`,
    )
    .join("");
  const text = `<text x="${n2(box.x + box.width / 2)}" y="${n2(box.y + box.height / 2)}" text-anchor="middle" dominant-baseline="central" font-size="${NODE_FONT_SIZE}" fill="${look.text}"${fadedAttr(node)}>${escapeHtml(getNodeCaption(node))}</text>`;
  return `<g class="node ${node.kind}${node.start ? " start" : ""}${node.faded ? " faded" : ""}"${fadedAttr(node)} data-key="${node.key}" fill="${look.fill}" stroke="${look.stroke}" stroke-width="${look.strokeWidth}"${look.dash ? ` stroke-dasharray="${look.dash}"` : ""}>${hiddenTitle(graph, node)}${shape}</g>${text}`;
}

/** A tag group's frame: a light fill and outline in the tag's colour (already checked plain by getPlainColor), its name on top. */
function groupFrame(f: LaidOutGroup): string {
  const color = escapeHtml(f.color ?? "#9e9e9e");
  const caption = getCaptionLines(f.name, f.width - 2 * GROUP_PAD)
    .map(
      (line, i) =>
        `<text x="${n2(f.x + GROUP_PAD)}" y="${n2(f.y + GROUP_PAD + (i + 0.5) * GROUP_CAPTION_LINE)}" dominant-baseline="central" font-size="${LABEL_FONT_SIZE}" fill="#333">${escapeHtml(line)}</text>`,
    )
    .join("");
  return (
    `<g class="group"><title>${escapeHtml(f.name)}</title><rect x="${n2(f.x)}" y="${n2(f.y)}" width="${n2(f.width)}" height="${n2(f.height)}" rx="6" fill="${color}" fill-opacity="0.06" stroke="${color}" stroke-opacity="0.6"/>` +
    `${caption}</g>`
  );
}

/** Options of `toSvg`; all optional. */
export interface SvgOptions {
  /** Draw the numbered full texts of cut labels below the picture (default true). */
  legend?: boolean;
  /** Background colour (default "white"). */
  background?: string;
}

/**
 * The standalone SVG of `graph` laid out as `layout`. Every piece of pathway text is escaped with `escapeHtml` and
 * written as text content; nothing from the file becomes an element, attribute name, URL or style. The legend and the
 * globals box sit outside the flow, and the globals note says what is drawn: their edges are listed, not drawn.
 */
export function toSvg(graph: DirectedGraph, layout: GraphLayout, options: SvgOptions = {}): string {
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const header = graph.title !== "" ? 30 : 0;
  const legend = getLegendBlock((options.legend ?? true) ? graph.legend : [], layout.width);
  const width = Math.ceil(Math.max(layout.width, 240, legend.width));
  const height = Math.ceil(layout.height + header + legend.height + (layout.straightEdges !== undefined ? 20 : 0));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#333"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="${escapeHtml(options.background ?? "white")}"/>`,
  ];
  if (layout.straightEdges !== undefined) {
    out.push(
      `<text x="${MARGIN}" y="${height - 8}" font-size="${LABEL_FONT_SIZE}" fill="#555">${escapeHtml(`${layout.straightEdges} of the edges are drawn as straight lines (large graph: nodes placed by a spanning tree); their labels may overlap.`)}</text>`,
    );
  }
  if (header > 0) out.push(`<text x="${MARGIN}" y="24" font-size="16" font-weight="bold" fill="#1a1a1a">${escapeHtml(graph.title)}</text>`);
  out.push(`<g transform="translate(0,${header})">`);
  for (const f of layout.groups ?? []) out.push(groupFrame(f));
  out.push(`<g class="edges" fill="none" stroke="#333" stroke-width="1.3">`);
  for (const e of layout.edges) {
    const edge = graph.edges[e.index]!;
    if (e.points.length < 2) continue;
    const d = e.points.map((p, i) => `${i === 0 ? "M" : "L"}${n2(p.x)},${n2(p.y)}`).join("");
    // As in the Mermaid export: edges and press targets solid, conditions and responses dotted, voicemail purple.
    const dotted = edge.kind !== "edge" && edge.kind !== "press";
    const title = hiddenTitle(graph, edge);
    const attrs = `d="${d}" marker-end="url(#arrow)"${dotted ? ` stroke-dasharray="5 4"` : ""}${edge.kind === "voicemail" ? ` stroke="${VOICEMAIL_STROKE}"` : ""}${fadedAttr(edge)}`;
    out.push(title === "" ? `<path ${attrs}/>` : `<path ${attrs}>${title}</path>`);
  }
  out.push(`</g><g class="edge-labels" font-size="${LABEL_FONT_SIZE}">`);
  for (const e of layout.edges) {
    const edge = graph.edges[e.index]!;
    if (!e.label || edge.label === undefined) continue;
    const l = e.label;
    out.push(
      `<rect x="${n2(l.x)}" y="${n2(l.y)}" width="${n2(l.width)}" height="${n2(l.height)}" fill="#ffffff" fill-opacity="0.9"/>`,
      `<text x="${n2(l.x + l.width / 2)}" y="${n2(l.y + l.height / 2)}" text-anchor="middle" dominant-baseline="central" fill="#333"${fadedAttr(edge)}>${escapeHtml(edge.label)}</text>`,
    );
  }
  out.push(`</g>`);
  if (layout.globals) {
    const g = layout.globals;
    out.push(
      `<rect class="globals" x="${n2(g.x)}" y="${n2(g.y)}" width="${n2(g.width)}" height="${n2(g.height)}" fill="#fafafa" stroke="#9e9e9e" stroke-dasharray="6 4" rx="6"/>`,
      `<text x="${n2(g.x + 12)}" y="${n2(g.y + 18)}" font-size="13" font-weight="bold" fill="#1a1a1a">Global nodes</text>`,
      `<text class="globals-note" x="${n2(g.x + 12)}" y="${n2(g.y + 36)}" font-size="${LABEL_FONT_SIZE}" fill="#555">${escapeHtml(GLOBALS_NOTE)}</text>`,
    );
  }
  for (const box of layout.nodes) {
    const node = byKey.get(box.key);
    if (!node) continue;
    out.push(nodeElement(graph, node, box));
    if (node.global) {
      getGlobalEdgeLines(graph, node, layout.globalEdges).forEach((line, i) => {
        out.push(
          `<text class="global-edge" x="${n2(box.x + 4)}" y="${n2(box.y + box.height + LINE_HEIGHT + i * LINE_HEIGHT)}" font-size="${LABEL_FONT_SIZE}" fill="#333">${escapeHtml(line)}</text>`,
        );
      });
    }
  }
  out.push(`</g>`);
  if (legend.lines.length > 0) out.push(legend.draw(header + layout.height));
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}
