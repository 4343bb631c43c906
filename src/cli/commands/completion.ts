// `pathway completion <shell>`: prints a bash, zsh or fish completion script for every command and its options.
import { Argument, Command } from "commander";
import { COMPLETION_SHELLS, toCompletionScript, type CompletionCommand } from "../completion-scripts.js";
import type { CliIo } from "../io.js";
import { commands } from "./index.js";

/** Registers `pathway completion` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("completion")
    .description("print a shell completion script (bash, zsh or fish) for the commands and their options")
    .addArgument(new Argument("<shell>", "the shell").choices(COMPLETION_SHELLS))
    .addHelpText(
      "after",
      `
Examples:
  $ eval "$(pathway completion bash)"        # in ~/.bashrc
  $ eval "$(pathway completion zsh)"         # in ~/.zshrc
  $ pathway completion fish > ~/.config/fish/completions/pathway.fish`,
    )
    .action(async (shell: (typeof COMPLETION_SHELLS)[number]) => {
      const listed: CompletionCommand[] = [];
      // Each command registers itself on a scratch program, so the script lists exactly the options it accepts.
      for (const entry of commands) {
        const scratch = new Command("pathway");
        if (entry.name === "completion") {
          listed.push({ name: entry.name, summary: entry.summary, options: [] });
          continue;
        }
        (await entry.load()).register(scratch, io);
        const command = scratch.commands.find((c) => c.name() === entry.name)!;
        const options = command.options.filter((o) => !o.hidden).map((o) => ({ ...(o.long && { long: o.long }), ...(o.short && { short: o.short }), description: o.description }));
        listed.push({ name: entry.name, summary: entry.summary, options });
      }
      io.stdout.write(toCompletionScript(shell, listed));
    });
}
