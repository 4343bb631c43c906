// The loop shared by `validate` and `lint`: read every input, check it, print one report, pick the exit code.
import type { Command } from "commander";
import { InvalidArgumentError, Option } from "commander";
import { countBySeverity, type Diagnostic, type RuleDescriptor } from "../diagnostics/index.js";
import { diagnosticFormatters, type FileResult } from "../format/index.js";
import { EXIT, ExitError } from "./exit.js";
import { collectInputs, describeFsError, type Input } from "./inputs.js";
import type { CliIo } from "./io.js";
import { useColor } from "./io.js";
import { writeFileAtomic } from "./write-file-atomic.js";
import path from "node:path";

/** Options every file-checking command takes. */
export interface CheckCommandOptions {
  format: string;
  color?: boolean;
  maxWarnings?: number;
  quiet?: boolean;
  ignorePattern?: string[];
  outputFile?: string;
  /** Extensions a directory walk picks up (default [".json"]). */
  extensions?: readonly string[];
}

/** Adds the shared options (format, colour, warnings budget, quiet, ignore) to a command. */
export function addCheckOptions(command: Command): Command {
  return command
    .addOption(new Option("-f, --format <name>", "output format").choices(Object.keys(diagnosticFormatters)).default("stylish"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addOption(new Option("--max-warnings <n>", "exit 1 when there are more than n warnings").argParser(parseCount))
    .option("-q, --quiet", "report errors only")
    .option("--ignore-pattern <glob...>", "skip files matching these globs when walking directories")
    .option("-o, --output-file <path>", "write the report to a file (atomically) instead of stdout");
}

/** An option parser for whole numbers of at least `min`; commander turns its error into a usage error naming the flag. */
export function parseWholeNumber(min: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min) throw new InvalidArgumentError(`Expected a whole number of at least ${min}.`);
    return Number(value);
  };
}

/** Parses a count option (a whole number of 0 or more). */
export const parseCount = parseWholeNumber(0);

/** A checked file; `failed` when it could not be checked at all (it counts like an unreadable file: exit 2). */
export type CheckedFile = FileResult & { failed?: boolean };

/** A read failure as a finding, so it shows in every format next to the others. */
export function unreadable(input: Input): FileResult {
  const diagnostic: Diagnostic = { ruleId: "unreadable-file", severity: "error", message: input.error!, pointer: "" };
  return { filePath: input.path, diagnostics: [diagnostic] };
}

/**
 * Checks every input with `check` and prints the report. Exit code: 2 when an input could not be read (the others are
 * still checked and reported), 1 when there are errors or more warnings than allowed, else 0.
 */
export async function checkFiles(
  args: readonly string[],
  options: CheckCommandOptions,
  io: CliIo,
  check: (input: Input & { bytes: Uint8Array }) => CheckedFile | Promise<CheckedFile>,
  rules: readonly RuleDescriptor[],
  /** Results checked elsewhere to report with these (lint adds the config's request files). Default none. */
  extra: readonly CheckedFile[] = [],
): Promise<number> {
  if (args.length === 0) throw new ExitError(EXIT.failure, "No files given; name pathway files, directories or globs (or - for stdin).");
  const inputs = await collectInputs(args, { ignore: options.ignorePattern, stdin: io.stdin, cwd: io.cwd, extensions: options.extensions });
  const results: FileResult[] = [];
  let unreadableCount = 0;
  for (const input of inputs) {
    if (input.error !== undefined || !input.bytes) {
      unreadableCount++;
      results.push(unreadable(input));
      continue;
    }
    const result = await check(input as Input & { bytes: Uint8Array });
    if (result.failed) unreadableCount++;
    results.push(options.quiet ? { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === "error") } : result);
  }
  for (const result of extra) {
    if (result.failed) unreadableCount++;
    results.push(options.quiet ? { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === "error") } : result);
  }
  const formatter = diagnosticFormatters[options.format]!;
  const color = options.outputFile ? options.color === true : useColor(options.color, io);
  const report = formatter(results, { color, rules, version: io.version, cwd: io.cwd });
  if (options.outputFile) {
    try {
      await writeFileAtomic(path.resolve(io.cwd, options.outputFile), report);
    } catch (error) {
      throw new ExitError(EXIT.failure, `cannot write the report: ${describeFsError(error, options.outputFile)}`);
    }
  } else io.stdout.write(report);
  if (unreadableCount > 0) return EXIT.failure;
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    const c = countBySeverity(r.diagnostics);
    errors += c.errorCount;
    warnings += c.warningCount;
  }
  if (errors > 0) return EXIT.findings;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    io.stderr.write(`pathway: ${warnings} warnings, more than --max-warnings ${options.maxWarnings}.\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}
