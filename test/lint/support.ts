// Lint helpers for tests: every diagnostic `pathway lint` reports for a text, with ranges from the real source map.
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { lintPathway, type LintOptions } from "../../src/lint/index.js";

/** Every diagnostic the linter reports for a text. */
export function lintText(text: string, options: LintOptions = {}): Diagnostic[] {
  return lintPathway(text, options).diagnostics;
}

/** A runner with fixed options, for `ruleTable`. */
export function lintWith(options: LintOptions): (text: string) => Diagnostic[] {
  return (text) => lintText(text, options);
}
