// `pathway validate`: the CI gate. Flags -> validateFiles -> findings report -> exit code.
import type { Command } from "commander";
import { parseRuleFlags } from "../../engine/rule-flags.js";
import { validateFiles } from "../../engine/validate-files.js";
import { LINT_ONLY_RULE_IDS } from "../../engine/lint-rule-ids.js";
import { validationRuleMetas } from "../../validate/registry.js";
import { addCheckOptions, reportFindings, type CheckCommandOptions } from "../check-files.js";
import { requireInputs } from "../exit.js";
import type { CliIo } from "../io.js";

/** Registers `pathway validate` on the program. */
export function register(program: Command, io: CliIo): void {
  addCheckOptions(
    program
      .command("validate")
      .description("check pathway files: JSON syntax and encoding, shape, start node, ids, references and node data")
      .argument("[inputs...]", "pathway files, directories (searched for *.json), globs, or - for stdin"),
  )
    .option("--rule <id:severity...>", "override a rule's severity, e.g. unknown-node-type:off")
    .addHelpText(
      "after",
      `
Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage error or unreadable file.

Examples:
  $ pathway validate pathways/
  $ pathway validate "pathways/**/*.json" --format sarif -o pathway.sarif
  $ cat pathway.json | pathway validate - --format json`,
    )
    .action(async (inputs: string[], options: CheckCommandOptions & { rule?: string[] }) => {
      requireInputs(inputs);
      const rules = parseRuleFlags(options.rule, new Set(validationRuleMetas.map((m) => m.id)), LINT_ONLY_RULE_IDS);
      const results = await validateFiles(io.host, inputs, { rules, ignore: options.ignorePattern });
      io.setExitCode(await reportFindings(results, options, io, validationRuleMetas));
    });
}
