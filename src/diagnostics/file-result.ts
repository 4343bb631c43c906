// The findings for one file: what validate, lint, build and check-request return per file and every findings formatter prints.
import type { Diagnostic } from "./diagnostic.js";

/** The findings for one file; `text` (when known) lets formatters print code frames. */
export interface FileResult {
  filePath: string;
  diagnostics: Diagnostic[];
  text?: string;
  /** With --fix or --fix-dry-run, when a fix changed the file: its whole fixed text (ESLint's `output`). */
  output?: string;
  /**
   * Set when a folder or glob found the file but it was not checked, because it holds another kind of project file
   * (`call-record`, `scenario`, `request`, `bland-cli-tests`); its one diagnostic is then an `info` note saying so.
   */
  skipped?: string;
}
