// Every rule's page under docs/rules/ shows examples that are true: the incorrect one is reported by the rule, the correct one is not, and the ways to turn it off work.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRuleSource, ruleSourceFile, runExample, suppressionFor, type Example } from "../../scripts/docs/rule-examples.js";
import { documentedRules } from "../../scripts/docs/rule-metas.js";
import { ROOT } from "../support/cli.js";

const ids = (findings: { ruleId: string }[], id: string) => findings.filter((f) => f.ruleId === id).length;

/** The example run by `pathway lint` where it names `pathway validate` (which reads no config). */
const withLint = (example: Example): Example => ({
  ...example,
  command: example.command[0] === "validate" ? ["lint", ...example.command.slice(1)] : example.command,
});

describe("docs/rules/src/", () => {
  it("holds the hand-written part of every rule's page, and nothing else", () => {
    const sources = readdirSync(path.join(ROOT, "docs/rules/src"))
      .filter((f) => f !== "_index.md")
      .map((f) => f.replace(/\.md$/, ""));
    expect(sources.sort()).toEqual(documentedRules.map((m) => m.id).sort());
    for (const meta of documentedRules) expect(existsSync(ruleSourceFile(meta.id)), meta.id).toBe(true);
  });
});

describe.each(documentedRules.map((meta) => [meta.id, meta] as const))("docs/rules/%s.md", (id, meta) => {
  const source = readRuleSource(meta);

  it("has an incorrect example the rule reports, and a correct one it does not", async () => {
    expect(ids((await runExample(source.incorrect)).findings, id), "incorrect").toBeGreaterThan(0);
    expect(ids((await runExample(source.correct)).findings, id), "correct").toBe(0);
  });

  // Only the cases that apply to the rule are declared, so the summary counts no skipped test for the others.
  if (source.turningOff === undefined) {
    it("is turned off, as its page says, by --rule and by the config's rules", async () => {
      expect(ids((await runExample(source.incorrect, ["--rule", `${id}:off`])).findings, id)).toBe(0);
      expect(ids((await runExample(withLint(source.incorrect), [], { rules: { [id]: "off" } })).findings, id)).toBe(0);
    });
  } else {
    it("is not turned off by --rule, as its page says", async () => {
      expect(ids((await runExample(source.incorrect, ["--rule", `${id}:off`])).findings, id)).toBeGreaterThan(0);
    });
  }

  if (meta.set === "validate" || meta.set === "lint")
    it("has the finding the page's suppression accepts", async () => {
      const incorrect = await runExample(source.incorrect);
      const first = incorrect.findings.find((f) => f.ruleId === id)!;
      const suppression = suppressionFor(id, source.incorrect, first);
      const after = await runExample(withLint(source.incorrect), [], { suppressions: [suppression] });
      expect(after.findings.filter((f) => f.ruleId === id && f.pointer === first.pointer)).toEqual([]);
    });
});
