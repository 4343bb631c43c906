// Every generated documentation file and its text: the reference, the rule pages and index, the tables in guides, llms.txt.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderCommandsReference } from "./commands.js";
import { renderConfigReference } from "./config.js";
import { renderFormatsReference } from "./formats.js";
import { listDocPages, readDocPage, renderLlmsTxt } from "./llms.js";
import { ROOT, withMarkers } from "./markdown.js";
import { renderNodeTypeTable } from "./node-types.js";
import { documentedRules } from "./rule-metas.js";
import { renderRuleIndex, renderRulePage } from "./rule-pages.js";
import { renderVariableFieldTable } from "./variable-fields.js";

/** Hand-written pages holding generated tables between markers: the page, and each marker's content. */
const TABLES_IN_PAGES: Readonly<Record<string, Readonly<Record<string, () => string>>>> = {
  "docs/pathways.md": { "node-types": renderNodeTypeTable, "variable-fields": renderVariableFieldTable },
};

/**
 * Every generated file (path relative to the repository) with the text it should have. The rule pages run their
 * examples, so this takes a few seconds.
 */
export async function renderDocs(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  files.set("docs/reference/commands.md", await renderCommandsReference());
  files.set("docs/reference/config.md", renderConfigReference(documentedRules));
  files.set("docs/reference/formats.md", await renderFormatsReference());
  files.set("docs/rules/README.md", renderRuleIndex(documentedRules));
  for (const meta of documentedRules) files.set(`docs/rules/${meta.id}.md`, await renderRulePage(meta));
  for (const [page, tables] of Object.entries(TABLES_IN_PAGES)) {
    let text = readFileSync(path.join(ROOT, page), "utf8");
    for (const [marker, render] of Object.entries(tables)) text = withMarkers(text, marker, render(), page);
    files.set(page, text);
  }
  // llms.txt describes every page as it will be after this run.
  const pages = [...new Set([...listDocPages(), ...[...files.keys()].filter((f) => f.endsWith(".md")).map((f) => f.replace(/^docs\//, ""))])].sort();
  const read = (page: string) => files.get(`docs/${page}`) ?? (existsSync(path.join(ROOT, "docs", page)) ? readDocPage(page) : "");
  files.set("docs/llms.txt", renderLlmsTxt(pages, read, documentedRules));
  return files;
}
