// `pathway versions <id|file>`: flags -> listMarkedVersions -> a table (or JSON) of the saved versions -> exit code.
import { toJsonText } from "../../../escape/json.js";
import type { Command } from "commander";
import { listMarkedVersions } from "../../../engine/release/version-markers.js";
import { formatVersionsText } from "../../../format/history.js";
import { EXIT } from "../../exit.js";
import type { CliIo } from "../../io.js";
import { addPathwayCommand } from "../../pathway-command.js";
import { option } from "../../options/index.js";
import { useReportColor, writeOutput } from "../../output.js";
import { toRemoteOptions, type RemoteFlags } from "../../remote-options.js";

interface VersionsFlags extends RemoteFlags {
  /** --pathway-id, or its first spelling --id. */
  pathwayId?: string;
  limit: number;
  format: string;
  output?: string;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addPathwayCommand(
    program,
    "versions",
    "list the saved versions of a remote pathway: number, date, name; which is latest, in production, in staging, the draft, the local file",
  )
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output", { report: "the list" }))
    .addOption(option("limit", { for: "versions" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Reads GET /v1/pathway/{id}/versions, and GET /v1/pathway/{id} for which version is in production
(production_version_number) and in staging (staging_version_number: not documented, read when the service sends
it); "unknown" when the service does not say. For a tracked file it also marks the draft \`pathway push --draft\`
recorded and the versions whose content (nodes and edges) equals the file, reading the newest --limit versions.
Commands that read a remote pathway's content (diff, lint, validate, report) take a version as remote:<id>@<n>
(or remote:<id>@latest for the newest saved version); \`pathway fetch <id>@<n> -o file.json\` saves one to lint,
validate or diff it. publish and rollback name a whole pathway and take the version as --pathway-version <n> and
--to <n>.

Exit codes: 0 listed, 2 usage, read or network error.

Examples:
  $ pathway versions 1b2c3d4e
  $ pathway versions pathways/support.json --format json
  $ pathway diff remote:1b2c3d4e@3 remote:1b2c3d4e@5`,
    )
    .action(async (target: string, flags: VersionsFlags) => {
      const report = await listMarkedVersions(io.host, target, {
        ...toRemoteOptions(flags, io),
        limit: flags.limit,
        ...(flags.pathwayId !== undefined && { id: flags.pathwayId }),
      });
      const color = useReportColor(flags.color, flags.output, io);
      const footer = { production: report.production, staging: report.staging, ...(report.local && { local: report.local }) };
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(report) : formatVersionsText(report.id, report.versions, { color, footer }));
      io.setExitCode(EXIT.ok);
    });
}
