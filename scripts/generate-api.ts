// Rewrites docs/api.md from src/index.ts (`npm run api`; test/api-reference.test.ts fails when it is stale).
import { writeFileSync } from "node:fs";
import { renderApiReference } from "./api-reference.js";

const file = new URL("../docs/api.md", import.meta.url);
writeFileSync(file, renderApiReference());
console.log(`wrote ${file.pathname}`);
