// The reporting shared by every command that reports findings: --format, -o, --color, --quiet, --max-warnings, and the exit code.
import type { Command } from "commander";
import type { FileResult, RuleDescriptor } from "../diagnostics/index.js";
import { countResults } from "../engine/check/count-results.js";
import { DIAGNOSTIC_FORMATTER_NAMES, loadDiagnosticFormatter, type DiagnosticFormatterName } from "../format/load-formatter.js";
import { EXIT } from "./exit.js";
import type { CliIo } from "./io.js";
import { option } from "./options/index.js";
import { useReportColor, writeOutput } from "./output.js";
import { toCount } from "../escape/count.js";
import { escapeTerminalText } from "../escape/terminal.js";
import { describeSkippedFiles, isSkippedResult } from "../engine/project/other-files.js";

/** The formats every findings report offers (the formatter registry's names); `text` is the human one (ESLint's stylish). */
export const FINDINGS_FORMATS: readonly string[] = DIAGNOSTIC_FORMATTER_NAMES.map((name) => (name === "stylish" ? "text" : name));

/** Options every findings-reporting command takes. */
export interface CheckCommandOptions {
  format: string;
  color?: boolean;
  maxWarnings?: number;
  quiet?: boolean;
  ignorePattern?: string[];
  /** -o, or its old spelling --output-file. */
  output?: string;
}

/** Adds the table's reporting options (format, output, colour, warnings budget, quiet) to a command; `walk` adds --ignore-pattern. */
export function addCheckOptions(command: Command, walk = true): Command {
  command
    .addOption(option("format", { formats: FINDINGS_FORMATS }))
    .addOption(option("output"))
    .addOption(option("outputFile"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addOption(option("maxWarnings"))
    .addOption(option("quiet"));
  if (walk) command.addOption(option("ignorePattern"));
  return command;
}

/** The inputs named, or the working directory when none are, as ESLint lints `.` when given no files. */
export function inputsOrWorkingDirectory(inputs: readonly string[]): string[] {
  return inputs.length > 0 ? [...inputs] : ["."];
}

/**
 * Prints `results` in the chosen format (to -o or stdout) and returns the exit code: 2 when an input could not be read
 * or found (the others are still reported), 1 when there are errors or more warnings than allowed, else 0.
 */
export async function reportFindings(
  results: readonly FileResult[],
  options: CheckCommandOptions,
  io: CliIo,
  rules: readonly RuleDescriptor[],
): Promise<number> {
  // Files a folder walk skipped (call records, scenarios...) were not checked: JSON lists them, marked, as the library
  // returns them; every other format leaves them out, and one line on stderr says what was skipped.
  const json = options.format === "json";
  const checked = json ? results : results.filter((r) => !isSkippedResult(r));
  const shown = options.quiet ? checked.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === "error") })) : checked;
  const output = options.output;
  const format = await loadDiagnosticFormatter(options.format === "text" ? "stylish" : (options.format as DiagnosticFormatterName));
  const color = useReportColor(options.color, output, io);
  await writeOutput(io, output, format(shown, { color, rules, version: io.version, cwd: io.cwd }));
  const skipped = json || options.quiet ? undefined : describeSkippedFiles(results);
  if (skipped !== undefined) io.stderr.write(`pathway: ${escapeTerminalText(skipped)}.\n`);
  // `failed`: a file the operation could not check at all (check-request: not a request, or its pathway does not load).
  if (results.some((r) => (r as { failed?: boolean }).failed || r.diagnostics.some((d) => d.ruleId === "unreadable-file" || d.ruleId === "no-matching-files")))
    return EXIT.failure;
  const { errorCount: errors, warningCount: warnings } = countResults(results);
  if (errors > 0) return EXIT.findings;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    io.stderr.write(`pathway: ${toCount(warnings, "warning")}, more than --max-warnings ${options.maxWarnings}.\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}
