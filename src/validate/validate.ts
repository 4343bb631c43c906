// The validator: a document's text or bytes in, every finding with its place out. Pathway mistakes are returned, never thrown.
import { compareDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { parseDocument, type ParsedDocument } from "../parse/index.js";
import { applySeverities, locateDiagnostics, settingsFrom, type RuleSeverity } from "../rules/index.js";
import { validationRules } from "./registry.js";
import { runPathwayRules } from "./run-rules.js";

/** Options of `validatePathway`; all optional. */
export interface ValidateOptions {
  /** Severity per rule id (default: each rule's own); `off` disables a rule. */
  rules?: Record<string, RuleSeverity>;
}

/** What validating one document gives: the value as loaded (when it parsed) and the findings. */
export interface ValidationResult {
  value?: unknown;
  diagnostics: Diagnostic[];
  /** The decoded text, for code frames. */
  text?: string;
}

/** Validates an already-parsed value; its findings have pointers but no ranges (there is no text to place them in). */
export function validateValue(value: unknown, options: ValidateOptions = {}): Diagnostic[] {
  return runPathwayRules(value, validationRules, settingsFrom(options.rules));
}

/** Decodes, parses and validates a pathway document. */
export function validatePathway(input: string | Uint8Array, options: ValidateOptions = {}): ValidationResult {
  return validateDocument(parseDocument(input), options);
}

/** Validates a document `parseDocument` already read: a caller that looks at the value first parses it once. */
export function validateDocument(parsed: ParsedDocument, options: ValidateOptions = {}): ValidationResult {
  // Findings about the file itself (encoding, syntax) take their configured severity too.
  const documentFindings = applySeverities(parsed.diagnostics, options.rules);
  if (!parsed.ok) return { diagnostics: documentFindings, text: parsed.text };
  return {
    value: parsed.value,
    text: parsed.text,
    diagnostics: locateDiagnostics([...documentFindings, ...validateValue(parsed.value, options)], parsed.locateMany, parsed.text).sort(compareDiagnostics),
  };
}
