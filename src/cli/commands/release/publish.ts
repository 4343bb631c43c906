// `pathway publish <file|id>`: flags -> publishVersion (read back, compare, optionally test live) -> promote -> report -> exit code.
import { toJsonText } from "../../../escape/json.js";
import type { Command } from "commander";
import { publishVersion } from "../../../engine/release/publish.js";
import { escapeTerminalText } from "../../../escape/terminal.js";
import { EXIT, ExitError } from "../../exit.js";
import { toPollOptions, withInterrupt } from "../../agent-testing/wait.js";
import type { CliIo } from "../../io.js";
import { addPathwayCommand } from "../../pathway-command.js";
import { option } from "../../options/index.js";
import { writeOutput } from "../../output.js";
import { createProgressReporter } from "../../progress.js";
import { toRemoteOptions, type RemoteFlags } from "../../remote-options.js";
import { addReleaseUsageOptions, createReleaseUsage, type ReleaseUsageFlags } from "../../release-usage.js";

interface PublishFlags extends RemoteFlags, ReleaseUsageFlags {
  /** --pathway-id, or its first spelling --id. */
  pathwayId?: string;
  pathwayVersion?: number | "draft";
  environment: "production" | "staging";
  requirePass?: string[];
  server?: boolean;
  maxWait?: number;
  pollInterval?: number;
  minPassRate?: number;
  repeat?: number;
  force?: boolean;
  dryRun?: boolean;
  format: string;
  output?: string;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  const command = addPathwayCommand(
    program,
    "publish",
    "promote a saved version to production or staging, only when it is the local file and its scenarios pass live",
  )
    .addOption(option("pathwayVersion", { for: "promote" }))
    .addOption(option("environment", { to: "promote to" }))
    .addOption(option("requirePass"))
    .addOption(option("server", { for: "publish" }))
    .addOption(option("maxWait"))
    .addOption(option("pollInterval"))
    .addOption(option("minPassRate", { with: "--require-pass and --repeat" }))
    .addOption(option("repeat", { with: "--require-pass" }))
    .addOption(option("concurrency", { of: "live runs", with: "--require-pass" }))
    .addOption(option("force", { does: "promote even when the version is not the local file, or changed since it was pushed or tested" }))
    .addOption(option("dryRun", { does: "read the version back and compare, without running scenarios" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output"));
  addReleaseUsageOptions(command)
    .addHelpText(
      "after",
      `
What was tested is what ships: publish reads the version back (GET /v1/pathway/{id}/version/{n}) and refuses
when its content (nodes and edges, either label placement) differs from the local file, or, for the draft, from
what \`pathway push --draft\` sent. With --require-pass it then runs those scenarios (for a file, only those whose
pathway: is that file) live against that version
(as \`pathway test --live --pathway-version <n>\`), reads the version back again, and promotes it
(POST /v1/pathway/{id}/publish) only when every scenario passed and nothing changed meanwhile. The promotion is
recorded in pathwaykit.manifest.json (for \`pathway rollback\`); a promoted draft stops being the draft, so the
next \`push --draft\` starts a new version. If the promotion itself fails (network), nothing was promoted by this
run and the message says how to promote the tested version.
Before anything runs or is promoted (and with --dry-run), publish prints who the version will reach: the inbound
numbers whose configuration names the pathway and the campaigns (--campaign, or \`campaigns\` in pathway.config.json)
that call with it, each checked against the version as \`pathway usage\` checks it ("production of pw-x answers 3
inbound numbers; 1 active campaign calls with it"; --format json: \`usage\`). A read that fails is a warning, and the
release goes on.

Exit codes: 0 promoted (or --dry-run), 1 refused (the version differs, changed, or a scenario failed),
2 usage, no such version or draft, scenarios that could not run, read or network error.

Examples:
  $ pathway publish pathways/support.json --dry-run
  $ pathway publish pathways/support.json --require-pass pathways/scenarios/ --repeat 3 --min-pass-rate 0.66
  $ pathway publish remote:1b2c3d4e --pathway-version 12 --environment staging --format json`,
    )
    .action(async (target: string, flags: PublishFlags) => {
      if (flags.server && !flags.requirePass)
        throw new ExitError(
          EXIT.failure,
          "--server says where --require-pass's scenarios run: add --require-pass <scenarios...> (the service's own gates run with them).",
        );
      const progress = createProgressReporter(io, "running live");
      const usage = createReleaseUsage(io, flags, target);
      const run = (signal?: AbortSignal) =>
        publishVersion(io.host, target, {
          ...toRemoteOptions(flags, io),
          ...(signal && { server: true, signal, poll: toPollOptions(io, flags, signal) }),
          ...(flags.pathwayId !== undefined && { id: flags.pathwayId }),
          ...(flags.pathwayVersion !== undefined && { pathwayVersion: flags.pathwayVersion }),
          environment: flags.environment,
          ...(flags.requirePass && { requirePass: flags.requirePass }),
          ...(flags.repeat !== undefined && { repeat: flags.repeat }),
          ...(flags.minPassRate !== undefined && { minPassRate: flags.minPassRate }),
          force: flags.force === true,
          dryRun: flags.dryRun === true,
          onTestProgress: progress.report,
          warn: (m) => io.stderr.write(`pathway: warning: ${escapeTerminalText(m)}\n`),
          ...usage.options,
        });
      // With --server, the first Ctrl-C stops waiting for the service's batch (and promotes nothing).
      const report = await (flags.server ? withInterrupt(io, "no longer waiting for the service; nothing is promoted", run) : run()).finally(() =>
        Promise.all([progress.stop(), usage.stop()]),
      );
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(report) : `${usage.heading() + escapeTerminalText(report.reason)}\n`);
      io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
    });
}
