// Writes a command's output to stdout, or atomically to the file given with -o.
import path from "node:path";
import { EXIT, ExitError } from "./exit.js";
import type { CliIo } from "./io.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** Writes `text` to `output` (relative to the working directory; `-` or none is stdout). A failed write is exit 2. */
export async function writeOutput(io: CliIo, output: string | undefined, text: string): Promise<void> {
  if (output === undefined || output === "-") {
    io.stdout.write(text);
    return;
  }
  try {
    await writeFileAtomic(path.resolve(io.cwd, output), text);
  } catch (error) {
    throw new ExitError(EXIT.failure, `${output}: cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
}
