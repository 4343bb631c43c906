// Pure formatters: (results, options) -> text. The CLI picks one by name.
import { formatGithub } from "./github.js";
import { formatJson } from "./json.js";
import type { DiagnosticFormatterName } from "./load-formatter.js";
import type { Formatter } from "./result.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";

export * from "./result.js";
export { formatGithub, formatJson, formatSarif, formatStylish };
export { toJsonReport, type JsonFileReport } from "./json.js";

// Typed against the one registry's names (load-formatter.ts): a name added there and missing here does not compile.
const loaded: Record<DiagnosticFormatterName, Formatter> = { stylish: formatStylish, json: formatJson, sarif: formatSarif, github: formatGithub };
/** Formatters by the name `--format` takes. */
export const diagnosticFormatters: Readonly<Record<string, Formatter>> = loaded;
export * from "./diff-formatters.js";
export * from "./test-report.js";
export { formatTestJunit } from "./junit.js";
export { formatTestTap } from "./tap.js";
export { formatAnalysis, type AnalysisFormatOptions } from "./analysis.js";
export * from "./history.js";
export * from "./usage.js";
export * from "./usage-report.js";
