// The start of every release command on one pathway: its `<pathway>` argument, --pathway-id (and --id, its first spelling) and the service's flags.
import type { Command } from "commander";
import { option } from "./options/index.js";
import { addRemoteOptions } from "./remote-options.js";

/** Registers `name` with the `<pathway>` argument publish, rollback, versions and usage share, --pathway-id, --id and the remote flags. */
export function addPathwayCommand(program: Command, name: string, description: string): Command {
  return addRemoteOptions(
    program
      .command(name)
      .description(description)
      .argument("<pathway>", "a pathway file tracked in pathwaykit.manifest.json (or any pathway file, with --pathway-id), remote:<id>, or an id"),
  )
    .addOption(option("pathwayId", { of: "a file pathwaykit.manifest.json does not track", default: "the file's entry" }))
    .addOption(option("id"));
}
