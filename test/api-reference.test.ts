// docs/api.md lists exactly what src/index.ts exports, with each export's TSDoc summary (run `npm run api` when this fails).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { renderApiReference } from "../scripts/api-reference.js";
import { ROOT } from "./support/cli.js";

it("docs/api.md is up to date with src/index.ts", () => {
  expect(readFileSync(path.join(ROOT, "docs/api.md"), "utf8")).toBe(renderApiReference());
}, 120_000);
