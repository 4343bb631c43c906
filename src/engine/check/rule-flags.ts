// Parses `--rule id:severity` overrides into a severity map; unknown ids and severities are usage errors.
import { toRuleSeverity, type RuleSeverity } from "../../rules/index.js";
import { EngineError } from "../../host/errors.js";

/**
 * Parses `id:severity` strings, rejecting unknown ids. `elsewhere` gives the ids another command runs (lint's, for
 * validate); it is asked only when an id is unknown, so validate loads lint's rules only to word that error.
 */
export async function parseRuleFlags(
  flags: readonly string[] | undefined,
  known: ReadonlySet<string>,
  elsewhere?: () => Promise<ReadonlySet<string>>,
): Promise<Record<string, RuleSeverity>> {
  const rules: Record<string, RuleSeverity> = {};
  for (const flag of flags ?? []) {
    const m = /^([a-z0-9-]+):(off|warn|warning|error|info)$/.exec(flag.trim());
    if (!m) throw new EngineError("usage", `--rule "${flag}": expected <rule-id>:<off|info|warn|error>, e.g. --rule unknown-node-type:off.`);
    if (!known.has(m[1]!) && elsewhere && (await elsewhere()).has(m[1]!))
      throw new EngineError("usage", `--rule "${flag}": "${m[1]}" is a lint rule, which pathway validate does not run; use pathway lint.`);
    if (!known.has(m[1]!))
      throw new EngineError(
        "usage",
        `--rule "${flag}": unknown rule "${m[1]}"; the rules are listed at https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/README.md.`,
      );
    rules[m[1]!] = toRuleSeverity(m[2] as "off" | "warn" | "warning" | "error" | "info");
  }
  return rules;
}
