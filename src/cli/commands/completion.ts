// `pathway completion <shell>`: prints a bash, zsh or fish completion script for every command and its options.
import { Argument, Command, type Option } from "commander";
import { COMPLETION_SHELLS, toCompletionScript, type CompletionCommand } from "../completion-scripts.js";
import { getCompletionValues } from "../completion-values.js";
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
Exit codes: 0 printed, 2 a shell other than bash, zsh or fish.

Examples:
  $ eval "$(pathway completion bash)"        # in ~/.bashrc
  $ eval "$(pathway completion zsh)"         # in ~/.zshrc
  $ pathway completion fish > ~/.config/fish/completions/pathway.fish`,
    )
    .action(async (shell: (typeof COMPLETION_SHELLS)[number]) => {
      const listed: CompletionCommand[] = [];
      // Each command registers itself on a scratch program, so the script lists exactly the options it accepts and
      // the values its enumerated options take (choices, rule ids), never a list kept here.
      for (const entry of commands) {
        const scratch = new Command("pathway");
        (await entry.load()).register(scratch, io);
        const command = scratch.commands.find((c) => c.name() === entry.name)!;
        // A command with subcommands (scenarios generate) completes their names and, after them, their options.
        const options = [command, ...command.commands].flatMap((c) => c.options.filter((o) => !o.hidden).map((o) => toCompletionOption(o)));
        const args = command.commands.length > 0 ? command.commands.map((c) => c.name()) : (command.registeredArguments[0]?.argChoices ?? []);
        listed.push({ name: entry.name, summary: entry.summary, options, ...(args.length > 0 && { args }) });
      }
      io.stdout.write(toCompletionScript(shell, listed));
    });
}

function toCompletionOption(o: Option): CompletionCommand["options"][number] {
  const values = getCompletionValues(o);
  return {
    ...(o.long && { long: o.long }),
    ...(o.short && { short: o.short }),
    description: o.description,
    ...((o.required || o.optional) && { takesValue: true }),
    ...(values.length > 0 && { values }),
  };
}
