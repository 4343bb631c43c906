// ESLint-style JSON: an array with one object per file, each message with rule id, severity, pointer and range.
import { toJsonText } from "../escape/json.js";
import { countBySeverity, type FileResult, type Suggestion, type TextFix } from "../diagnostics/index.js";
import type { Formatter } from "./result.js";

/** One file in `--format json` output. */
export interface JsonFileReport {
  filePath: string;
  errorCount: number;
  warningCount: number;
  messages: {
    ruleId: string;
    severity: "error" | "warning" | "info";
    message: string;
    pointer: string;
    line: number | null;
    column: number | null;
    endLine: number | null;
    endColumn: number | null;
    /** The safe fix (`lint --fix` applies it), as ESLint gives it. */
    fix?: TextFix;
    /** Changes offered for a person to choose, as ESLint gives them. */
    suggestions?: Suggestion[];
  }[];
  /** With --fix or --fix-dry-run, when a fix changed the file: its whole fixed text. */
  output?: string;
  /** Only on a file a folder or glob found but did not check: what it is (`call-record`, `scenario`, `request`, `bland-cli-tests`). */
  skipped?: string;
}

/** The data behind `--format json`, for callers that want objects rather than text. */
export function toJsonReport(results: readonly FileResult[]): JsonFileReport[] {
  return results.map((r) => ({
    filePath: r.filePath,
    ...countBySeverity(r.diagnostics),
    messages: r.diagnostics.map((d) => ({
      ruleId: d.ruleId,
      severity: d.severity,
      message: d.message,
      pointer: d.pointer,
      line: d.range?.start.line ?? null,
      column: d.range?.start.column ?? null,
      endLine: d.range?.end.line ?? null,
      endColumn: d.range?.end.column ?? null,
      ...(d.fix && { fix: d.fix }),
      ...(d.suggestions && { suggestions: d.suggestions }),
    })),
    ...(r.output !== undefined && { output: r.output }),
    ...(r.skipped !== undefined && { skipped: r.skipped }),
  }));
}

/** `--format json`: the per-file reports of `toJsonReport`, pretty-printed. */
export const formatJson: Formatter = (results) => toJsonText(toJsonReport(results));
