// `pathway versions <id|file>`: flags -> listPathwayVersions -> a table (or JSON) of the saved versions -> exit code.
import { toJsonText } from "../../escape/json.js";
import { Option, type Command } from "commander";
import { listPathwayVersions } from "../../engine/history.js";
import { formatVersionsText } from "../../format/history.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { createReportOutputOption, useReportColor, writeOutput } from "../output.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";
import { createFormatOption } from "../format-option.js";

interface VersionsFlags extends RemoteFlags {
  format: string;
  output?: string;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("versions")
      .description("list the saved versions of a remote pathway: number, date, name, which is latest")
      .argument("<pathway>", "a pathway id, remote:<id>, or a file tracked in pathwaykit.manifest.json"),
  )
    .addOption(createFormatOption(["text", "json"]))
    .addOption(createReportOutputOption("write the list to a file (atomically) instead of stdout"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Reads GET /v1/pathway/{id}/versions. Use a version anywhere a remote pathway is accepted as remote:<id>@<n>
(or remote:<id>@latest for the newest saved version); \`pathway fetch <id>@<n> -o file.json\` saves one to lint,
validate or diff it.

Exit codes: 0 listed, 2 usage, read or network error.

Examples:
  $ pathway versions 1b2c3d4e
  $ pathway versions pathways/support.json --format json
  $ pathway diff remote:1b2c3d4e@3 remote:1b2c3d4e@5`,
    )
    .action(async (target: string, flags: VersionsFlags) => {
      const { id, versions } = await listPathwayVersions(io.host, target, toRemoteOptions(flags, io));
      const color = useReportColor(flags.color, flags.output, io);
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText({ id, versions }) : formatVersionsText(id, versions, { color }));
      io.setExitCode(EXIT.ok);
    });
}
