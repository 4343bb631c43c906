// Renders docs/reference/commands.md from the real commander program: every command and subcommand, its arguments, options and --help text.
import type { Argument, Command, Option } from "commander";
import { commands } from "../../src/cli/commands/index.js";
import type { CliIo } from "../../src/cli/io.js";
import { createProgram } from "../../src/cli/main.js";
import { escapeMarkdownProse } from "../../src/escape/markdown.js";
import { generatedNotice, packageVersion } from "./markdown.js";

/** One command or subcommand as registered, with the words that run it. */
export interface BuiltCommand {
  words: string[];
  command: Command;
  /** What `addHelpText("after")` adds to its --help: more detail, exit codes, examples. */
  after: string;
}

/** An io for building the program: help goes to `out`, nothing touches the process. */
function docsIo(out: string[]): CliIo {
  const stream = { write: (s: string) => (out.push(s), true), isTTY: false } as unknown as CliIo["stdout"];
  return {
    stdout: stream,
    stderr: stream,
    env: {},
    cwd: process.cwd(),
    version: packageVersion(),
    setExitCode: () => {},
    host: undefined as never,
    stdin: undefined as never,
  };
}

/** The text `command --help` prints after commander's own part (the command's `addHelpText("after")`). */
function afterHelp(command: Command, out: string[]): string {
  out.length = 0;
  command.outputHelp();
  return out.join("").slice(command.helpInformation().length).trim();
}

/** The program (`pathway` alone, listing the commands) and every command and subcommand, in `pathway --help` order. */
export async function buildCommands(): Promise<{ program: Command; commands: BuiltCommand[] }> {
  const out: string[] = [];
  const program = await createProgram(docsIo(out), []);
  const built: BuiltCommand[] = [];
  for (const entry of commands) {
    // createProgram registers the named command in full, as a run of `pathway <name>` does.
    const full = await createProgram(docsIo(out), [entry.name]);
    const command = full.commands.find((c) => c.name() === entry.name);
    if (!command) throw new Error(`createProgram did not register ${entry.name}`);
    built.push({ words: [entry.name], command, after: afterHelp(command, out) });
    for (const sub of command.commands) built.push({ words: [entry.name, sub.name()], command: sub, after: afterHelp(sub, out) });
  }
  return { program, commands: built };
}

/** The default commander shows for an option, or undefined. */
export function optionDefault(o: Option): string | undefined {
  if (o.defaultValue === undefined) return undefined;
  const shown = o.required || o.optional || (o.isBoolean() && typeof o.defaultValue === "boolean");
  // A string default reads better unquoted in a code span (`text`, not `"text"`).
  return shown ? (o.defaultValueDescription ?? (typeof o.defaultValue === "string" ? o.defaultValue : JSON.stringify(o.defaultValue))) : undefined;
}

const code = (text: string) => `\`${text.replace(/\|/g, "\\|")}\``;

function argumentRow(a: Argument): string {
  const name = a.required ? `<${a.name()}${a.variadic ? "..." : ""}>` : `[${a.name()}${a.variadic ? "..." : ""}]`;
  const choices = a.argChoices ? ` One of ${a.argChoices.map(code).join(", ")}.` : "";
  return `| ${code(name)} | ${escapeMarkdownProse(a.description)}${choices} |`;
}

function optionRow(o: Option): string {
  const choices = o.argChoices ? ` One of ${o.argChoices.map(code).join(", ")}.` : "";
  const fallback = optionDefault(o);
  return `| ${code(o.flags)} | ${escapeMarkdownProse(o.description)}${choices} | ${fallback === undefined ? "" : code(fallback)} |`;
}

/**
 * The help text after commander's part as Markdown: the examples as a shell block, "Exit codes" in bold, other
 * paragraphs as prose, and a paragraph with indented lines (a table of limits) kept as preformatted text.
 */
export function renderAfterHelp(after: string): string[] {
  const [prose = "", examples] = after.split(/\n*^Examples:\n/m);
  const lines: string[] = [];
  for (const paragraph of prose
    .split(/\n\s*\n/)
    .map((p) => p.trimEnd())
    .filter((p) => p.trim() !== "")) {
    if (/\n\s/.test(paragraph)) lines.push("```text", paragraph, "```", "");
    else lines.push(escapeMarkdownProse(paragraph.replace(/\n/g, " ")).replace(/^(Exit codes:)/, "**$1**"), "");
  }
  if (examples) {
    lines.push(
      "Examples:",
      "",
      "```sh",
      ...examples
        .split("\n")
        .map((l) => l.replace(/^\s*\$ /, ""))
        .filter((l) => l.trim() !== ""),
      "```",
      "",
    );
  }
  return lines;
}

function renderCommand({ words, command, after }: BuiltCommand): string[] {
  const lines = [
    `## pathway ${words.join(" ")}`,
    "",
    escapeMarkdownProse(command.description()),
    "",
    "```sh",
    `pathway ${words.join(" ")} ${command.usage()}`,
    "```",
    "",
  ];
  if (command.commands.length > 0) {
    lines.push("| subcommand | what it does |", "|---|---|");
    for (const sub of command.commands)
      lines.push(`| [${code(sub.name())}](#pathway-${[...words, sub.name()].join("-")}) | ${escapeMarkdownProse(sub.description())} |`);
    lines.push("");
  }
  if (command.registeredArguments.length > 0) lines.push("| argument | description |", "|---|---|", ...command.registeredArguments.map(argumentRow), "");
  const options = command.options.filter((o) => !o.hidden);
  if (options.length > 0) lines.push("| option | description | default |", "|---|---|---|", ...options.map(optionRow), "");
  lines.push(...renderAfterHelp(after));
  return lines;
}

/** The text of docs/reference/commands.md. */
export async function renderCommandsReference(): Promise<string> {
  const { program, commands: built } = await buildCommands();
  const lines = [
    generatedNotice("the commander program the CLI builds (src/cli/commands/)"),
    "# Command reference",
    "",
    "Every `pathway` command and subcommand with its arguments, options and the rest of its `--help`: the same text",
    "`pathway <command> --help` prints. For what the output formats hold, see [formats.md](formats.md); for the exit codes",
    "and options every command shares, see [the command line](../cli.md).",
    "",
    "| command | what it does |",
    "|---|---|",
    ...built.map(
      ({ words, command }) => `| [${code(`pathway ${words.join(" ")}`)}](#pathway-${words.join("-")}) | ${escapeMarkdownProse(command.description())} |`,
    ),
    "",
    "## pathway",
    "",
    escapeMarkdownProse(program.description()),
    "",
    "Options of the program itself, given before or after the command name:",
    "",
    "| option | description | default |",
    "|---|---|---|",
    ...program.options.filter((o) => !o.hidden).map(optionRow),
    "",
  ];
  for (const command of built) lines.push(...renderCommand(command));
  return lines.join("\n").replace(/\n+$/, "\n");
}
