// Counts of errors and warnings over a whole run, for exit codes and summaries.
import { countBySeverity, type FileResult } from "../../diagnostics/index.js";

/** Errors and warnings over all results. */
export function countResults(results: readonly FileResult[]): { errorCount: number; warningCount: number } {
  let errorCount = 0;
  let warningCount = 0;
  for (const r of results) {
    const c = countBySeverity(r.diagnostics);
    errorCount += c.errorCount;
    warningCount += c.warningCount;
  }
  return { errorCount, warningCount };
}
