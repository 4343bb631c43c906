// Renders README.md's rule table from the rules' own metadata, so the docs cannot drift from the code.
import type { RuleMeta } from "../src/rules/index.js";

const START = "<!-- rules:start -->";
const END = "<!-- rules:end -->";

/** Which commands report a rule, from its set: findings about a file and validate rules are also lint's. */
const RUN_BY: Readonly<Record<RuleMeta["set"], string>> = { document: "validate, lint", validate: "validate, lint", lint: "lint", request: "check-request" };

/** What a rule offers: a safe fix `lint --fix` applies, suggestions the editor offers, or neither. */
function fixes(r: RuleMeta): string {
  return [r.fixable ? "--fix" : "", r.hasSuggestions ? "suggestions" : ""].filter(Boolean).join(", ");
}

/** The Markdown table: one row per rule, with an anchor named after the rule id (the rules' `docs` links land here). */
export function renderRuleTable(rules: readonly RuleMeta[]): string {
  const rows = [...rules]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => `| <a id="${r.id}"></a>\`${r.id}\` | ${r.defaultSeverity} | ${RUN_BY[r.set]} | ${r.description.replace(/\|/g, "\\|")} | ${fixes(r)} |`);
  return ["| rule | default | run by | what it checks | fix |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** README text with the table between the markers replaced. */
export function withRuleTable(readme: string, rules: readonly RuleMeta[]): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} and ${END}.`);
  return `${readme.slice(0, start + START.length)}\n${renderRuleTable(rules)}\n${readme.slice(end)}`;
}
