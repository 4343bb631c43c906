// `pathway replay`: flags -> replayCalls (recorded paths on an edited pathway, offline) -> summary -> exit code by --max-diverged.
import { toJsonText } from "../../escape/json.js";
import type { Command } from "commander";
import { replayCalls } from "../../engine/calls/replay.js";
import { replayCallsLive } from "../../engine/calls/replay-live.js";
import { withRemoteCopies } from "../../engine/project/remote-copies.js";
import type { VersionSpec } from "../../engine/project/version-spec.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { formatReplay, formatReplayLive } from "../../format/replay.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { useReportColor, writeOutput } from "../output.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface ReplayFlags extends RemoteFlags {
  live?: boolean;
  pathwayVersion?: VersionSpec;
  pathway: string;
  pathwayId?: string;
  base?: string;
  maxDiverged: number;
  format: "text" | "json";
  output?: string;
  color?: boolean;
}

/** Registers `pathway replay` on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(program.command("replay"))
    .description("check the paths recorded calls took against an edited pathway, offline: still possible, or where each first diverges")
    .argument("<calls...>", "call record files or folders (*.json, *.ndjson, *.jsonl), or - for stdin")
    .addOption(option("pathway", { is: "to replay the calls on: the edited file", required: true }))
    .addOption(option("pathwayId", { so: "calls of other pathways are skipped" }))
    .addOption(
      option("base", { shows: "the pathway the calls ran on; a {{variable}} read or route condition the edit newly leaves unset or false is a divergence" }),
    )
    .addOption(
      option("live", { does: "send each call's caller turns to the service's chat with the remote pathway", instead: "checking the recorded paths offline" }),
    )
    .addOption(option("pathwayVersion", { for: "chat", with: "--live" }))
    .addOption(option("maxDiverged"))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output", { report: "the result" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Each record's log is mapped onto the edited pathway as \`calls stats\` maps it. A call diverges at the first node that
is gone, the first move no way (edge, route, response route, global jump or return) allows any more, or before those
the first thing the edit newly leaves unset or false: with --base (the pathway the calls ran on), a {{variable}} read
that no node before it on the path sets any more, or a route whose conditions the call's recorded variables no longer
meet, where the same read or route held on the base; without it, only such a route, when the recorded variables
(those the call ended with) show what the route read then. A call never diverges on the pathway it ran on. Task
calls, records without a log and calls of another pathway are skipped, with the reason. Records are read one at a
time.

With --live (and --pathway-version <n>) each call's caller turns are sent, in order, to the service's chat with the
file's remote pathway (that saved version), one chat per call started with the call's request_data, and each call
is reported as "same path" or with the caller turn after which the live agent's node left the recorded path (or the
chat ended early). Caller words are sent, never printed. At most 1,000 calls per run; the key is never shown.

Exit codes: 0 at most --max-diverged calls diverged, 1 more did, 2 usage error, an unreadable pathway, or some input
not read (the rest are still replayed); with --live also no API key, a version the service lacks, a network error.

Examples:
  $ pathway replay calls/ --pathway pathways/appointment-booking.json
  $ pathway replay calls/ --pathway pathways/appointment-booking.json --max-diverged 5 --format json | jq .divergedCalls
  $ git show HEAD:pathways/appointment-booking.json > /tmp/before.json
  $ pathway replay calls/ --pathway pathways/appointment-booking.json --base /tmp/before.json
  $ PATHWAYKIT_API_KEY=... pathway replay calls/ --pathway pathways/appointment-booking.json --live --pathway-version 4`,
    )
    .action(async (inputs: string[], flags: ReplayFlags) => {
      if (flags.base !== undefined && flags.live)
        throw new ExitError(EXIT.failure, "--base compares with the pathway the calls ran on offline; leave it out with --live.");
      if (flags.live) return replayLive(io, inputs, flags);
      if (flags.pathwayVersion !== undefined)
        throw new ExitError(EXIT.failure, "--pathway-version names the saved version a live replay chats with: add --live.");
      // --base may be remote:<id>, read through a fetched copy as lint reads one.
      const host = flags.base === undefined ? io.host : await withRemoteCopies(io.host, [flags.base], toRemoteOptions(flags, io));
      const result = await replayCalls(host, flags.pathway, inputs, {
        ...(flags.pathwayId && { pathwayId: flags.pathwayId }),
        ...(flags.base !== undefined && { base: flags.base }),
      });
      const color = useReportColor(flags.color, flags.output, io);
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(result) : formatReplay(result, { color }));
      io.setExitCode(result.read.problemCount > 0 ? EXIT.failure : result.diverged > flags.maxDiverged ? EXIT.findings : EXIT.ok);
    });
}

/** `replay --live`: the chat with the remote pathway (a saved version on request); warnings on stderr, the result as offline. */
async function replayLive(io: CliIo, inputs: string[], flags: ReplayFlags): Promise<void> {
  const { pathway, pathwayId, pathwayVersion, maxDiverged, format, output, color, live: _live, ...remote } = flags;
  const result = await replayCallsLive(io.host, pathway, inputs, {
    ...toRemoteOptions(remote, io),
    ...(pathwayId !== undefined && { pathwayId }),
    ...(pathwayVersion !== undefined && { pathwayVersion }),
  });
  for (const w of result.warnings) io.stderr.write(`pathway: warning: ${escapeTerminalText(w)}\n`);
  const text = format === "json" ? toJsonText(result) : formatReplayLive(result, { color: useReportColor(color, output, io) });
  await writeOutput(io, output, text);
  io.setExitCode(result.read.problemCount > 0 ? EXIT.failure : result.diverged > maxDiverged ? EXIT.findings : EXIT.ok);
}
