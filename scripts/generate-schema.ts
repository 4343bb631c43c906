// Writes the JSON Schemas in schemas/ from the zod models (run by `npm run schema`; a test fails when one is stale).
import { writeFileSync } from "node:fs";
import { toPathwayJsonSchema } from "../src/model/index.js";
import { getScenarioJsonSchema } from "../src/simulate/index.js";
import { toRequestJsonSchema } from "../src/requests/index.js";

/** Each committed schema file and the function that generates it. */
export const generatedSchemas: Record<string, () => Record<string, unknown>> = {
  "pathway.schema.json": toPathwayJsonSchema,
  "scenario.schema.json": getScenarioJsonSchema,
  "call-request.schema.json": () => toRequestJsonSchema("call"),
  "batch-request.schema.json": () => toRequestJsonSchema("batch"),
  "inbound-request.schema.json": () => toRequestJsonSchema("inbound"),
  "purchase-request.schema.json": () => toRequestJsonSchema("purchase"),
  "batch-v2-request.schema.json": () => toRequestJsonSchema("batch-v2"),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, generate] of Object.entries(generatedSchemas)) {
    const target = new URL(`../schemas/${name}`, import.meta.url);
    writeFileSync(target, `${JSON.stringify(generate(), null, 2)}\n`);
    console.log(`wrote ${target.pathname}`);
  }
}
