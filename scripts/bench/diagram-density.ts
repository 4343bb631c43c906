// Bench: how readable the default image of each corpus file and each dense generated pathway is: size, crossings, label height at 1,600 px.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CORPUS_DIR, hasCorpus } from "../../test/support/corpus-dir.js";
import { getDensePathways } from "../../test/support/dense-pathways.js";
import { loadShipped, type BenchRow, type BenchSuite } from "./measure.js";

const exportLayer = await loadShipped<typeof import("../../src/export/index.js")>("export");
const layoutLayer = await loadShipped<typeof import("../../src/layout/index.js")>("layout");

const { VIEW_WIDTH, NODE_FONT_SIZE, LABEL_FONT_SIZE } = layoutLayer;
/** One drawing's numbers: the SVG's size, crossings of the drawn lines, node captions and the smallest other text (edge labels, legend) shown 1,600 px wide. */
export interface Readability {
  width: number;
  /** Tag frames drawn (nodes sharing a data.tag name; the layout keeps them only when the picture is no worse). */
  frames: number;
  height: number;
  crossings: number | undefined;
  labelPx: number;
  /** Edge labels, the legend and the lines under global nodes, shown VIEW_WIDTH wide. */
  edgeLabelPx: number;
  lines: number;
  ms: number;
}

/** Lays `pathway` out in Node as `pathway diagram -f svg` does beyond Mermaid's size, with or without merged lines. */
export async function measureDrawing(pathway: unknown, merge: boolean): Promise<Readability> {
  const start = performance.now();
  const full = exportLayer.toDirectedGraph(pathway as Parameters<typeof exportLayer.toDirectedGraph>[0]);
  const simplify = (exportLayer as { simplifyGraph?: (g: typeof full) => typeof full }).simplifyGraph;
  const graph = merge && simplify ? simplify(full) : full;
  const layout = await layoutLayer.getGraphLayout(graph, { timeoutMs: 180_000 });
  const svg = layoutLayer.toSvg(graph, layout);
  const width = Number(/width="(\d+)"/.exec(svg)![1]);
  const height = Number(/height="(\d+)"/.exec(svg)![1]);
  const ms = performance.now() - start;
  // The legend's font grows with the picture (getShownFontSize); edge labels are LABEL_FONT_SIZE.
  const legendFont = Math.min(...[...svg.matchAll(/class="(?:legend|notes)" font-size="(\d+)"/g)].map((m) => Number(m[1])), Number.POSITIVE_INFINITY);
  const smallest = Math.min(LABEL_FONT_SIZE, legendFont);
  return {
    width,
    height,
    crossings: layoutLayer.countCrossings(layout.edges),
    labelPx: (NODE_FONT_SIZE * VIEW_WIDTH) / width,
    edgeLabelPx: (smallest * VIEW_WIDTH) / width,
    lines: layout.edges.length,
    frames: layout.groups?.length ?? 0,
    ms,
  };
}

function describe(r: Readability): string {
  return `${r.width}x${r.height} px, ${r.lines} lines, ${r.crossings ?? "n/a"} crossings, ${r.frames} tag frames, node labels ${r.labelPx.toFixed(1)} px, edge labels and legend ${r.edgeLabelPx.toFixed(1)} px at ${VIEW_WIDTH} wide, ${(r.ms / 1000).toFixed(1)} s`;
}

/** Every corpus pathway that loads, and the dense generated ones. */
function getInputs(): { name: string; pathway: unknown }[] {
  const inputs: { name: string; pathway: unknown }[] = [];
  if (hasCorpus) {
    for (const name of readdirSync(CORPUS_DIR)
      .filter((f) => f.endsWith(".json") && !/MALFORMED|BAD-BYTE/.test(f))
      .sort()) {
      try {
        const value = JSON.parse(readFileSync(path.join(CORPUS_DIR, name), "utf8")) as Record<string, unknown>;
        const pathway = (value["pathway_data"] ?? value["data"] ?? value) as { nodes?: unknown };
        if (Array.isArray(pathway.nodes)) inputs.push({ name, pathway });
      } catch {
        // Files that are not JSON are the other tests' business.
      }
    }
  }
  return [...inputs, ...getDensePathways()];
}

export const diagramDensitySuite: BenchSuite = {
  name: "diagram-density",
  async run() {
    const rows: BenchRow[] = [];
    for (const { name, pathway } of getInputs()) {
      const before = await measureDrawing(pathway, false);
      const after = await measureDrawing(pathway, true);
      // The value: the smallest text of the picture shown 1,600 px wide (node captions, edge labels, legend).
      rows.push({ name: `${name}: every edge drawn`, value: `${Math.min(before.labelPx, before.edgeLabelPx).toFixed(1)} px`, note: describe(before) });
      rows.push({ name: `${name}: merged (default)`, value: `${Math.min(after.labelPx, after.edgeLabelPx).toFixed(1)} px`, note: describe(after) });
    }
    return rows;
  },
};
