// `--rule <id>:<severity>` flags, shared by every command that runs rules (validate, lint, check-request).
import type { RuleSeverity } from "../validate/index.js";
import { EXIT, ExitError } from "./exit.js";

/** Parses `--rule id:severity` into a severity map, rejecting unknown ids and severities as usage errors. */
export function parseRuleFlags(flags: readonly string[] | undefined, known: ReadonlySet<string>, elsewhere: ReadonlySet<string> = new Set()): Record<string, RuleSeverity> {
  const rules: Record<string, RuleSeverity> = {};
  for (const flag of flags ?? []) {
    const m = /^([a-z0-9-]+):(off|warn|warning|error|info)$/.exec(flag.trim());
    if (!m) throw new ExitError(EXIT.failure, `--rule "${flag}": expected <rule-id>:<off|info|warn|error>, e.g. --rule unknown-node-type:off.`);
    if (elsewhere.has(m[1]!)) throw new ExitError(EXIT.failure, `--rule "${flag}": "${m[1]}" is a lint rule, which pathway validate does not run; use pathway lint.`);
    if (!known.has(m[1]!)) throw new ExitError(EXIT.failure, `--rule "${flag}": unknown rule "${m[1]}"; see the rule table in README.md.`);
    rules[m[1]!] = m[2] === "off" ? "off" : m[2] === "error" ? "error" : m[2] === "info" ? "info" : "warning";
  }
  return rules;
}
