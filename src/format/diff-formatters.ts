// Diff formatters by the name `pathway diff --format` takes.
import { formatDiffJson } from "./diff-json.js";
import { formatDiffMd } from "./diff-md.js";
import { formatDiffMermaid } from "./diff-mermaid.js";
import type { DiffFormatter } from "./diff-report.js";
import { formatDiffText } from "./diff-text.js";

export * from "./diff-report.js";
export { formatDiffJson, formatDiffMd, formatDiffMermaid, formatDiffText };
export { toMermaidText } from "./diff-mermaid.js";
export { cutMarkdown } from "./diff-md.js";

/** Diff formatters by name. */
export const diffFormatters: Readonly<Record<string, DiffFormatter>> = {
  text: formatDiffText,
  json: formatDiffJson,
  mermaid: formatDiffMermaid,
  md: formatDiffMd,
};
