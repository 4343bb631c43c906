import { generateScenarios } from "../dist/simulate/index.js";
import { generatePathway } from "./generate-pathway.js";
const p = generatePathway({ nodes: 500, edges: 1500, seed: 7 });
const t = performance.now();
const r = generateScenarios(p);
console.log((performance.now() - t).toFixed(0), r.scenarios.length, r.uncovered.length);
