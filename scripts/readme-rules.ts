// Renders README.md's rule table from the rules' own metadata, so the docs cannot drift from the code.
import type { RuleDescriptor } from "../src/diagnostics/index.js";

const START = "<!-- rules:start -->";
const END = "<!-- rules:end -->";

/** Which commands report a rule; request rules (their metadata lists request kinds) belong to check-request. */
function runBy(rule: RuleDescriptor, validateIds: ReadonlySet<string>): string {
  if ("kinds" in rule) return "check-request";
  return validateIds.has(rule.id) ? "validate, lint" : "lint";
}

/** The Markdown table: one row per rule, with an anchor named after the rule id (the rules' `docs` links land here). */
export function renderRuleTable(rules: readonly RuleDescriptor[], validateIds: ReadonlySet<string>): string {
  const rows = [...rules]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => `| <a id="${r.id}"></a>\`${r.id}\` | ${r.defaultSeverity} | ${runBy(r, validateIds)} | ${r.description.replace(/\|/g, "\\|")} |`);
  return ["| rule | default | run by | what it checks |", "|---|---|---|---|", ...rows].join("\n");
}

/** README text with the table between the markers replaced. */
export function withRuleTable(readme: string, rules: readonly RuleDescriptor[], validateIds: ReadonlySet<string>): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} and ${END}.`);
  return `${readme.slice(0, start + START.length)}\n${renderRuleTable(rules, validateIds)}\n${readme.slice(end)}`;
}
