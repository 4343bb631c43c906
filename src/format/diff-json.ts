// The machine-readable diff format: the PathwayDiff as given (the engine masks its values), with JSON pointers into both documents.
import { toJsonText } from "../escape/json.js";
import type { DiffFormatter } from "./diff-report.js";

/** Formats a diff as the diff layer's PathwayDiff object, pretty-printed, with terminal-active characters escaped (toJsonText). */
export const formatDiffJson: DiffFormatter = (input) => toJsonText(input.diff);
