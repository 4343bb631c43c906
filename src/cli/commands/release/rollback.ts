// `pathway rollback <file|id>`: flags -> rollbackVersion (previous version or --to, read back) -> promote -> report -> exit code.
import { toJsonText } from "../../../escape/json.js";
import type { Command } from "commander";
import { rollbackVersion } from "../../../engine/release/rollback.js";
import { escapeTerminalText } from "../../../escape/terminal.js";
import { EXIT } from "../../exit.js";
import type { CliIo } from "../../io.js";
import { addPathwayCommand } from "../../pathway-command.js";
import { option } from "../../options/index.js";
import { writeOutput } from "../../output.js";
import { toRemoteOptions, type RemoteFlags } from "../../remote-options.js";
import { addReleaseUsageOptions, createReleaseUsage, type ReleaseUsageFlags } from "../../release-usage.js";

interface RollbackFlags extends RemoteFlags, ReleaseUsageFlags {
  /** --pathway-id, or its first spelling --id. */
  pathwayId?: string;
  to?: number;
  environment: "production" | "staging";
  force?: boolean;
  dryRun?: boolean;
  format: string;
  output?: string;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  const command = addPathwayCommand(program, "rollback", "promote the version that was in production before (or --to <n>), after the same read-back check")
    .addOption(option("to"))
    .addOption(option("environment", { to: "roll back" }))
    .addOption(option("force", { does: "promote even when the version changed since it was promoted" }))
    .addOption(option("dryRun", { does: "work out and read back the version" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output"));
  addReleaseUsageOptions(command)
    .addHelpText(
      "after",
      `
The previous version comes from the promotions \`pathway publish\` and \`pathway rollback\` recorded in
pathwaykit.manifest.json, with the version each replaced when the service reported it (production_version_number,
seen in real exports); which version is current comes from the service too, when it reports it. The service keeps no
promotion history that is documented, so without a record pass --to <n>.
Before promoting, rollback reads the version back and refuses when its content is not what it held when it was
promoted (--force overrides); a version promoted from elsewhere is promoted as it is, and the report says so.
Before promoting (and with --dry-run) it prints who the version will reach, as publish does (see \`pathway usage\`);
a read that fails is a warning, and the rollback goes on.

Exit codes: 0 rolled back (or --dry-run), 1 refused (the version changed since it was promoted),
2 usage, no previous version recorded, no such version, read or network error.

Examples:
  $ pathway rollback pathways/support.json --dry-run
  $ pathway rollback pathways/support.json
  $ pathway rollback remote:1b2c3d4e --to 11 --format json`,
    )
    .action(async (target: string, flags: RollbackFlags) => {
      const usage = createReleaseUsage(io, flags, target);
      const report = await rollbackVersion(io.host, target, {
        ...toRemoteOptions(flags, io),
        ...(flags.pathwayId !== undefined && { id: flags.pathwayId }),
        ...(flags.to !== undefined && { to: flags.to }),
        environment: flags.environment,
        force: flags.force === true,
        dryRun: flags.dryRun === true,
        warn: (m) => io.stderr.write(`pathway: warning: ${escapeTerminalText(m)}\n`),
        ...usage.options,
      }).finally(usage.stop);
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(report) : `${usage.heading() + escapeTerminalText(report.reason)}\n`);
      io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
    });
}
