import { generateScenarios } from "../dist/simulate/index.js";
import { generatePathway } from "./generate-pathway.js";
import { performance } from "node:perf_hooks";
for (const n of [250, 500, 1000, 2000]) {
  const p = generatePathway({ nodes: n, edges: n * 3, seed: 7 });
  const t = performance.now();
  const r = generateScenarios(p);
  console.log(n, (performance.now() - t).toFixed(0), "ms", r.scenarios.length, "scenarios", r.uncovered.length, "uncovered");
}
