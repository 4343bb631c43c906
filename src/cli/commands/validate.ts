// `pathway validate`: the CI gate. Checks pathway files against the model and the structural rules.
import type { Command } from "commander";
import { allRuleMetas } from "../../lint/index.js";
import { validatePathway, validationRuleMetas, type RuleSeverity } from "../../validate/index.js";
import { addCheckOptions, checkFiles, type CheckCommandOptions } from "../check-files.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";

/** Parses `--rule id:severity` into a severity map, rejecting unknown ids and severities as usage errors. */
export function parseRuleFlags(flags: readonly string[] | undefined, known: ReadonlySet<string>, elsewhere: ReadonlySet<string> = new Set()): Record<string, RuleSeverity> {
  const rules: Record<string, RuleSeverity> = {};
  for (const flag of flags ?? []) {
    const m = /^([a-z0-9-]+):(off|warn|warning|error)$/.exec(flag.trim());
    if (!m) throw new ExitError(EXIT.failure, `--rule "${flag}": expected <rule-id>:<off|warn|error>, e.g. --rule unknown-node-type:off.`);
    if (elsewhere.has(m[1]!)) throw new ExitError(EXIT.failure, `--rule "${flag}": "${m[1]}" is a lint rule, which pathway validate does not run; use pathway lint.`);
    if (!known.has(m[1]!)) throw new ExitError(EXIT.failure, `--rule "${flag}": unknown rule "${m[1]}"; see the rule table in README.md.`);
    rules[m[1]!] = m[2] === "off" ? "off" : m[2] === "error" ? "error" : "warning";
  }
  return rules;
}

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
