// Bench: validating a generated 10,000-node / 30,000-edge pathway in process, next to JSON.parse of the same text.
import { validatePathway } from "../../src/validate/index.js";
import { generatePathway } from "../generate-pathway.js";
import { ms, ratio, timeMedian, type BenchSuite } from "./measure.js";

export const validateSuite: BenchSuite = {
  name: "validate",
  async run() {
    const text = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000 }), null, 2);
    const parse = timeMedian(() => JSON.parse(text));
    const validate = timeMedian(() => validatePathway(text));
    return [
      { name: "JSON.parse, 10k nodes / 30k edges", value: ms(parse), note: `${(text.length / 1e6).toFixed(1)} MB` },
      { name: "validatePathway, same text", value: ms(validate) },
      { name: "validate / JSON.parse", value: ratio(validate, parse) },
    ];
  },
};
