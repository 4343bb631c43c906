// `pathway lsp`: serves the Language Server Protocol on stdin/stdout for editors; the server's code loads only when this command runs.
import type { Command } from "commander";
import { resolveByteSize } from "../options/byte-size.js";
import { option } from "../options/index.js";
import { MAX_FILE_SIZE_ENV } from "../options/program.js";
import { EXIT } from "../exit.js";
import { createSecretRedactor, type CliIo } from "../io.js";

/**
 * Largest document the server analyses unless the editor's pathwaykit.maxDocumentSizeMB, --max-file-size or
 * PATHWAYKIT_MAX_FILE_SIZE says otherwise: ten times the largest pathway of the service we have seen (under 400 KB).
 * A 13.5 MB file held the server for minutes; the time and memory budgets stop what gets past this.
 */
export const LSP_DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Registers `pathway lsp` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("lsp")
    .description("serve the Language Server Protocol for editors: findings while you type, hover, go to definition, symbols, completion, quick fixes")
    .addOption(option("stdio"))
    .addHelpText(
      "after",
      `
The server reads the files an editor has open as the editor holds them (saved or not) and everything else from disk;
it never writes a file: quick fixes are edits the editor applies. Pathway JSON gets the findings of \`pathway lint\`
(with the nearest pathway.config.json), scenario files those of \`pathway test\`, request files those of
\`pathway check-request\`, and *.pathway.ts modules those of \`pathway build\` after each save, only where the editor
allows running them (a trusted VS Code workspace, or the setting pathwaykit.runModules). Files over 4MB are
not analysed (the editor's pathwaykit.maxDocumentSizeMB, --max-file-size or PATHWAYKIT_MAX_FILE_SIZE sets the
limit), and an analysis that takes over 5 s or 256 MB of memory is stopped (pathwaykit.analysisTimeoutSeconds,
pathwaykit.analysisMemoryMB); each gets one finding saying so. See
https://github.com/pathwaykit/pathwaykit/blob/main/docs/editors.md for Neovim and VS Code.

Exit codes: 0 the client sent shutdown then exit, 1 the client went away without shutdown or sent a message frame
that cannot be read (one line on stderr says which), 2 usage error.

Examples:
  $ pathway lsp --stdio
  $ nvim --cmd "lua vim.lsp.start({ name = 'pathway', cmd = { 'npx', 'pathway', 'lsp', '--stdio' } })" pathway.json`,
    )
    .action(async () => {
      const flag = program.opts<{ maxFileSize?: number }>().maxFileSize;
      const maxFileBytes = resolveByteSize(flag, io.env, MAX_FILE_SIZE_ENV, LSP_DEFAULT_MAX_FILE_BYTES);
      const { startLspServer } = await import("../../lsp/server.js"); // why: the server and vscode-languageserver load only for this command
      const redact = createSecretRedactor(io.env);
      const exit = await startLspServer({ host: io.host, input: io.stdin, output: io.stdout, maxFileBytes, ...(redact && { redact }) });
      // The protocol's stdout carries only messages: why the stream broke goes to stderr, where an editor's log shows it.
      if (exit.reason) io.stderr.write(`pathway lsp: ${exit.reason}\n`);
      io.setExitCode(exit.code === 0 ? EXIT.ok : EXIT.findings);
    });
}
