// `pathway replay`: flags -> replayCalls (recorded paths on an edited pathway, offline) -> summary -> exit code by --max-diverged.
import { Option, type Command } from "commander";
import { replayCalls } from "../../engine/calls-replay.js";
import { formatReplay } from "../../format/replay.js";
import { parseWholeNumber } from "../check-files.js";
import { EXIT } from "../exit.js";
import { createFormatOption } from "../format-option.js";
import type { CliIo } from "../io.js";
import { createReportOutputOption, useReportColor, writeOutput } from "../output.js";

interface ReplayFlags {
  pathway: string;
  pathwayId?: string;
  maxDiverged: number;
  format: "text" | "json";
  output?: string;
  color?: boolean;
}

/** Registers `pathway replay` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("replay")
    .description("check the paths recorded calls took against an edited pathway, offline: still possible, or where each first diverges")
    .argument("<calls...>", "call record files or folders (*.json, *.ndjson, *.jsonl), or - for stdin")
    .requiredOption("--pathway <file>", "the edited pathway file to replay the calls on")
    .option("--pathway-id <id>", "the remote pathway, so calls of other pathways are skipped (default: the file's entry in pathwaykit.manifest.json)")
    .addOption(new Option("--max-diverged <n>", "exit 1 when more than this many calls diverge").argParser(parseWholeNumber(0)).default(0))
    .addOption(createFormatOption(["text", "json"]))
    .addOption(createReportOutputOption("write the result to a file (atomically) instead of stdout"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Each record's log is mapped onto the edited pathway as \`calls stats\` maps it. A call diverges at the first node that
is gone, the first move no way (edge, route, response route, global jump or return) allows any more, or the first
route whose conditions the call's recorded variables (those it ended with) no longer meet. Task calls, records
without a log and calls of another pathway are skipped, with the reason. Records are read one at a time.

Exit codes: 0 at most --max-diverged calls diverged, 1 more did, 2 usage error, an unreadable pathway, or some input
not read (the rest are still replayed).

Examples:
  $ pathway replay calls/ --pathway pathways/appointment-booking.json
  $ pathway replay calls/ --pathway pathways/appointment-booking.json --max-diverged 5 --format json | jq .divergedCalls`,
    )
    .action(async (inputs: string[], flags: ReplayFlags) => {
      const result = await replayCalls(io.host, flags.pathway, inputs, flags.pathwayId ? { pathwayId: flags.pathwayId } : {});
      const color = useReportColor(flags.color, flags.output, io);
      await writeOutput(io, flags.output, flags.format === "json" ? JSON.stringify(result, null, 2) + "\n" : formatReplay(result, { color }));
      io.setExitCode(result.read.problemCount > 0 ? EXIT.failure : result.diverged > flags.maxDiverged ? EXIT.findings : EXIT.ok);
    });
}
