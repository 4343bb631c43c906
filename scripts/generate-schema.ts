// Writes schemas/pathway.schema.json from the zod schemas (run by `npm run schema`; a test fails when it is stale).
import { writeFileSync } from "node:fs";
import { toPathwayJsonSchema } from "../src/model/index.js";

const target = new URL("../schemas/pathway.schema.json", import.meta.url);
writeFileSync(target, JSON.stringify(toPathwayJsonSchema(), null, 2) + "\n");
console.log(`wrote ${target.pathname}`);
