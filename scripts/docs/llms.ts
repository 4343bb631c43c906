// Renders docs/llms.txt, the index for AI assistants (llms.txt convention): a title, a summary, then every page with one line on it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RuleMeta } from "../../src/rules/index.js";
import { ROOT } from "./markdown.js";

/** The sections of llms.txt: each page with one line on it, in reading order (every rule page is added to "Rules"). */
export const DOC_SECTIONS: readonly { title: string; pages: readonly (readonly [page: string, summary: string])[] }[] = [
  {
    title: "Guides",
    pages: [
      ["README.md", "The map of the documentation: guides, reference and rules."],
      ["getting-started.md", "Install (registry or GitHub), the optional packages, a project's setup, and the first steps."],
      ["linting.md", "`pathway validate` and `pathway lint`: inputs, output, fixes, baselines, watch mode, `pathway analyze`."],
      ["configuration.md", "Severities and options, overrides, ignore, variables, suppressions and request files."],
      ["pathways.md", "The node types, the flow of a call (edges, routes, globals) and where variables are set and read."],
      ["typescript.md", "The typed builder, `pathway build`, `pathway import`, `pathway fmt` and canonical JSON."],
      ["diagrams.md", "`pathway diagram`: Mermaid, DOT, Markdown comments, SVG/PNG/PDF; dense pathways, engines, the browser."],
      ["report.md", "One self-contained HTML page with graph, findings, diff, coverage and calls; masked secrets."],
      ["scenarios.md", "Scenario files, the simulator, `pathway test`, coverage, `scenarios generate`, `pathway chat`, live runs."],
      ["requests.md", "API request bodies checked against the API reference and the pathway they use."],
      ["calls.md", "`calls fetch`, `calls listen`, `calls stats`, `scenarios from-call` and `pathway replay`: real calls against a pathway."],
      ["releasing.md", "Settings, `fetch`, `diff`, `push`, drafts, `publish`, `rollback`, `versions`, `log` and the manifest."],
      ["ci.md", "The GitHub Action (check and release modes), pre-commit, the same checks in any CI, baselines, replaying calls."],
      ["editors.md", "`pathway lsp`: hover, navigation, quick fixes, workspace trust, VS Code and Neovim."],
      ["ai-assistants.md", "`pathway mcp`: the checks as tools for Claude Code, Cursor and VS Code, confined to the project."],
      ["library.md", "Using pathwaykit from code: the engine's operations through a `Host`, and the pure core under them."],
    ],
  },
  {
    title: "Reference",
    pages: [
      ["cli.md", "What every command shares: exit codes, options, the JSON error object, inputs, confined paths, environment variables."],
      ["reference/commands.md", "Every command and subcommand with its arguments, options and `--help` text (generated)."],
      ["reference/config.md", "Every `pathway.config.json` key and every rule option (generated)."],
      ["reference/formats.md", "Every output format of every command and what it holds (generated)."],
      ["api.md", "Every export of the `pathwaykit` library with its summary (generated)."],
      ["versioning.md", "What is public API, and what a major, minor or patch release may change."],
    ],
  },
  { title: "Rules", pages: [["rules/README.md", "Every rule with its default severity, the commands that run it and its fix (generated)."]] },
  { title: "Optional", pages: [["development.md", "Working on pathwaykit: test tiers, benchmarks, generated docs, node types, start-up, layers."]] },
];

/** Every Markdown page under docs/ (relative to it), the hand-written rule sources left out. */
export function listDocPages(): string[] {
  return readdirSync(path.join(ROOT, "docs"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(path.join(ROOT, "docs"), path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((p) => !p.startsWith("rules/src/") && !p.startsWith("reference/src/"))
    .sort();
}

/** A page's title: its `#` heading, without code marks. */
export function pageTitle(text: string): string {
  const title = /^# (.+)$/m
    .exec(text.replace(/<!--[\s\S]*?-->/g, ""))?.[1]
    ?.replace(/`/g, "")
    .trim();
  if (!title) throw new Error("a page needs a # title");
  return title;
}

/**
 * The text of docs/llms.txt for `pages` (relative to docs/; `read` gives each one's text, as generated or on disk):
 * the guides and reference with their line from DOC_SECTIONS, every rule page with its rule's description.
 */
export function renderLlmsTxt(pages: readonly string[], read: (page: string) => string, rules: readonly RuleMeta[]): string {
  const placed = new Map(DOC_SECTIONS.flatMap((s) => s.pages));
  const ruleLines = new Map<string, string>(rules.map((r) => [`rules/${r.id}.md`, r.description]));
  const unplaced = pages.filter((p) => !placed.has(p) && !ruleLines.has(p));
  if (unplaced.length > 0) throw new Error(`docs pages not placed in a section of llms.txt (scripts/docs/llms.ts): ${unplaced.join(", ")}`);
  const missing = [...placed.keys(), ...ruleLines.keys()].filter((p) => !pages.includes(p));
  if (missing.length > 0) throw new Error(`llms.txt would list pages that do not exist: ${missing.join(", ")}`);
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
    "`--format json`, equal to what the library returns. Links are relative to this file.",
    "",
  ];
  for (const section of DOC_SECTIONS) {
    lines.push(`## ${section.title}`, "");
    const entries = section.title === "Rules" ? [...section.pages, ...ruleLines] : section.pages;
    for (const [page, summary] of entries) lines.push(`- [${pageTitle(read(page))}](${page}): ${summary.replace(/\s+/g, " ")}`);
    lines.push("");
  }
  return lines.join("\n");
}

/** Reads a page from disk (relative to docs/). */
export function readDocPage(page: string): string {
  return readFileSync(path.join(ROOT, "docs", page), "utf8");
}
