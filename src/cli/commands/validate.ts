// `pathway validate`: the CI gate. Flags -> validateFiles -> findings report -> exit code.
import type { Command } from "commander";
import { withRemoteCopies } from "../../engine/project/remote-copies.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";
import { parseRuleFlags } from "../../engine/check/rule-flags.js";
import { loadRuleCatalogue, validationRuleMetas } from "../../engine/check/rule-catalogue.js";
import { validateFiles } from "../../engine/check/validate-files.js";
import { addCheckOptions, inputsOrWorkingDirectory, reportFindings, type CheckCommandOptions } from "../check-files.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";

/** Registers `pathway validate` on the program. */
export function register(program: Command, io: CliIo): void {
  const command = addCheckOptions(
    program
      .command("validate")
      .description("check pathway files: JSON syntax and encoding, shape, start node, ids, references and node data")
      .argument(
        "[inputs...]",
        "pathway files, directories (searched for *.json), globs, - for stdin, or remote:<id>[@<n>|@latest] (a fetched copy, never written); default: the working directory",
      ),
  ).addOption(option("rule", { rules: validationRuleMetas, example: "unknown-node-type", config: false }));
  // The service settings for remote:<id> inputs, as in every command that reads the service.
  addRemoteOptions(command)
    .addHelpText(
      "after",
      `
Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage error or unreadable file.

Examples:
  $ pathway validate pathways/
  $ pathway validate "pathways/**/*.json" --format sarif -o pathway.sarif
  $ cat pathway.json | pathway validate - --format json`,
    )
    .action(async (inputs: string[], options: CheckCommandOptions & RemoteFlags & { rule?: string[] }) => {
      inputs = inputsOrWorkingDirectory(inputs);
      const lintRuleIds = async () => new Set((await loadRuleCatalogue()).lint.map((m) => m.id)); // why: lint's rule graph pulls zod and yaml; only a --rule naming a lint rule needs it
      const rules = await parseRuleFlags(options.rule, new Set(validationRuleMetas.map((m) => m.id)), lintRuleIds);
      const host = await withRemoteCopies(io.host, inputs, toRemoteOptions(options, io));
      const results = await validateFiles(host, inputs, { rules, ignore: options.ignorePattern });
      io.setExitCode(await reportFindings(results, options, io, validationRuleMetas));
    });
}
