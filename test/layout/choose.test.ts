// "auto" decides before laying out: ELK is not run where its picture is bound to be too wide, and every picture it kept before is the same bytes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toDirectedGraph, type DirectedGraph } from "../../src/export/index.js";
import {
  chooseLayoutEngine,
  getElkLayout,
  getForestLayerWidth,
  getGraphLayout,
  getRankLayout,
  MAX_AUTO_WIDTH,
  SKIP_ELK_FACTOR,
  toSvg,
  type GraphLayout,
} from "../../src/layout/index.js";
import type { Pathway } from "../../src/model/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { CORPUS_DIR, hasCorpus } from "../support/corpus-dir.js";
import { measureCpu } from "../support/cpu-time.js";
import { getDensePathways } from "../support/dense-pathways.js";
import { SLOW_TESTS } from "../support/tiers.js";

/** What "auto" chose before it decided ahead: ELK (with tag frames when no worse), then ranks when ELK's picture was too wide and ranks narrower. */
async function previousAuto(graph: DirectedGraph): Promise<GraphLayout> {
  const layout = await getGraphLayout(graph, { engine: "elk", timeoutMs: 300_000 });
  if (layout.width <= MAX_AUTO_WIDTH) return layout;
  const ranks = getRankLayout(graph);
  return ranks.width < layout.width ? ranks : layout;
}

function corpus(): { name: string; pathway: Pathway }[] {
  if (!hasCorpus) return [];
  const out: { name: string; pathway: Pathway }[] = [];
  for (const name of readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json") && !/MALFORMED|BAD-BYTE/.test(f))
    .sort()) {
    try {
      const value = JSON.parse(readFileSync(path.join(CORPUS_DIR, name), "utf8")) as Record<string, unknown>;
      const pathway = (value.pathway_data ?? value.data ?? value) as Pathway;
      if (Array.isArray(pathway.nodes)) out.push({ name, pathway });
    } catch {
      // Files that are not JSON are other tests' business.
    }
  }
  return out;
}

/** Generated pathways past ELK's 600 routed edges: it places them by a spanning forest, and "auto" kept none of them. */
const FORESTS = [
  { name: "generated 250 nodes / 750 edges", pathway: generatePathway({ nodes: 250, edges: 750, seed: 7 }) },
  { name: "generated 400 nodes / 650 edges", pathway: generatePathway({ nodes: 400, edges: 650, seed: 9 }) },
  { name: "generated 500 nodes / 1,500 edges (the report bench's)", pathway: generatePathway({ nodes: 500, edges: 1_500, seed: 7 }) },
];
const DENSE = getDensePathways();
/** The dense pathways whose ELK layout takes seconds (all edges routed): compared in the slow tier only. */
const SLOW_DENSE = new Set(["dense-sales-41x16.json", "dense-sales-44x12.json"]);

describe("the layout auto picks", () => {
  it("never predicts a width ELK's picture is under: the forest's widest layer, on every pathway ELK lays out by its forest", async () => {
    const cases = [...FORESTS, ...DENSE.filter((d) => getForestLayerWidth(toDirectedGraph(d.pathway)) !== undefined)];
    expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining(["dense-hub-80x20.json", "complete-200.json", "parallel-5000.json"]));
    for (const { name, pathway } of cases) {
      const graph = toDirectedGraph(pathway);
      const elk = await getElkLayout(graph, { groups: false, timeoutMs: 300_000 });
      expect(elk.width, name).toBeGreaterThanOrEqual(getForestLayerWidth(graph)!);
    }
  }, 300_000);

  it("skips ELK only where it drew a picture auto threw away for ranks, and gives the same bytes as before everywhere", async () => {
    const skipped: string[] = [];
    for (const { name, pathway } of [...corpus(), ...DENSE, ...FORESTS]) {
      const graph = toDirectedGraph(pathway);
      const skips = chooseLayoutEngine(graph) === "ranks";
      if (skips) skipped.push(name);
      // Where ELK is not skipped, auto runs the code it ran before; comparing costs ELK twice, which for the densest
      // two is half a minute each: the slow tier does it.
      if (!skips && SLOW_DENSE.has(name) && !SLOW_TESTS) continue;
      const [now, before] = [await getGraphLayout(graph, { timeoutMs: 300_000 }), await previousAuto(graph)];
      if (skips) expect([name, before.engine]).toEqual([name, "ranks"]);
      expect(toSvg(graph, now) === toSvg(graph, before), name).toBe(true);
    }
    expect(skipped).toEqual(["complete-200.json", ...FORESTS.map((f) => f.name)]);
  }, 600_000);

  it("lays out the report bench's 500 nodes without running ELK: a small share of the CPU ELK takes", async () => {
    const graph = toDirectedGraph(FORESTS[2]!.pathway);
    expect(getForestLayerWidth(graph)).toBeGreaterThan(SKIP_ELK_FACTOR * MAX_AUTO_WIDTH);
    const elk = await measureCpu(() => getElkLayout(graph, { timeoutMs: 300_000 }));
    const auto = await measureCpu(() => getGraphLayout(graph));
    expect(auto.value.engine).toBe("ranks");
    expect(auto.ms).toBeLessThan(elk.ms / 4);
  }, 300_000);

  it("runs ELK as before below the bound: a forest whose widest layer fits keeps ELK's picture", async () => {
    const graph = toDirectedGraph(DENSE.find((d) => d.name === "dense-hub-80x20.json")!.pathway);
    expect(getForestLayerWidth(graph)).toBeLessThan(MAX_AUTO_WIDTH);
    expect(chooseLayoutEngine(graph)).toBe("elk");
    expect((await getGraphLayout(graph)).engine).toBe("elk");
  }, 120_000);
});
