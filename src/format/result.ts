// What formatters receive: one entry per checked file, and how they may present it.
import type { Diagnostic, RuleDescriptor } from "../diagnostics/index.js";

/** The findings for one file; `text` (when known) lets formatters print code frames. */
export interface FileResult {
  filePath: string;
  diagnostics: Diagnostic[];
  text?: string;
}

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
