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

/** The SVG shown VIEW_WIDTH px wide: the smallest on-screen height of a node label, and the picture's whole text. */
async function measure(svg: string): Promise<{ minLabelPx: number; labels: number; text: string }> {
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
    // Node labels: Mermaid's (HTML or SVG text inside g.node), and the Node layout's text after each node's shape.
    const els: Dom[] = Array.from(document.querySelectorAll("g.node .nodeLabel, g.node text, g.node + text"));
    const heights = els.filter((e: Dom) => (e.textContent ?? "").trim() !== "").map((e: Dom) => e.getBoundingClientRect().height as number);
    // Tooltips are not in the picture: a name must be drawn (on its node, or in the legend when its label is cut).
    for (const t of Array.from(root.querySelectorAll("title")) as Dom[]) t.remove();
    return { minLabelPx: heights.length > 0 ? Math.min(...heights) : 0, labels: heights.length, text: String(root.textContent ?? "") };
  }, VIEW_WIDTH);
  await page.close();
  return result;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

describe("pathway diagram -f svg, shown 1,600 px wide", () => {
  it("draws node labels at least 8 px high and every node's name, for every corpus pathway and the dense generated ones", async () => {
    const dir = tempDir();
    const inputs = getInputs();
    for (const i of inputs) writeFileSync(path.join(dir, i.name), i.text);
    const r = await runMain(["diagram", ...inputs.map((i) => path.join(dir, i.name)), "-f", "svg", "-o", `${dir}/out/`, "--timeout", "150s"], {
      env: browserEnv,
    });
    expect(r.code, r.stderr).toBe(0);
    const report: string[] = [];
    for (const i of inputs) {
      const svg = readFileSync(path.join(dir, "out", i.name.replace(/\.json$/, ".svg")), "utf8");
      const m = await measure(svg);
      const text = collapse(m.text);
      const missing = i.names.filter((n) => !text.includes(collapse(n)));
      report.push(
        `${i.name}: ${m.labels} labels, smallest ${m.minLabelPx.toFixed(1)} px, ${missing.length} names missing${missing.length ? ` (${missing.slice(0, 3).join(" | ")})` : ""}`,
      );
    }
    for (const line of report) {
      const [, px, missing] = /smallest ([\d.]+) px, (\d+) names missing/.exec(line)!;
      expect(Number(px), line).toBeGreaterThanOrEqual(8);
      expect(Number(missing), line).toBe(0);
    }
  }, 900_000);
});
