// README.md stays true: its rule table matches the rules' metadata, and its quick start names the commands CI runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withNodeTypeTable } from "../scripts/readme-node-types.js";
import { withRuleTable } from "../scripts/readme-rules.js";
import { withVariableFieldTable } from "../scripts/readme-variables.js";
import { documentedRules } from "../scripts/rule-metas.js";
import * as api from "../src/index.js";
import { ROOT } from "./support/cli.js";

const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");

describe("README.md", () => {
  it("has the rule table generated from rule metadata (run `npm run readme` when this fails)", () => {
    expect(readme).toBe(withRuleTable(readme, documentedRules));
  });

  it("has the table of interpolated fields generated from VARIABLE_FIELDS (run `npm run readme` when this fails)", () => {
    expect(readme).toBe(withVariableFieldTable(readme));
  });

  it("has the table of node types generated from their descriptors (run `npm run readme` when this fails)", () => {
    expect(readme).toBe(withNodeTypeTable(readme));
  });

  it("lists every rule id with an anchor its docs URL points at", () => {
    for (const rule of documentedRules) {
      expect(readme).toContain(`<a id="${rule.id}"></a>`);
      expect(rule.docs.endsWith(`#${rule.id}`)).toBe(true);
    }
  });

  it("names as library API only functions pathwaykit exports (`name(` or a verb-prefixed name in a code span)", () => {
    const named = new Set<string>();
    for (const m of readme.matchAll(/`([a-z][A-Za-z]*)\(/g)) named.add(m[1]!);
    const verbs = "get|create|to|check|run|load|format|apply|validate|lint|fetch|plan|draw|build|import|analyze|generate|transition|summarise|diff";
    for (const m of readme.matchAll(new RegExp(`\`((?:${verbs})[A-Z][A-Za-z]*)[\`(]`, "g"))) named.add(m[1]!);
    expect(named.size).toBeGreaterThan(30);
    expect([...named].filter((name) => !(name in api)).sort()).toEqual([]);
  });

  it("gives the quick-start commands that .ci/run and a fresh machine use", () => {
    expect(readme).toContain("npm ci && npx pathway validate pathways/");
    expect(readme).toMatch(/^npm test\b/m);
    expect(readFileSync(path.join(ROOT, ".ci/run"), "utf8")).toMatch(/^npm test$/m);
  });
});
