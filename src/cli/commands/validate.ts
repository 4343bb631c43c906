// `pathway validate`: the CI gate. Checks pathway files against the model and the structural rules.
import type { Command } from "commander";
import { allRuleMetas } from "../../lint/index.js";
import { validatePathway, validationRuleMetas } from "../../validate/index.js";
import { addCheckOptions, checkFiles, type CheckCommandOptions } from "../check-files.js";
import type { CliIo } from "../io.js";
import { parseRuleFlags } from "../rule-flags.js";

export { parseRuleFlags };

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
  $ pathway validate "pathways/**/*.json" --format sarif > pathway.sarif
  $ cat pathway.json | pathway validate - --format json`,
    )
    .action(async (inputs: string[], options: CheckCommandOptions & { rule?: string[] }) => {
      const validateIds = new Set(validationRuleMetas.map((m) => m.id));
      const lintOnly = new Set(allRuleMetas.map((m) => m.id).filter((id) => !validateIds.has(id)));
      const rules = parseRuleFlags(options.rule, validateIds, lintOnly);
      const code = await checkFiles(
        inputs,
        options,
        io,
        (input) => {
          const result = validatePathway(input.bytes, { rules });
          return { filePath: input.path, diagnostics: result.diagnostics, text: result.text };
        },
        validationRuleMetas,
      );
      io.setExitCode(code);
    });
}
