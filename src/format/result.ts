// How findings formatters present the diagnostics layer's FileResults: their options and their signature.
import type { FileResult, RuleDescriptor } from "../diagnostics/index.js";

/** Presentation options; formatters are pure functions of results and these. */
export interface FormatOptions {
  /** Use ANSI colours (stylish only). Default false. */
  color?: boolean;
  /** Metadata of the rules that ran, for SARIF's rule table. */
  rules?: readonly RuleDescriptor[];
  /** Tool version reported in SARIF. */
  version?: string;
  /** Directory that file paths are relative to (SARIF's %SRCROOT%). Default: paths as given. */
  cwd?: string;
}

/** A formatter turns results into the text written to stdout. */
export type Formatter = (results: readonly FileResult[], options?: FormatOptions) => string;
