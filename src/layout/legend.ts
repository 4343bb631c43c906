// The legend of cut labels as an SVG block below a picture (never a node in the flow), and a finished SVG with it appended.
import type { LegendEntry } from "../export/index.js";
import { escapeHtml } from "../escape/html.js";
import { MARGIN } from "./place.js";
import { getLineWidth, getShownFontSize } from "./sizes.js";

/** Legend lines wrap at this width at least, however narrow the picture above them. */
const MIN_WRAP_WIDTH = 480;
/** Lines wrap at this width at most, so a very wide picture does not make one-line paragraphs nobody can follow. */
const MAX_WRAP_WIDTH = 1600;

/** A legend laid out: its lines (wrapped), its size, and `draw(top)` giving its SVG elements with the block's top at `top`. */
export interface LegendBlock {
  width: number;
  height: number;
  lines: string[];
  draw(top: number): string;
}

/** `text` broken at spaces into lines no wider than `width` at `fontSize` (a word longer than that gets a line of its own). */
export function wrap(text: string, width: number, fontSize?: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && getLineWidth(next, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * The numbered full texts of `legend` as a block to put below a picture `pictureWidth` wide, after any `notes` (such as
 * what the globals box means): a bold "Legend" title and one entry per cut label, wrapped to the picture's width
 * (within 480-1600 px), at a font size that stays at least 8 px when the picture is shown 1,600 px wide
 * (getShownFontSize). Text is escaped with `escapeHtml`.
 */
export function getLegendBlock(legend: readonly LegendEntry[], pictureWidth: number, notes: readonly string[] = []): LegendBlock {
  const font = getShownFontSize(pictureWidth);
  const line = Math.round(font * 1.3);
  const wrapWidth = Math.min(MAX_WRAP_WIDTH, Math.max(MIN_WRAP_WIDTH, pictureWidth - 2 * MARGIN));
  const noteLines = notes.flatMap((n) => wrap(n, wrapWidth, font));
  const legendLines = legend.flatMap((e) => wrap(`[${e.ref}] ${e.text}`, wrapWidth, font));
  const lines = [...noteLines, ...legendLines];
  const width = Math.ceil(Math.max(0, ...lines.map((l) => getLineWidth(l, font))) + 2 * MARGIN);
  // A first line's baseline sits a line below the block's top; the title's (as large again by a third) a little more.
  const notesHeight = noteLines.length > 0 ? Math.round(font * 0.6) + noteLines.length * line : 0;
  const title = Math.round(font * 1.3);
  const legendHeight = legendLines.length > 0 ? title + Math.round(font * 0.9) + legendLines.length * line : 0;
  const height = lines.length > 0 ? notesHeight + legendHeight + MARGIN : 0;
  const draw = (top: number): string => {
    const out: string[] = [];
    if (noteLines.length > 0) {
      out.push(`<g class="notes" font-size="${font}" fill="#555">`);
      noteLines.forEach((text, i) => out.push(`<text x="${MARGIN}" y="${top + line + i * line}">${escapeHtml(text)}</text>`));
      out.push(`</g>`);
    }
    if (legendLines.length > 0) {
      const at = top + notesHeight;
      out.push(`<g class="legend" font-size="${font}" fill="#333"><text x="${MARGIN}" y="${at + title}" font-size="${title}" font-weight="bold">Legend</text>`);
      legendLines.forEach((text, i) => out.push(`<text x="${MARGIN}" y="${at + title + line + i * line}">${escapeHtml(text)}</text>`));
      out.push(`</g>`);
    }
    return out.join("\n");
  };
  return { width, height, lines, draw };
}

/** The size of a finished SVG from its root element's `width`/`height` attributes, else its `viewBox`. */
function getSvgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1];
  const width = Number.parseFloat(attr("width") ?? "");
  const height = Number.parseFloat(attr("height") ?? "");
  if (width > 0 && height > 0) return { width, height };
  const box = (attr("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return box.length === 4 && box[2]! > 0 && box[3]! > 0 ? { width: box[2]!, height: box[3]! } : undefined;
}

/**
 * `svg` (a finished picture such as Mermaid's flowchart) with `notes` and the legend below it, as one standalone SVG: the
 * picture is nested unchanged at the top, the block under it, on a `background` rectangle. Returns `svg` itself when
 * there is nothing to add; throws when the picture's size cannot be read (no width/height or viewBox on its root).
 */
export function appendLegend(svg: string, legend: readonly LegendEntry[], notes: readonly string[] = [], background = "white"): string {
  if (legend.length === 0 && notes.length === 0) return svg;
  const size = getSvgSize(svg);
  if (!size) throw new Error("the picture has no width, height or viewBox, so its legend cannot be placed below it");
  const block = getLegendBlock(legend, size.width, notes);
  const width = Math.ceil(Math.max(size.width, block.width));
  const height = Math.ceil(size.height + block.height);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="100%" height="100%" fill="${escapeHtml(background)}"/>`,
    svg.replace(/^\s*<\?xml[^>]*>\s*/, "").trim(),
    block.draw(Math.ceil(size.height)),
    `</svg>`,
    "",
  ].join("\n");
}
