// The one rule runner: every rule of a set over one context, each with its resolved setting, findings sorted (no range yet).
import { compareDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { getRuleMessage } from "./messages.js";
import type { Rule, RuleMeta } from "./rule.js";
import type { RuleSetting } from "./severity.js";

/**
 * Runs `rules` over `context` with the settings `settingFor` gives (see `settingsFrom`); a rule set `off` does not
 * run. The findings carry rule id, severity, message text and docs url; `locateDiagnostics` adds their ranges.
 */
export function runRules<Context>(context: Context, rules: readonly Rule<Context>[], settingFor: (meta: RuleMeta) => RuleSetting): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const { meta } = rule;
    const { severity, options } = settingFor(meta);
    if (severity === "off") continue;
    const resolved = options === undefined ? meta.options.parse({}) : options;
    rule.check(
      context,
      (report) => {
        // Optional fields assigned, not spread in (`...(x && {x})`): a spread per finding is a slow generic copy in
        // V8, and variable rules report thousands. The key order stays the same.
        const d: Diagnostic = {
          ruleId: meta.id,
          severity,
          message: getRuleMessage(meta.id, meta.messages, report.messageId, report.data),
          pointer: report.pointer,
          url: meta.docs,
        };
        if (report.related) d.related = report.related;
        if (report.span) d.span = report.span;
        if (report.fix) {
          if (meta.fixable !== "code") throw new Error(`Rule ${meta.id} reported a fix, but its meta does not say fixable: "code".`);
          d.edit = report.fix;
        }
        if (report.suggest) {
          if (meta.hasSuggestions !== true) throw new Error(`Rule ${meta.id} reported suggestions, but its meta does not say hasSuggestions: true.`);
          d.suggest = report.suggest.map((s) => ({ desc: getRuleMessage(meta.id, meta.messages, s.messageId, s.data), edit: s.edit }));
        }
        diagnostics.push(d);
      },
      resolved,
    );
  }
  return diagnostics.sort(compareDiagnostics);
}
