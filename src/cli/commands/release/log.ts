// `pathway log <id|file>`: flags -> logPathway -> each consecutive pair of saved versions summarised by kind -> exit code.
import { toJsonText } from "../../../escape/json.js";
import type { Command } from "commander";
import { logPathway } from "../../../engine/release/log-pathway.js";
import { formatLogText } from "../../../format/history.js";
import { EXIT } from "../../exit.js";
import type { CliIo } from "../../io.js";
import { option } from "../../options/index.js";
import { useReportColor, writeOutput } from "../../output.js";
import { createProgressReporter } from "../../progress.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../../remote-options.js";

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
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output", { report: "the changelog" }))
    .addOption(option("limit", { for: "log" }))
    .addOption(option("concurrency", { of: "versions read" }))
    .addOption(option("includeLayout", { does: "count" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Newest first: for each version, the counts of nodes and edges added, removed, renamed and changed, the changes by
kind (prompt, routing, variables, webhook, transfer, globals, model, metadata, layout) and likely losses (a label,
an extractVars entry or a route removed; a removed node still pointed at). The service's per-version bookkeeping
(version_number, is_latest) is not counted. See one step in full with
\`pathway diff remote:<id>@<n-1> remote:<id>@<n>\`.

Exit codes: 0 shown, 2 usage, read or network error, or a version that could not be read (the others are still compared).

Examples:
  $ pathway log 1b2c3d4e
  $ pathway log pathways/support.json --limit 5 --format json`,
    )
    .action(async (target: string, flags: LogFlags) => {
      const progress = createProgressReporter(io, "reading versions");
      const log = await logPathway(io.host, target, {
        ...toRemoteOptions(flags, io),
        limit: flags.limit,
        diff: { includeLayout: flags.includeLayout === true },
        onProgress: progress.report,
      }).finally(() => progress.stop());
      const color = useReportColor(flags.color, flags.output, io);
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(log) : formatLogText(log, { color }));
      // A version that could not be read is an unreadable input: the rest is still compared, and the run exits 2.
      io.setExitCode(log.unreadable.length > 0 ? EXIT.failure : EXIT.ok);
    });
}
