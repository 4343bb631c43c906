// The validator: a document's text or bytes in, every finding with its place out. Pathway mistakes are returned, never thrown.
import { compareDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { parseDocument } from "../parse/index.js";
import { locateDiagnostics, runRules, type RuleSetting } from "./engine.js";
import { validationRules } from "./registry.js";
import type { Rule } from "./rule.js";

/** Options of `validatePathway`; all optional. */
export interface ValidateOptions {
  /** Severity per rule id (default: each rule's own); `off` disables a rule. */
  rules?: Record<string, RuleSetting["severity"]>;
}

/** What validating one document gives: the value as loaded (when it parsed) and the findings. */
export interface ValidationResult {
  value?: unknown;
  diagnostics: Diagnostic[];
  /** The decoded text, for code frames. */
  text?: string;
}

function settingsFrom(options: ValidateOptions): (rule: Rule) => RuleSetting {
  return (rule) => ({ severity: options.rules?.[rule.meta.id] ?? rule.meta.defaultSeverity });
}

/** Validates an already-parsed value; its findings have pointers but no ranges (there is no text to place them in). */
export function validateValue(value: unknown, options: ValidateOptions = {}): Diagnostic[] {
  return runRules(value, validationRules, settingsFrom(options));
}

/** Decodes, parses and validates a pathway document. */
export function validatePathway(input: string | Uint8Array, options: ValidateOptions = {}): ValidationResult {
  const parsed = parseDocument(input);
  const off = (id: string) => options.rules?.[id] === "off";
  const documentFindings = parsed.diagnostics.filter((d) => !off(d.ruleId));
  if (!parsed.ok) return { diagnostics: documentFindings, text: parsed.text };
  return { value: parsed.value, text: parsed.text, diagnostics: locateDiagnostics([...documentFindings, ...validateValue(parsed.value, options)], parsed.locateMany).sort(compareDiagnostics) };
}
