// Bench: validating a generated 10,000-node / 30,000-edge pathway in process, next to JSON.parse of the same text.
import { generatePathway } from "../generate-pathway.js";
import { loadShipped, ms, ratio, timeInTurns, type BenchSuite } from "./measure.js";

const { validatePathway } = await loadShipped<typeof import("../../src/validate/index.js")>("validate");

export const validateSuite: BenchSuite = {
  name: "validate",
  async run() {
    const text = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000 }), null, 2);
    const [parse, validate] = timeInTurns([() => JSON.parse(text), () => validatePathway(text)] as const);
    return [
      { name: "JSON.parse, 10k nodes / 30k edges", value: ms(parse), note: `${(text.length / 1e6).toFixed(1)} MB` },
      { name: "validatePathway, same text", value: ms(validate) },
      { name: "validate / JSON.parse", value: ratio(validate, parse) },
    ];
  },
};
