// Where a command's report goes: stdout, or with -o/--output a file written atomically (the same for every command).
import { Option } from "commander";
import { describeFsError } from "../host/fs-errors.js";
import { EXIT, ExitError } from "./exit.js";
import { useColor, type CliIo } from "./io.js";

/** Writes `report` to `output` (atomically) or, when it is undefined or "-", to stdout. A write failure is exit 2. */
export async function writeOutput(io: CliIo, output: string | undefined, report: string | Uint8Array): Promise<void> {
  if (output === undefined || output === "-") {
    io.stdout.write(report);
    return;
  }
  try {
    await io.host.writeFile(output, report);
  } catch (error) {
    throw new ExitError(EXIT.failure, `cannot write the report: ${describeFsError(error, output)}`, "io");
  }
}

/**
 * Colour for a report going to `output`: a file only with --color (no terminal reads it), stdout (none, or "-") as
 * useColor decides (--color/--no-color, NO_COLOR, FORCE_COLOR, a terminal). The same rule in every command.
 */
export function useReportColor(flag: boolean | undefined, output: string | undefined, io: CliIo): boolean {
  return output !== undefined && output !== "-" ? flag === true : useColor(flag, io);
}

/** Marks an `-o` option whose file holds the command's report, so a fatal error's JSON document goes there too. */
const REPORT_OUTPUT = Symbol("report output");

/** `-o, --output <file>` naming the file the report is written to (atomically) instead of stdout. */
export function createReportOutputOption(description = "write the report to a file (atomically) instead of stdout", flags = "-o, --output <file>"): Option {
  return Object.assign(new Option(flags, description), { [REPORT_OUTPUT]: true });
}

/** True for an option made by createReportOutputOption. */
export function isReportOutputOption(option: Option): boolean {
  return (option as Option & { [REPORT_OUTPUT]?: boolean })[REPORT_OUTPUT] === true;
}
