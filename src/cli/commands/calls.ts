// `pathway calls`: the call-record commands; `calls stats` maps saved records onto a pathway and prints production coverage.
import { toJsonText } from "../../escape/json.js";
import type { Command } from "commander";
import { getCallStats } from "../../engine/calls/stats.js";
import { formatCallStats } from "../../format/calls-stats.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { useReportColor, writeOutput } from "../output.js";
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
    .argument(
      "<calls...>",
      "call record files or folders (*.json, *.ndjson, *.jsonl: one record, a list, a list answer, a v2 event trace, or one record per line), or - for stdin",
    )
    .addOption(option("pathway", { is: "the calls ran on", required: true }))
    .addOption(option("pathwayId", { so: "calls of other pathways are told apart" }))
    .addOption(option("pathwayVersion", { for: "count" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output", { report: "the stats" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Each record's pathway_logs (a list, or JSON text holding one), or a v2 event trace (GET /v1/pathway_calls/{id}?v=2,
alone or in a record as pathway_events), gives the nodes in order; the ways between them come from the pathway's flow
model (edge, route, response route, global jump and return, voicemail edge). Log entries that match nothing (a node
since removed, an entry of an unknown shape) are counted and named, never guessed. From traces, each node's webhooks
(run and failed) and the variables changed there are counted too.
Task calls, records without a log and records of another pathway are counted as not mapped, with the reason.
Records are read one at a time, and NDJSON a line at a time whatever its size (each line held to --max-file-size),
so memory holds one record and the names of a folder's files, never the set; a file or line that is
not a call record is reported and the rest are still counted. Personal data (numbers, transcripts) is not printed.

Exit codes: 0 counted, 2 usage error, an unreadable pathway, or some input not read (the rest are still counted).

Examples:
  $ pathway calls stats calls/ --pathway pathways/appointment-booking.json
  $ pathway calls stats webhooks.ndjson --pathway pathways/appointment-booking.json --format json | jq .stats.nodesNeverReached`,
    )
    .action(async (inputs: string[], options: StatsOptions) => {
      const result = await getCallStats(io.host, options.pathway, inputs, {
        ...(options.pathwayId ? { pathwayId: options.pathwayId } : {}),
        ...(options.pathwayVersion === undefined ? {} : { pathwayVersion: options.pathwayVersion }),
      });
      const color = useReportColor(options.color, options.output, io);
      const text = options.format === "json" ? toJsonText(result) : formatCallStats(result, { color });
      await writeOutput(io, options.output, text);
      io.setExitCode(result.read.problemCount > 0 ? EXIT.failure : EXIT.ok);
    });
  registerCallsFetch(calls, io);
  registerCallsListen(calls, io);
}
