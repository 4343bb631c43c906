// The `pathway` command lines inside action.yml's scripts, and the flags the real CLI lists for a command.
import { runCli } from "./cli.js";
import type { ActionFile, ActionStep } from "./composite-action.js";

/** The `pathway <command> --flags` lines of a script: the command and every long flag written after it. */
export function pathwayCommands(script: string): { command: string; flags: string[] }[] {
  // At a command's place only: a line's start or after a pipe, `;`, `&&`, `||` or `(`; comments and echoed text are not commands.
  const code = script.replace(/^\s*#.*$/gm, "");
  return [...code.matchAll(/(?:^[ \t]*|[|;(&][ \t]*)pathway ([a-z-]+)([^\n]*)/gm)].map((m) => ({
    command: m[1]!,
    flags: [...m[2]!.matchAll(/(?:^|\s)(--[a-z][a-z-]*)/g)].map((f) => f[1]!),
  }));
}

/** The `run:` steps of one mode: those whose `if:` names it, and those that run in both. */
export function stepsOf(action: ActionFile, mode: "check" | "release"): (ActionStep & { run: string })[] {
  const scripts = action.runs.steps.filter((s): s is ActionStep & { run: string } => s.run !== undefined);
  return scripts.filter((s) => !/inputs\.mode == '(check|release)'/.test(s.if ?? "") || s.if!.includes(`inputs.mode == '${mode}'`));
}

/** Flags the real `pathway <command>` lists in its --help (commander writes it from the options it parses). */
export function helpFlags(command: string): Set<string> {
  const help = runCli([command, "--help"]);
  return new Set([...help.stdout.matchAll(/(--[a-z][a-z-]*)/g)].map((m) => m[1]!));
}
