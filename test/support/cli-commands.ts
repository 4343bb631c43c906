// Every `pathway` command and subcommand, as the words that run it, with its commander definition (loaded from the command table).
import { Command } from "commander";
import { commands } from "../../src/cli/command-table.js";
import type { CliIo } from "../../src/cli/io.js";

/** One command or subcommand: the words after `pathway`, and its definition. */
export interface CommandWords {
  words: string[];
  command: Command;
}

/** Every command and subcommand in the table's order, each registered on a scratch program. */
export async function allCommands(): Promise<CommandWords[]> {
  const found: CommandWords[] = [];
  for (const entry of commands) {
    const scratch = new Command("pathway");
    (await entry.load()).register(scratch, {} as CliIo);
    const command = scratch.commands.find((c) => c.name() === entry.name)!;
    found.push({ words: [entry.name], command });
    for (const sub of command.commands) found.push({ words: [entry.name, sub.name()], command: sub });
  }
  return found;
}
