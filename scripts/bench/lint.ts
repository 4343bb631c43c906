// Bench: linting generated pathways in process, next to JSON.parse of the same text, and growth from 10k to 100k nodes.
import { lintPathway } from "../../src/lint/index.js";
import { validatePathway } from "../../src/validate/index.js";
import { generatePathway } from "../generate-pathway.js";
import { ms, ratio, timeMedian, type BenchSuite } from "./measure.js";

export const lintSuite: BenchSuite = {
  name: "lint",
  async run() {
    const small = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000 }), null, 2);
    const parse = timeMedian(() => JSON.parse(small));
    const validate = timeMedian(() => validatePathway(small));
    const lintSmall = timeMedian(() => lintPathway(small));
    const findings = lintPathway(small).diagnostics.length;
    const clean = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000, clean: true }), null, 2);
    const parseClean = timeMedian(() => JSON.parse(clean));
    const lintClean = timeMedian(() => lintPathway(clean));
    const cleanFindings = lintPathway(clean).diagnostics.length;
    const large = JSON.stringify(generatePathway({ nodes: 100_000, edges: 300_000 }), null, 2);
    const parseLarge = timeMedian(() => JSON.parse(large), 3, 1);
    const lintLarge = timeMedian(() => lintPathway(large), 3, 1);
    return [
      { name: "JSON.parse, 10k nodes / 30k edges", value: ms(parse), note: `${(small.length / 1e6).toFixed(1)} MB` },
      { name: "validatePathway, same text (for context)", value: ms(validate), note: ratio(validate, parse) + " of JSON.parse" },
      { name: "lintPathway, same text", value: ms(lintSmall), note: `${findings} findings` },
      { name: "lint / JSON.parse (target <= 3x)", value: ratio(lintSmall, parse) },
      { name: "lintPathway, clean 10k / 30k pathway", value: ms(lintClean), note: `${cleanFindings} findings; JSON.parse ${ms(parseClean)}` },
      { name: "lint / JSON.parse, clean pathway", value: ratio(lintClean, parseClean) },
      { name: "JSON.parse, 100k nodes / 300k edges (for context)", value: ms(parseLarge), note: `${(large.length / 1e6).toFixed(1)} MB, ${ratio(parseLarge, parse)} of 10k` },
      { name: "lintPathway, 100k nodes / 300k edges", value: ms(lintLarge) },
      { name: "lint 100k / lint 10k (target <= ~12x)", value: ratio(lintLarge, lintSmall) },
    ];
  },
};
