// `pathway log <id|file>`: the changelog of a remote pathway, what changed between each consecutive pair of saved versions.
import { Option, type Command } from "commander";
import { parseWholeNumber } from "../check-files.js";
import { EXIT } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { loadManifest } from "../manifest.js";
import { toPathwayId } from "../pathway-id.js";
import { writeOutput } from "../write-output.js";
import { addRemoteOptions, createClientFromFlags, createConcurrencyOption, toExitError, type RemoteFlags } from "./fetch.js";

interface LogFlags extends RemoteFlags {
  format: string;
  output?: string;
  limit: number;
  includeLayout?: boolean;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("log")
      .description("show what changed between each consecutive pair of a remote pathway's saved versions, by kind")
      .argument("<pathway>", "a pathway id, remote:<id>, or a file tracked in pathwaykit.manifest.json"),
  )
    .addOption(new Option("-f, --format <name>", "output format").choices(["text", "json"]).default("text"))
    .option("-o, --output <file>", "write to a file instead of stdout")
    .addOption(new Option("--limit <n>", "only the newest n versions (n reads, n-1 diffs)").argParser(parseWholeNumber(2)).default(20))
    .addOption(createConcurrencyOption("versions read at a time"))
    .option("--include-layout", "also count layout and editor-only changes")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .addHelpText(
      "after",
      `
Newest first: for each version, the counts of nodes and edges added, removed, renamed and changed, the changes by
kind (prompt, routing, variables, webhook, transfer, globals, model, metadata, layout) and likely losses (a label,
an extractVars entry or a route removed; a removed node still pointed at). See one step in full with
\`pathway diff remote:<id>@<n-1> remote:<id>@<n>\`.

Exit codes: 0 shown, 2 usage, read or network error.

Examples:
  $ pathway log 1b2c3d4e
  $ pathway log pathways/support.json --limit 5 --format json`,
    )
    .action(async (arg: string, flags: LogFlags) => {
      const loaded = await loadManifest(io.cwd);
      const { id } = toPathwayId(arg, loaded, io.cwd);
      const client = await createClientFromFlags(flags, io, loaded);
      const { getPathwayLog } = await import("../../engine/history.js");
      let log;
      try {
        log = await getPathwayLog(client, id, { limit: flags.limit, concurrency: flags.concurrency, diff: { includeLayout: flags.includeLayout === true } });
      } catch (error) {
        throw await toExitError(error);
      }
      const { formatLogText } = await import("../../format/history.js");
      const text = flags.format === "json" ? JSON.stringify(log, null, 2) + "\n" : formatLogText(log, { color: flags.output ? false : useColor(flags.color, io) });
      await writeOutput(io, flags.output, text);
      io.setExitCode(EXIT.ok);
    });
}
