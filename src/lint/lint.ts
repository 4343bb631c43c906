// The linter: validation plus graph and content rules, with per-rule settings and suppressions. Never throws on a pathway.
import { compareDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { parseDocument, type BatchLocator, type ParsedDocument } from "../parse/index.js";
import { applySeverities, locateDiagnostics, settingsFrom, type RuleSetting, type RuleSeverity } from "../rules/index.js";
import { runPathwayRules } from "../validate/index.js";
import type { Suppression } from "./config.js";
import { withLintFacts } from "./facts.js";
import { getFindingSubject } from "./locate-finding.js";
import { allRules } from "./registry.js";

/** Options of `lintPathway` and `lintValue`; all optional. */
export interface LintOptions {
  /** Severity, or severity and options, per rule id (default: each rule's own severity and default options). */
  rules?: Record<string, RuleSeverity | RuleSetting>;
  /** Variables the call's request_data provides (default none). */
  requestData?: readonly string[];
  /** Extra variables to treat as always set (default none). */
  systemVariables?: readonly string[];
  /** Accepted findings; their `file` is not looked at here (the caller picks the ones for this file). Default none. */
  suppressions?: readonly Suppression[];
}

/** A finding a suppression hid, with the suppression's reason. */
export interface SuppressedFinding {
  diagnostic: Diagnostic;
  reason: string;
  /** The suppression that hid it (one of LintOptions.suppressions), so a caller can tell which ones hid nothing. */
  suppression: Suppression;
}

/** What linting one document gives. */
export interface LintResult {
  value?: unknown;
  diagnostics: Diagnostic[];
  /** Findings hidden by suppressions. */
  suppressed: SuppressedFinding[];
  text?: string;
}

function applySuppressions(
  value: unknown,
  diagnostics: Diagnostic[],
  suppressions: readonly Suppression[],
): { kept: Diagnostic[]; suppressed: SuppressedFinding[] } {
  if (suppressions.length === 0) return { kept: diagnostics, suppressed: [] };
  const kept: Diagnostic[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const d of diagnostics) {
    const candidates = suppressions.filter((s) => s.rule === d.ruleId);
    let match: Suppression | undefined;
    if (candidates.length > 0) {
      const subject = getFindingSubject(value, d.pointer);
      match = candidates.find((s) => s.nodeId === undefined || s.nodeId === subject.nodeId || s.nodeId === subject.edgeId || s.nodeId === subject.edgeSource);
    }
    if (match) suppressed.push({ diagnostic: d, reason: match.reason, suppression: match });
    else kept.push(d);
  }
  return { kept, suppressed };
}

function lintUnlocated(value: unknown, options: LintOptions): Omit<LintResult, "text" | "value"> {
  const variables = { declaredVariables: options.requestData, systemVariables: options.systemVariables };
  const diagnostics = runPathwayRules(value, allRules, settingsFrom(options.rules), (context) => withLintFacts(context, variables));
  const { kept, suppressed } = applySuppressions(value, diagnostics, options.suppressions ?? []);
  return { diagnostics: kept, suppressed };
}

/**
 * Lints an already-parsed value; `locateMany` (from the parse step) adds line/column when the source text is known,
 * and with the `text` itself, fixes and suggestions become replacements in it.
 */
export function lintValue(value: unknown, options: LintOptions = {}, locateMany?: BatchLocator, text?: string): Omit<LintResult, "text" | "value"> {
  const result = lintUnlocated(value, options);
  if (!locateMany) return result;
  // One pass over the text places every finding, kept or suppressed.
  const located = locateDiagnostics([...result.diagnostics, ...result.suppressed.map((s) => s.diagnostic)], locateMany, text);
  const kept = located.slice(0, result.diagnostics.length).sort(compareDiagnostics);
  return { diagnostics: kept, suppressed: result.suppressed.map((s, i) => ({ ...s, diagnostic: located[result.diagnostics.length + i]! })) };
}

/** Decodes, parses, validates and lints a pathway document. */
export function lintPathway(input: string | Uint8Array, options: LintOptions = {}): LintResult {
  return lintDocument(parseDocument(input), options);
}

/** Validates and lints a document `parseDocument` already read: a caller that looks at the value first parses it once. */
export function lintDocument(parsed: ParsedDocument, options: LintOptions = {}): LintResult {
  // Findings about the file itself (encoding, syntax) take their configured severity too.
  const documentFindings = applySeverities(parsed.diagnostics, options.rules);
  if (!parsed.ok) return { diagnostics: documentFindings, suppressed: [], text: parsed.text };
  const linted = lintValue(parsed.value, options, parsed.locateMany, parsed.text);
  return {
    value: parsed.value,
    text: parsed.text,
    diagnostics: [...documentFindings, ...linted.diagnostics].sort(compareDiagnostics),
    suppressed: linted.suppressed,
  };
}
