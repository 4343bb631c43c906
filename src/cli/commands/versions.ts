// `pathway versions <id|file>`: the saved versions of a remote pathway (number, name, date, latest).
import { Option, type Command } from "commander";
import { EXIT } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { loadManifest } from "../manifest.js";
import { toPathwayId } from "../pathway-id.js";
import { writeOutput } from "../write-output.js";
import { addRemoteOptions, createClientFromFlags, toExitError, type RemoteFlags } from "./fetch.js";

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
    .addOption(new Option("-f, --format <name>", "output format").choices(["text", "json"]).default("text"))
    .option("-o, --output <file>", "write to a file instead of stdout")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .addHelpText(
      "after",
      `
Reads GET /v1/pathway/{id}/versions. Use a version anywhere a remote pathway is accepted as remote:<id>@<n>
(or remote:<id>@latest for the newest saved version).

Exit codes: 0 listed, 2 usage, read or network error.

Examples:
  $ pathway versions 1b2c3d4e
  $ pathway versions pathways/support.json --format json
  $ pathway diff remote:1b2c3d4e@3 remote:1b2c3d4e@5`,
    )
    .action(async (arg: string, flags: VersionsFlags) => {
      const loaded = await loadManifest(io.cwd);
      const { id } = toPathwayId(arg, loaded, io.cwd);
      const client = await createClientFromFlags(flags, io, loaded);
      const { listPathwayVersions } = await import("../../engine/history.js");
      let versions;
      try {
        versions = await listPathwayVersions(client, id);
      } catch (error) {
        throw await toExitError(error);
      }
      const { formatVersionsText } = await import("../../format/history.js");
      const text = flags.format === "json" ? JSON.stringify({ id, versions }, null, 2) + "\n" : formatVersionsText(id, versions, { color: flags.output ? false : useColor(flags.color, io) });
      await writeOutput(io, flags.output, text);
      io.setExitCode(EXIT.ok);
    });
}
