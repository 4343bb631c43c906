// The default `pathway diagram -f svg` of every corpus pathway and the dense generated ones, shown 1,600 px wide in Chromium: labels >= 8 px, every name drawn.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDensePathways } from "../support/dense-pathways.js";
import { parseableCorpus } from "../support/corpus.js";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { useBrowser } from "../support/browser.js";
import { sweep } from "../support/tiers.js";

const browserEnv = { ...(process.env.PATHWAYKIT_CHROMIUM && { PATHWAYKIT_CHROMIUM: process.env.PATHWAYKIT_CHROMIUM }) };

/** The page's DOM, reached through globalThis inside page.evaluate (this package compiles without DOM types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dom = any;

/** Width a reviewer sees the picture at (a laptop screen or a pull-request page). */
const VIEW_WIDTH = 1600;

const chromium = useBrowser();

/** Every corpus file that is a pathway (bare or wrapped), and the dense generated ones, as files to draw. */
function getInputs(): { name: string; text: string; names: string[] }[] {
  // A quick run draws a few corpus files of every size; the slow tier draws them all.
  const inputs: { name: string; value: unknown; text: string }[] = sweep(
    parseableCorpus.filter((c) => !/MALFORMED|BAD-BYTE/.test(c.name)),
    4,
  ).map((c) => ({ ...c }));
  inputs.push(...getDensePathways().map((d) => ({ name: d.name, value: d.pathway, text: JSON.stringify(d.pathway) })));
  return inputs.flatMap(({ name, value, text }) => {
    const v = value as Record<string, unknown>;
    const pathway = (v["pathway_data"] ?? v["data"] ?? v) as { nodes?: { data?: { name?: unknown } }[] };
    if (!Array.isArray(pathway.nodes) || pathway.nodes.length === 0) return [];
    const names = pathway.nodes.map((n) => n?.data?.name).filter((n): n is string => typeof n === "string" && n.trim() !== "");
    return [{ name, text, names }];
  });
}

/** The smallest on-screen height of each kind of text, and how many of that kind there are. */
interface Smallest {
  px: number;
  count: number;
}

/** The SVG shown VIEW_WIDTH px wide: the smallest on-screen height of node labels, edge labels and the legend (with its notes), and the picture's whole text. */
async function measure(svg: string): Promise<{ nodes: Smallest; edges: Smallest; legend: Smallest; text: string }> {
  const page = await chromium.current.newPage();
  await page.setViewport({ width: VIEW_WIDTH + 40, height: 900 });
  await page.setJavaScriptEnabled(false);
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.setJavaScriptEnabled(true);
  const result = await page.evaluate((width: number) => {
    const document = (globalThis as unknown as { document: Dom }).document;
    const root = document.querySelector("svg");
    root.removeAttribute("height");
    root.style.maxWidth = "none";
    root.setAttribute("width", String(width));
    // A text's size on screen: its font size times the scale its SVG is drawn at (an HTML label of Mermaid's sits in a
    // foreignObject, whose scale it takes). The em size, as a font size is meant: the glyph box is about 15 % taller.
    const shownPx = (e: Dom): number => {
      const svgEl = typeof e.getScreenCTM === "function" ? e : e.closest("foreignObject");
      const scale = svgEl ? Math.hypot(svgEl.getScreenCTM().a, svgEl.getScreenCTM().b) : 1;
      return Number.parseFloat((globalThis as unknown as { getComputedStyle(e: Dom): Dom }).getComputedStyle(e).fontSize) * scale;
    };
    const smallest = (selector: string) => {
      const els: Dom[] = Array.from(document.querySelectorAll(selector));
      const sizes = els.filter((e: Dom) => (e.textContent ?? "").trim() !== "" && e.getBoundingClientRect().height > 0).map(shownPx);
      return { px: sizes.length > 0 ? Math.min(...sizes) : -1, count: sizes.length };
    };
    // Node labels: Mermaid's (HTML or SVG text inside g.node), and the Node layout's text after each node's shape.
    const nodes = smallest("g.node .nodeLabel, g.node text, g.node + text");
    // Edge labels: Mermaid's (.edgeLabel, HTML or SVG text), and the Node layout's g.edge-labels.
    const edges = smallest(".edgeLabel .nodeLabel, .edgeLabel text, .edgeLabel span, g.edge-labels text");
    // The legend below the picture (cut labels' full texts), its notes, and the texts listed under global nodes.
    const legend = smallest("g.legend text, g.notes text, text.global-edge, text.globals-note");
    // Tooltips are not in the picture: a name must be drawn (on its node, or in the legend when its label is cut).
    for (const t of Array.from(root.querySelectorAll("title")) as Dom[]) t.remove();
    return { nodes, edges, legend, text: String(root.textContent ?? "") };
  }, VIEW_WIDTH);
  await page.close();
  return result;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

describe("pathway diagram -f svg, shown 1,600 px wide", () => {
  it("draws node labels, edge labels and the legend at least 8 px high, and every node's name, for every corpus pathway and the dense generated ones", async () => {
    const dir = tempDir();
    const inputs = getInputs();
    for (const i of inputs) writeFileSync(path.join(dir, i.name), i.text);
    const r = await runMain(["diagram", ...inputs.map((i) => path.join(dir, i.name)), "-f", "svg", "-o", `${dir}/out/`, "--timeout", "150s"], {
      env: browserEnv,
    });
    expect(r.code, r.stderr).toBe(0);
    const report: { line: string; m: Awaited<ReturnType<typeof measure>>; missing: number }[] = [];
    for (const i of inputs) {
      const svg = readFileSync(path.join(dir, "out", i.name.replace(/\.json$/, ".svg")), "utf8");
      const m = await measure(svg);
      const text = collapse(m.text);
      const missing = i.names.filter((n) => !text.includes(collapse(n)));
      const say = (what: string, s: Smallest) => `${s.count} ${what}${s.count > 0 ? ` (smallest ${s.px.toFixed(1)} px)` : ""}`;
      report.push({
        line: `${i.name}: ${say("node labels", m.nodes)}, ${say("edge labels", m.edges)}, ${say("legend lines", m.legend)}, ${missing.length} names missing${missing.length ? ` (${missing.slice(0, 3).join(" | ")})` : ""}`,
        m,
        missing: missing.length,
      });
    }
    console.log(report.map((r) => r.line).join("\n"));
    for (const { line, m, missing } of report) {
      expect(m.nodes.count, line).toBeGreaterThan(0);
      for (const kind of [m.nodes, m.edges, m.legend]) if (kind.count > 0) expect(kind.px, line).toBeGreaterThanOrEqual(8);
      expect(missing, line).toBe(0);
    }
    // The dense pathways have labelled edges and cut labels: both kinds were measured.
    expect(report.filter((r) => r.m.edges.count > 0 && r.m.legend.count > 0).length).toBeGreaterThan(2);
  }, 900_000);
});
