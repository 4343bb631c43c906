// Renders docs/llms.txt, the index for AI assistants (llms.txt convention): a title, a summary, then every page with one line on it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./markdown.js";

/** The sections of llms.txt and the pages in each, in reading order (docs/rules/<id>.md pages are added to "Rules"). */
export const DOC_SECTIONS: readonly { title: string; pages: readonly string[] }[] = [
  {
    title: "Guides",
    pages: [
      "README.md",
      "getting-started.md",
      "linting.md",
      "configuration.md",
      "pathways.md",
      "typescript.md",
      "diagrams.md",
      "report.md",
      "scenarios.md",
      "requests.md",
      "calls.md",
      "releasing.md",
      "ci.md",
      "editors.md",
      "library.md",
    ],
  },
  { title: "Reference", pages: ["cli.md", "reference/commands.md", "reference/config.md", "reference/formats.md", "api.md", "versioning.md"] },
  { title: "Rules", pages: ["rules/README.md"] },
  { title: "Optional", pages: ["development.md"] },
];

/** Every Markdown page under docs/ (relative to it), the hand-written rule sources left out. */
export function listDocPages(): string[] {
  return readdirSync(path.join(ROOT, "docs"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(path.join(ROOT, "docs"), path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((p) => !p.startsWith("rules/src/") && !p.startsWith("reference/src/"))
    .sort();
}

/** A page's title (its `#` heading) and first sentence, from its text. */
export function describePage(text: string): { title: string; summary: string } {
  const body = text.replace(/<!--[\s\S]*?-->/g, "");
  const title = /^# (.+)$/m.exec(body)?.[1]?.replace(/`/g, "").trim();
  const afterTitle = body.slice(body.search(/^# /m)).split("\n").slice(1).join("\n");
  const paragraph = afterTitle.split(/\n\s*\n/).map((p) => p.trim()).find((p) => p !== "" && !/^[#|`<>-]/.test(p));
  if (!title || !paragraph) throw new Error("a page needs a # title and a first paragraph");
  const flat = paragraph.replace(/\s+/g, " ").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
  const summary = /^.*?[.:](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return { title, summary: summary.replace(/:$/, ".") };
}

/** The text of docs/llms.txt for the pages `texts` holds (relative to docs/, as generated or on disk). */
export function renderLlmsTxt(pages: readonly string[], read: (page: string) => string): string {
  const known = new Set(DOC_SECTIONS.flatMap((s) => s.pages));
  const rulePages = pages.filter((p) => p.startsWith("rules/") && p !== "rules/README.md");
  const unplaced = pages.filter((p) => !known.has(p) && !rulePages.includes(p));
  if (unplaced.length > 0) throw new Error(`docs pages not placed in a section of llms.txt (scripts/docs/llms.ts): ${unplaced.join(", ")}`);
  const missing = [...known].filter((p) => !pages.includes(p));
  if (missing.length > 0) throw new Error(`llms.txt lists pages that do not exist: ${missing.join(", ")}`);
  const lines = [
    "# pathwaykit",
    "",
    "> pathwaykit is a TypeScript toolkit and the `pathway` command line for the conversational pathways of a voice-agent",
    "> calling service: it validates and lints pathway files (with line and column, in CI and in the editor), checks API",
    "> request bodies, draws pathways, simulates conversations with scenario files, maps real call records onto a pathway,",
    "> and fetches, diffs, pushes and publishes pathways on the service.",
    "",
    "A pathway is a JSON file of nodes (what the agent says or does) and edges (when to move on). Rules have ids such as",
    "`dead-end`; each has a page under rules/ with an incorrect and a correct example. Every command prints",
    "`--format json`, equal to what the library returns.",
    "",
  ];
  for (const section of DOC_SECTIONS) {
    lines.push(`## ${section.title}`, "");
    const entries = section.title === "Rules" ? [...section.pages, ...rulePages] : section.pages;
    for (const page of entries) {
      const { title, summary } = describePage(read(page));
      lines.push(`- [${title}](${page}): ${summary}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

/** Reads a page from disk (relative to docs/). */
export function readDocPage(page: string): string {
  return readFileSync(path.join(ROOT, "docs", page), "utf8");
}
