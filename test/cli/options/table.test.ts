// Every option of every command comes from the option table, as the table makes it, and a flag is one entry in every command.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { commands } from "../../../src/cli/commands/index.js";
import type { CliIo } from "../../../src/cli/io.js";
import { createProgram } from "../../../src/cli/main.js";
import { createOption, getTableMark, type OptionEntry } from "../../../src/cli/options/define.js";
import { OPTION_GROUPS, OPTIONS, type OptionName } from "../../../src/cli/options/index.js";
import { ROOT } from "../../support/cli.js";
import { runMain } from "../../support/run-main.js";
import { createTempProject } from "../../support/temp-project.js";

/** Enough of an io to build the program: nothing runs. */
const io = {
  version: "0.0.0",
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
  cwd: ROOT,
  setExitCode: () => undefined,
} as unknown as CliIo;

/** One option as a command (or the program) declares it. */
interface Declared {
  where: string;
  option: Option;
}

/** Every option of the program and of each command and subcommand, each command registered alone as a run registers it. */
async function declaredOptions(): Promise<Declared[]> {
  const found: Declared[] = [];
  const walk = (command: Command, where: string) => {
    for (const option of command.options) found.push({ where, option });
    for (const sub of command.commands) walk(sub, `${where} ${sub.name()}`);
  };
  for (const entry of commands) {
    const program = await createProgram(io, [entry.name]);
    if (entry === commands[0]) for (const option of program.options.filter((o) => o.long !== "--version")) found.push({ where: "pathway", option });
    walk(program.commands.find((c) => c.name() === entry.name)!, entry.name);
  }
  return found;
}

/** Values tried on every parser: what an option makes of them says whether two parsers are the same. */
const PROBES = ["0", "1", "2", "20", "301", "1000001", "30s", "abc", "-1", "0.5", "256MB", "all", "draft", "production", "text", "stylish", "json", "omit"];

/** What a user meets of an option besides its help line: its flags, the values it takes and makes, its default. */
function toShape(option: Option): string {
  const parsed = PROBES.map((value) => {
    try {
      return option.parseArg ? JSON.stringify(option.parseArg(value, option.defaultValue)) : "-";
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  });
  return JSON.stringify([option.flags, option.argChoices, option.defaultValue, option.mandatory, parsed]);
}

/**
 * Entries whose option takes other values (or another default) in some command, and why that is one meaning. A new
 * entry here is a decision: two meanings under one flag, or one meaning whose limits differ by use.
 */
const VARIES_BY_COMMAND: Partial<Record<OptionName, string>> = {
  format: "the formats each command prints",
  output: "a file for a report, a directory for files written",
  timeout: "what it bounds: a request, a layout, an image, a listener's wait",
  pathwayVersion: "the forms a version can take there: any for a chat, number or draft to promote, a number to count",
  limit: "log needs two versions to compare, versions one",
  maxCalls: "the list read (fetch) and the records received (listen)",
  port: "the listener's fixed default, the review server's free port",
  engine: "the layout engines each command has",
  decider: "chat starts with keyword; test leaves each scenario's own unless told",
  context: "how much around a change is shown: lines of text (diff), the rest of the pathway (diagram)",
  coverage: "test prints the coverage of its run; report reads test's (a file)",
  pathway: "remote:<id> where a request names its pathway; required where calls are mapped",
};

describe("the option table", async () => {
  const declared = await declaredOptions();
  /** The table-made ones, with their marks (the first test names any other). */
  const marked = declared.flatMap((d) => {
    const mark = getTableMark(d.option);
    return mark ? [{ ...d, mark }] : [];
  });

  it("makes every option of every command (nothing typed by hand)", () => {
    const handMade = declared.filter(({ option }) => getTableMark(option) === undefined).map(({ where, option }) => `${where} ${option.flags}`);
    expect(declared.length).toBeGreaterThan(250);
    expect(handMade).toEqual([]);
  });

  it("leaves each option as the table made it (no command changes one afterwards)", () => {
    const fields = (o: Option) => [
      o.flags,
      o.description,
      o.defaultValue,
      o.defaultValueDescription,
      o.argChoices,
      o.mandatory,
      o.hidden,
      o.attributeName(),
      o.parseArg === undefined,
    ];
    const changed = marked.filter(({ option, mark }) => {
      const again = createOption(mark.name, OPTIONS[mark.name as OptionName] as OptionEntry<unknown[]>, [...mark.args]);
      return JSON.stringify(fields(option)) !== JSON.stringify(fields(again));
    });
    expect(changed.map(({ where, option }) => `${where} ${option.flags}`)).toEqual([]);
  });

  it("gives a flag (long or short) one entry in every command that takes it", () => {
    const entries = new Map<string, Set<string>>();
    for (const { option, mark } of marked) {
      for (const flag of [option.long, option.short]) if (flag) entries.set(flag, (entries.get(flag) ?? new Set()).add(mark.name));
    }
    expect([...entries].filter(([, names]) => names.size > 1).map(([flag, names]) => `${flag}: ${[...names].join(", ")}`)).toEqual([]);
  });

  it("lets a flag take other values in another command only where the table says why", () => {
    const shapes = new Map<string, Set<string>>();
    for (const { option, mark } of marked) shapes.set(mark.name, (shapes.get(mark.name) ?? new Set()).add(toShape(option)));
    const varying = [...shapes].filter(([, s]) => s.size > 1).map(([name]) => name);
    expect(varying.sort()).toEqual(Object.keys(VARIES_BY_COMMAND).sort());
  });

  it("uses every entry, and names each once across its parts", () => {
    const used = new Set(marked.map(({ mark }) => mark.name));
    expect(Object.keys(OPTIONS).filter((name) => !used.has(name))).toEqual([]);
    expect(Object.values(OPTION_GROUPS).reduce((n, group) => n + Object.keys(group).length, 0)).toBe(Object.keys(OPTIONS).length);
  });

  it("keeps an old spelling hidden, beside the option it stands for", () => {
    const aliases = marked.filter(({ mark }) => mark.aliasOf !== undefined);
    expect(aliases.map(({ option }) => option.long).sort()).toEqual(expect.arrayContaining(["--id", "--out", "--output-file"]));
    for (const { where, option } of aliases) {
      expect(option.hidden).toBe(true);
      const beside = declared.filter((d) => d.where === where && d.option !== option && d.option.attributeName() === option.attributeName());
      expect([where, option.long, beside.length]).toEqual([where, option.long, 1]);
    }
  });

  it("names in the help line the environment variable an option falls back to", () => {
    const silent = marked.filter(({ option, mark }) => mark.spec.env !== undefined && !option.description.includes(mark.spec.env));
    expect(silent.map(({ where, option }) => `${where} ${option.flags}`)).toEqual([]);
  });

  it("is the only place in the source where an option is declared", () => {
    const cli = path.join(ROOT, "src/cli");
    const files = readdirSync(cli, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.startsWith(`options${path.sep}`));
    const declaring = files.filter((f) => /new Option\(|\.(?:option|requiredOption)\(/.test(readFileSync(path.join(cli, f), "utf8")));
    expect(declaring).toEqual([]);
  });
});

describe("an old spelling kept as an alias", () => {
  it("sets the value of the option it stands for: --output-file and --out as -o", async () => {
    const dir = createTempProject({ "p.json": readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8") });
    const lint = await runMain(["lint", "p.json", "--output-file", "lint.json", "--format", "json"], { cwd: dir });
    expect([lint.code, lint.stdout]).toEqual([0, ""]);
    expect(JSON.parse(readFileSync(path.join(dir, "lint.json"), "utf8"))).toEqual([expect.objectContaining({ filePath: "p.json", errorCount: 0 })]);
    const imported = await runMain(["import", "p.json", "--out", "p.pathway.ts"], { cwd: dir });
    expect([imported.code, imported.stdout, existsSync(path.join(dir, "p.pathway.ts"))]).toEqual([0, "", true]);
  });
});
