// `pathway mcp`: serves the Model Context Protocol on stdin/stdout for AI coding assistants; the server's code loads only when this command runs.
import type { Command } from "commander";
import path from "node:path";
import type { Host } from "../../host/host.js";
import { resolveByteSize } from "../options/byte-size.js";
import { option } from "../options/index.js";
import { EXIT, ExitError } from "../exit.js";
import { createSecretRedactor, redactHost, type CliIo } from "../io.js";
import { guardUserModules } from "../guard-exit.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { PACKAGE_ROOT } from "../package-root.js";

/** Largest file the server reads unless --max-file-size or PATHWAYKIT_MAX_FILE_SIZE says otherwise: as the language server's, since an assistant's context is smaller still. */
export const MCP_DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

interface McpFlags {
  root?: string;
  allowWrite?: boolean;
  allowRemote?: boolean;
  /** --timeout, in milliseconds. */
  timeout: number;
}

/**
 * The host for `--root <dir>`: the Node host with `dir` as its working directory, guarded and redacted as main builds
 * the usual one. A folder that is not there is a usage error.
 */
async function hostAtRoot(io: CliIo, root: string, maxFileBytes: number): Promise<Host> {
  const cwd = path.resolve(io.cwd, root);
  if ((await io.host.stat(cwd))?.kind !== "directory") throw new ExitError(EXIT.failure, `--root ${root}: no such folder; name the project's folder.`);
  const { createNodeHost } = await import("../../host/node-host.js");
  const host = guardUserModules(createNodeHost({ cwd, env: io.env, stdin: () => io.stdin, maxFileBytes }));
  const redact = createSecretRedactor(io.env);
  return redact ? redactHost(host, redact, (message) => io.stderr.write(`pathway: warning: ${message}\n`)) : host;
}

/**
 * Standard output carries the protocol: a pathway module that prints while `build` loads it would break the stream.
 * While a module loads, what is written to stdout other than the server's own messages goes to stderr instead.
 */
function guardProtocolOutput(io: CliIo, base: Host): { output: NodeJS.WritableStream; host: Host } {
  let protocol = false;
  const output = Object.assign(Object.create(io.stdout) as NodeJS.WritableStream, {
    write(chunk: string) {
      protocol = true;
      try {
        return io.stdout.write(chunk);
      } finally {
        protocol = false;
      }
    },
  });
  const host: Host = {
    ...base,
    async importModule(file) {
      const original = process.stdout.write;
      process.stdout.write = function (this: unknown, ...args: Parameters<typeof original>) {
        return protocol ? original.apply(process.stdout, args) : (process.stderr.write as (...a: unknown[]) => boolean)(...args);
      } as typeof original;
      try {
        return await base.importModule(file);
      } finally {
        process.stdout.write = original;
      }
    },
  };
  return { output, host };
}

/** Reads a file of pathwaykit's own package (its schemas, its rule pages): found from here, in the source tree or the bundle. */
function ownFileReader(io: CliIo): (relative: string) => Promise<string | undefined> {
  return async (relative) => {
    try {
      return new TextDecoder().decode(await io.host.readFile(path.join(PACKAGE_ROOT, relative)));
    } catch {
      return undefined;
    }
  };
}

/** Registers `pathway mcp` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("mcp")
    .description("serve the Model Context Protocol for AI coding assistants: validate, lint, explain rules, analyze, draw, run scenarios and diff as tools")
    .addOption(option("root"))
    .addOption(option("allowWrite"))
    .addOption(option("allowRemote"))
    .addOption(option("timeout", { of: "tool" }))
    .addHelpText(
      "after",
      `
The server speaks the Model Context Protocol over standard input and output (one JSON message per line), for
Claude Code, Cursor, VS Code and other MCP clients; its log goes to stderr. It is rooted at the working directory
(or --root): tools take paths relative to it, and nothing outside it is read (no .., no absolute path elsewhere, no
symbolic link out). validate and lint also take an unsaved pathway as text. By default every tool only reads: validate,
lint, explain_rule, analyze, diagram (Mermaid), run_scenarios (offline, with coverage), generate_scenarios (YAML, not
written), diff, check_request and calls_stats. --allow-write and --allow-remote add the tools above; publishing a
version to callers is never a tool. Resources: the JSON Schemas, one page per rule, and the project's pathways.
Prompts: review-pathway and write-scenarios. Files over 4MB are not read (--max-file-size or
PATHWAYKIT_MAX_FILE_SIZE), long answers are cut with a note, and $PATHWAYKIT_API_KEY never appears in an answer.

Set-up (docs/ai-assistants.md); in a project with pathwaykit installed:
  Claude Code:  claude mcp add pathwaykit -- npx pathway mcp
  Cursor:       .cursor/mcp.json  {"mcpServers": {"pathwaykit": {"command": "npx", "args": ["pathway", "mcp"]}}}
  VS Code:      .vscode/mcp.json  {"servers": {"pathwaykit": {"type": "stdio", "command": "npx",
                                   "args": ["pathway", "mcp", "--root", "\${workspaceFolder}"]}}}

Exit codes: 0 the client closed the connection (standard input ended), 2 usage error.

Examples:
  $ pathway mcp
  $ pathway mcp --allow-write --timeout 5m
  $ pathway mcp --root ~/projects/support-line
  $ claude mcp add pathwaykit -- npx pathway mcp --allow-write`,
    )
    .action(async (flags: McpFlags) => {
      const maxFileBytes = resolveByteSize(
        program.opts<{ maxFileSize?: number }>().maxFileSize,
        io.env,
        "PATHWAYKIT_MAX_FILE_SIZE",
        MCP_DEFAULT_MAX_FILE_BYTES,
      );
      // A person who ran it in a terminal sees why nothing happens; a client's pipe gets no such line.
      if ((io.stdin as { isTTY?: boolean }).isTTY)
        io.stderr.write("pathway mcp: waiting for an MCP client on standard input (Ctrl-D ends); see pathway mcp --help to set one up.\n");
      const { startMcpServer } = await import("../../mcp/server.js"); // why: the server, its tools and zod's schemas load only for this command
      const redact = createSecretRedactor(io.env);
      const base = flags.root === undefined ? io.host : await hostAtRoot(io, flags.root, maxFileBytes);
      const { output, host } = guardProtocolOutput(io, base);
      const exit = await startMcpServer({
        host,
        input: io.stdin,
        output,
        version: io.version,
        permissions: { write: flags.allowWrite === true, remote: flags.allowRemote === true },
        maxFileBytes,
        timeoutMs: flags.timeout,
        readOwnFile: ownFileReader(io),
        ...(redact && { redact }),
        log: (message) => io.stderr.write(`pathway mcp: ${escapeTerminalText(message)}\n`),
      });
      io.setExitCode(exit.code === 0 ? EXIT.ok : EXIT.failure);
    });
}
