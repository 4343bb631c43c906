// The generated docs are up to date with the code: the command, config and format reference, every rule's page and the index, the tables in docs/pathways.md, and llms.txt (run `npm run docs` when this fails).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocs } from "../../scripts/docs/generate.js";
import { listDocPages } from "../../scripts/docs/llms.js";
import { documentedRules } from "../../scripts/docs/rule-metas.js";
import { ROOT } from "../support/cli.js";

let generated = new Map<string, string>();
beforeAll(async () => {
  generated = await renderDocs();
}, 120_000);

describe("the generated docs", () => {
  it("are what `npm run docs` writes from the code today", () => {
    expect(generated.size).toBeGreaterThan(documentedRules.length);
    const stale = [...generated]
      .filter(([file, text]) => !existsSync(path.join(ROOT, file)) || readFileSync(path.join(ROOT, file), "utf8") !== text)
      .map(([file]) => file);
    expect(stale, "run `npm run docs`").toEqual([]);
  });

  it("give every rule a page, and no page to a rule that is gone", () => {
    const pages = readdirSync(path.join(ROOT, "docs/rules")).filter((f) => f.endsWith(".md") && f !== "README.md");
    expect(pages.map((f) => f.replace(/\.md$/, "")).sort()).toEqual(documentedRules.map((m) => m.id).sort());
    for (const meta of documentedRules) expect(meta.docs, meta.id).toBe(`https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/${meta.id}.md`);
  });

  it("document every command and subcommand, every config key and every format", () => {
    const commands = generated.get("docs/reference/commands.md")!;
    for (const name of ["validate", "lint", "check-request", "calls stats", "scenarios from-call", "completion"])
      expect(commands).toContain(`## pathway ${name}\n`);
    expect(commands).toContain("`--max-file-size <size>`");
    const config = generated.get("docs/reference/config.md")!;
    for (const key of ["rules", "overrides[].files", "ignore", "variables.requestData", "suppressions[].reason", "requests[].pathway"])
      expect(config).toContain(`| \`${key}\` |`);
    const formats = generated.get("docs/reference/formats.md")!;
    for (const format of ["text", "json", "sarif", "github", "junit", "tap", "mermaid", "dot", "md", "svg", "png", "pdf"])
      expect(formats).toContain(`\n## ${format}\n`);
  });

  it("list every page in llms.txt, with a line on each", () => {
    const llms = generated.get("docs/llms.txt")!;
    expect(llms).toMatch(/^# pathwaykit\n\n> /);
    const listed = [...llms.matchAll(/^- \[[^\]]+\]\(([^)]+)\): \S/gm)].map((m) => m[1]!);
    expect([...new Set(listed)].sort()).toEqual(listDocPages());
  });
});
