// The `pathway` command line: builds the program, runs one command, and maps every failure to an exit code and a message.
import { Command, CommanderError } from "commander";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "./package-root.js";
import { EXIT, ExitError } from "./exit.js";
import { createSecretRedactor, redactHost, withRedaction, type CliIo } from "./io.js";
import { resolveByteSize } from "./options/byte-size.js";
import { createOption } from "./options/define.js";
import { MAX_FILE_SIZE_ENV, PROGRAM_OPTIONS } from "./options/program.js";
import { commands } from "./commands/index.js";
import { selectCommandName } from "./select-command.js";
import { isEngineError, toErrorObject } from "../host/errors.js";
import { guardUserModules } from "./guard-exit.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { Host } from "../host/host.js";
import type { Failure } from "./json-error.js";

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/**
 * Builds the program for `argv`: the command it names is imported and registered in full, alone; when `argv` names no
 * known command, every command is only listed (name, arguments, summary) for `pathway --help` and for suggestions. So a
 * run loads one command's code, and builds no parser for the thirty others (about 1 ms of every start).
 */
export async function createProgram(io: CliIo, argv: readonly string[] = []): Promise<Command> {
  const program = new Command("pathway")
    .description("Validate, lint, analyse, draw, simulate and diff voice-agent conversational pathways.")
    .version(io.version, "-v, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      // Usage errors quote the argument as typed: an escape sequence in it must not reach the terminal raw.
      writeErr: (s) => io.stderr.write(escapeTerminalText(s)),
      // Help wraps to the streams main was given, not to process.stdout (a caller's own streams, or none in tests).
      getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns) || 80,
      getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns) || 80,
    })
    // One input cap for every command that reads pathways or scenarios: a program option (accepted before or after the
    // command name), resolved before the command runs into the host every command reads through. Made from the
    // table's program part alone, not through options/index.js: `pathway --help` loads no other part of the table.
    .addOption(createOption("maxFileSize", PROGRAM_OPTIONS.maxFileSize, []));
  const name = selectCommandName(argv);
  const selected = commands.find((c) => c.name === name);
  if (selected) (await selected.load()).register(program, io);
  else for (const entry of commands) program.command(entry.name).description(entry.summary).arguments(entry.args);
  for (const command of program.commands) command.exitOverride();
  return program;
}

/** Stands in for the host until a command starts; using it earlier is a bug in pathwaykit. */
const notStartedHost: Host = new Proxy({} as Host, {
  get(_target, prop) {
    throw new Error(`the host was used before a command started (${String(prop)})`);
  },
});

/** Runs the CLI with `argv` (user arguments only) and returns the exit code. Never throws. */
export async function main(argv: readonly string[], partial: Partial<CliIo> = {}): Promise<number> {
  let exitCode: number = EXIT.ok;
  const base = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    version: packageVersion(),
    setExitCode: (code: number) => {
      exitCode = Math.max(exitCode, code);
    },
    ...partial,
  };
  // The real host is built when a command starts (preAction), so --help and usage errors never load the file system code.
  const fields = { ...base, host: partial.host ?? notStartedHost };
  // process.stdin is created on first use: creating it loads stream and socket code that most runs never need.
  if (!partial.stdin) Object.defineProperty(fields, "stdin", { get: () => process.stdin, enumerable: true });
  const io = withRedaction(fields as CliIo);
  let program: Command | undefined;
  // The real host, built once: when a command starts, or when a fatal error's JSON document goes to an -o file.
  let hostStarted = false;
  const startHost = async (_program?: Command, action?: Command): Promise<void> => {
    const { createNodeHost, DEFAULT_MAX_FILE_BYTES } = await import("../host/node-host.js"); // why: --help never touches files
    // `eval "$(pathway completion bash)"` in .bashrc must not fail on a size variable set for other commands.
    const readsFiles = commands.find((c) => c.name === action?.name())?.readsFiles !== false;
    const flag = program?.opts<{ maxFileSize?: number }>().maxFileSize;
    const maxFileBytes = readsFiles ? resolveByteSize(flag, io.env, MAX_FILE_SIZE_ENV, DEFAULT_MAX_FILE_BYTES) : (flag ?? DEFAULT_MAX_FILE_BYTES);
    if (partial.host || hostStarted) return;
    const host = guardUserModules(createNodeHost({ cwd: base.cwd, env: base.env, stdin: () => io.stdin, maxFileBytes }));
    const redact = createSecretRedactor(io.env);
    io.host = redact ? redactHost(host, redact, (message) => io.stderr.write(`pathway: warning: ${message}\n`)) : host;
    hostStarted = true;
  };
  try {
    program = await createProgram(io, argv);
    program.hook("preAction", startHost);
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    let failure: Failure;
    if (error instanceof CommanderError) {
      // --help and --version end with exit code 0 through the same path as usage errors; commander printed the message.
      if (error.exitCode === 0) return EXIT.ok;
      failure = { exit: EXIT.failure, code: "usage", message: error.message.replace(/^error: /, "") };
    } else if (error instanceof ExitError) {
      io.stderr.write(`pathway: ${escapeTerminalText(error.message)}\n`);
      failure = { exit: error.code, code: error.kind, message: error.message };
    } else if (isEngineError(error)) {
      io.stderr.write(`pathway: ${escapeTerminalText(error.message)}\n`);
      failure = { exit: error.kind === "refused" || error.kind === "findings" ? EXIT.findings : EXIT.failure, ...toErrorObject(error) };
    } else {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(
        `pathway: internal error: ${escapeTerminalText(message)}\nThis is a bug in pathwaykit; please report it with the command you ran.${io.env.PATHWAYKIT_DEBUG && error instanceof Error ? `\n${error.stack}` : " (set PATHWAYKIT_DEBUG=1 for details)"}\n`,
      );
      failure = { exit: EXIT.failure, code: "internal", message: `internal error: ${message}` };
    }
    // A script reading `--format json` gets one document on every outcome: this one when no report was made.
    try {
      const { findRunningCommand, wantsJson, writeErrorDocument } = await import("./json-error.js"); // why: only a failing run needs it
      const command = program && findRunningCommand(program, argv);
      if (command && wantsJson(command, argv)) {
        const hostReady = () =>
          startHost().then(
            () => io.host !== notStartedHost,
            () => false,
          );
        await writeErrorDocument(io, command, argv, failure, hostReady);
      }
    } catch {
      // main never throws: the message is on stderr and the exit code stands, document or not.
    }
    return failure.exit;
  }
}
