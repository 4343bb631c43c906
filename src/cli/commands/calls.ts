// `pathway calls`: the call-record commands; `calls stats` maps saved records onto a pathway and prints production coverage.
import { toJsonText } from "../../escape/json.js";
import { Option, type Command } from "commander";
import { getCallStats } from "../../engine/calls/stats.js";
import { formatCallStats } from "../../format/calls-stats.js";
import { parseWholeNumber } from "../check-files.js";
import { EXIT } from "../exit.js";
import { createFormatOption } from "../format-option.js";
import { sharedOption } from "../shared-options.js";
import type { CliIo } from "../io.js";
import { createReportOutputOption, useReportColor, writeOutput } from "../output.js";
import { registerCallsFetch } from "../calls-fetch.js";
import { registerCallsListen } from "../calls-listen.js";

interface StatsOptions {
  pathway: string;
  pathwayId?: string;
  pathwayVersion?: number;
  format: "text" | "json";
  output?: string;
  color?: boolean;
}

/** Registers `pathway calls` and its subcommands on the program. */
export function register(program: Command, io: CliIo): void {
  const calls = program
    .command("calls")
    .description("read call records (saved files, webhook bodies or the service) and see which parts of a pathway real calls take")
    .addHelpText(
      "after",
      `
Exit codes: 0 and 1 as the subcommand says (see its --help), 2 usage error: no subcommand, or an unknown one.

Examples:
  $ pathway calls stats calls/ --pathway pathways/appointment-booking.json
  $ pathway calls fetch --since 2025-01-01 --pathway pathways/appointment-booking.json -o calls/`,
    );
  calls
    .command("stats")
    .description("map call records onto a pathway: per node and way how many calls reached it and ended there, what no call took, variables never filled")
    .argument("<calls...>", "call record files or folders (*.json, *.ndjson, *.jsonl: one record, a list, a list answer, or one record per line), or - for stdin")
    .requiredOption("--pathway <file>", "the pathway the calls ran on")
    .option("--pathway-id <id>", "the remote pathway, so calls of other pathways are told apart (default: the file's entry in pathwaykit.manifest.json)")
    .addOption(new Option("--pathway-version <n>", "count only calls of this saved version (others are reported as not mapped)").argParser(parseWholeNumber(0)))
    .addOption(createFormatOption(["text", "json"]))
    .addOption(createReportOutputOption("write the stats to a file (atomically) instead of stdout"))
    .addOption(sharedOption("color"))
    .addOption(sharedOption("noColor"))
    .addHelpText(
      "after",
      `
Each record's pathway_logs (a list, or JSON text holding one; or v2 events) gives the nodes in order; the ways between
them come from the pathway's flow model (edge, route, response route, global jump and return, voicemail edge). Log
entries that match nothing (a node since removed, an entry of an unknown shape) are counted and named, never guessed.
Task calls, records without a log and records of another pathway are counted as not mapped, with the reason.
Files are read one at a time, so a folder of 100,000 records needs no more memory than one; a file or line that is
not a call record is reported and the rest are still counted. Personal data (numbers, transcripts) is not printed.

Exit codes: 0 counted, 2 usage error, an unreadable pathway, or some input not read (the rest are still counted).

Examples:
  $ pathway calls stats calls/ --pathway pathways/appointment-booking.json
  $ pathway calls stats webhooks.ndjson --pathway pathways/appointment-booking.json --format json | jq .stats.nodesNeverReached`,
    )
    .action(async (inputs: string[], options: StatsOptions) => {
      const result = await getCallStats(io.host, options.pathway, inputs, { ...(options.pathwayId ? { pathwayId: options.pathwayId } : {}), ...(options.pathwayVersion === undefined ? {} : { pathwayVersion: options.pathwayVersion }) });
      const color = useReportColor(options.color, options.output, io);
      const text = options.format === "json" ? toJsonText(result) : formatCallStats(result, { color });
      await writeOutput(io, options.output, text);
      io.setExitCode(result.read.problemCount > 0 ? EXIT.failure : EXIT.ok);
    });
  registerCallsFetch(calls, io);
  registerCallsListen(calls, io);
}
