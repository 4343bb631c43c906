// The `pathway` command line: builds the program, runs one command, and maps every failure to an exit code and a message.
import { Command, CommanderError, Option } from "commander";
import { readFileSync } from "node:fs";
import { DEFAULT_MAX_FILE_BYTES } from "../engine/read-file-bounded.js";
import { parseByteSize, resolveByteSize } from "./byte-size.js";
import { EXIT, ExitError } from "./exit.js";
import { withRedaction, type CliIo } from "./io.js";
import { commands } from "./commands/index.js";

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/** Environment variable for the input cap (`--max-file-size` wins). */
export const MAX_FILE_SIZE_ENV = "PATHWAYKIT_MAX_FILE_SIZE";

/** Builds the program with every command registered against `io`. */
export function createProgram(io: CliIo): Command {
  const program = new Command("pathway")
    .description("Validate, lint, analyse, draw, simulate and diff voice-agent conversational pathways.")
    .version(io.version, "-v, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  // One cap for every command that reads pathways or scenarios, so it is a program option (accepted before or after
  // the command name) resolved once, before the command runs.
  program
    .addOption(new Option("--max-file-size <size>", `largest pathway or scenario file read, stdin included (default: $${MAX_FILE_SIZE_ENV} or 256MB)`).argParser(parseByteSize))
    .hook("preAction", () => {
      io.maxFileBytes = resolveByteSize(program.opts<{ maxFileSize?: number }>().maxFileSize, io.env, MAX_FILE_SIZE_ENV, DEFAULT_MAX_FILE_BYTES);
    });
  for (const register of commands) register(program, io);
  for (const command of program.commands) command.exitOverride();
  return program;
}

/** Runs the CLI with `argv` (user arguments only) and returns the exit code. Never throws. */
export async function main(argv: readonly string[], partial: Partial<CliIo> = {}): Promise<number> {
  let exitCode: number = EXIT.ok;
  const io: CliIo = withRedaction({
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    version: packageVersion(),
    setExitCode: (code) => {
      exitCode = Math.max(exitCode, code);
    },
    ...partial,
  });
  try {
    await createProgram(io).parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with exit code 0 through the same path as usage errors.
      return error.exitCode === 0 ? EXIT.ok : EXIT.failure;
    }
    if (error instanceof ExitError) {
      io.stderr.write(`pathway: ${error.message}\n`);
      return error.code;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`pathway: internal error: ${message}\nThis is a bug in pathwaykit; please report it with the command you ran.${io.env.PATHWAYKIT_DEBUG && error instanceof Error ? `\n${error.stack}` : " (set PATHWAYKIT_DEBUG=1 for details)"}\n`);
    return EXIT.failure;
  }
}
