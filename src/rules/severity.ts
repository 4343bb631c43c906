// The one place a rule's severity and options are resolved: its default, then config or command-line overrides; `off` skips it.
import type { Diagnostic, Severity } from "../diagnostics/index.js";

/** A rule's configured severity; `off` skips it. */
export type RuleSeverity = Severity | "off";

/** Resolved per-rule settings: severity and options (already defaulted). */
export interface RuleSetting {
  severity: RuleSeverity;
  options?: unknown;
}

/** Overrides by rule id, as config and `--rule` give them: a severity, or a severity with options. */
export type RuleOverrides = Readonly<Record<string, RuleSeverity | RuleSetting>>;

/** A severity as written in config or on the command line (`warn` is `warning`). */
export function toRuleSeverity(name: "off" | "warn" | "warning" | "error" | "info"): RuleSeverity {
  return name === "off" ? "off" : name === "error" ? "error" : name === "info" ? "info" : "warning";
}

/** The setting of rule `id`: its override when there is one, else its default severity (and default options). */
export function resolveRuleSetting(id: string, defaultSeverity: Severity, overrides?: RuleOverrides): RuleSetting {
  const s = overrides !== undefined && Object.hasOwn(overrides, id) ? overrides[id] : undefined;
  if (s === undefined) return { severity: defaultSeverity };
  return typeof s === "string" ? { severity: s } : s;
}

/**
 * A file's overrides: its config's settings, then the command line's `--rule` flags over them. A flag's bare severity
 * keeps the options the config gave the rule; every command that reads a config (lint, check-request) merges this way.
 */
export function withRuleFlags(settings: Readonly<Record<string, RuleSetting>>, flags: RuleOverrides = {}): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = { ...settings };
  for (const [id, flag] of Object.entries(flags)) {
    const configured = Object.hasOwn(out, id) ? out[id] : undefined;
    out[id] = typeof flag === "string" ? { ...configured, severity: flag } : flag;
  }
  return out;
}

/** A resolver for the runner: each rule's setting under `overrides`. */
export function settingsFrom(overrides?: RuleOverrides): (meta: { id: string; defaultSeverity: Severity }) => RuleSetting {
  return (meta) => resolveRuleSetting(meta.id, meta.defaultSeverity, overrides);
}

/** Findings reported while reading a file (encoding, syntax) with their configured severity; those set `off` go. */
export function applySeverities(diagnostics: readonly Diagnostic[], overrides?: RuleOverrides): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const { severity } = resolveRuleSetting(d.ruleId, d.severity, overrides);
    if (severity === "off") continue;
    out.push(severity === d.severity ? d : { ...d, severity });
  }
  return out;
}
