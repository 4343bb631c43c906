// The machine-readable diff format: exactly what getPathwayDiff returns, with JSON pointers into both documents.
import type { DiffFormatter } from "./diff-report.js";

/** Formats a diff as the diff layer's PathwayDiff object (what getPathwayDiff returns), pretty-printed. */
export const formatDiffJson: DiffFormatter = (input) => JSON.stringify(input.diff, null, 2) + "\n";
