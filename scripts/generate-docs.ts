// Rewrites the generated documentation (`npm run docs`): the command, config and format reference, every rule's page and the rule index, the tables in docs/pathways.md, and docs/llms.txt.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderDocs } from "./docs/generate.js";
import { ROOT } from "./docs/markdown.js";

const files = await renderDocs();
for (const [file, text] of files) {
  mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
  writeFileSync(path.join(ROOT, file), text);
}
// A rule that no longer exists leaves no page behind.
for (const name of readdirSync(path.join(ROOT, "docs/rules"))) {
  if (name.endsWith(".md") && !files.has(`docs/rules/${name}`)) {
    rmSync(path.join(ROOT, "docs/rules", name));
    console.log(`removed docs/rules/${name}`);
  }
}
console.log(`wrote ${files.size} files`);
