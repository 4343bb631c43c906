// Where a command's report goes: stdout, or with -o/--output a file written atomically (the same for every command).
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
