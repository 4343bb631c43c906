// `pathway lint`: flags -> lintFiles (config, baseline) -> findings report -> exit code.
import { toCount } from "../../escape/count.js";
import type { Command } from "commander";
import { isRemoteArgument } from "../../engine/project/remote-argument.js";
import { withRemoteCopies } from "../../engine/project/remote-copies.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";
import { lintFiles } from "../../engine/check/lint-files.js";
import { ruleCatalogue as catalogue } from "../../engine/check/rule-catalogue-full.js"; // loaded with the command: it runs these rules anyway, and its flags list them when registered
import { parseRuleFlags } from "../../engine/check/rule-flags.js";
import { addCheckOptions, inputsOrWorkingDirectory, reportFindings, type CheckCommandOptions } from "../check-files.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import path from "node:path";
import { EXIT, ExitError } from "../exit.js";
import { refuseUnwatchable, watchCommand, WATCH_HELP } from "../watch.js";
import { planLintRun } from "../../engine/watch/watch-plan.js";

interface LintCommandOptions extends CheckCommandOptions, RemoteFlags {
  rule?: string[];
  config?: string;
  baseline?: string;
  baselineWrite?: string;
  warnIgnored: boolean;
  watch?: boolean;
  fix?: boolean;
  fixDryRun?: boolean;
}

/** Registers `pathway lint` on the program. */
export function register(program: Command, io: CliIo): void {
  const command = addCheckOptions(
    program
      .command("lint")
      .description("validate pathway files and check their graph and content: unreachable nodes, dead ends, traps, variables, labels")
      .argument(
        "[inputs...]",
        "pathway files, directories (searched for *.json), globs, - for stdin, or remote:<id>[@<n>|@latest] (a fetched copy, never written); default: the working directory",
      ),
  )
    .addOption(option("rule", { rules: catalogue.lint, example: "unused-extracted-variable" }))
    .addOption(option("config"))
    .addOption(option("baseline"))
    .addOption(option("baselineWrite"))
    .addOption(option("warnIgnored"))
    .addOption(option("fix"))
    .addOption(option("fixDryRun"))
    .addOption(option("watch", { for: "what changed and what depends on it" }));
  // The service settings for remote:<id> inputs, as in every command that reads the service.
  addRemoteOptions(command)
    .addHelpText(
      "after",
      `
Configuration: the nearest pathway.config.json above each file (or --config) sets rule severities and options,
per-glob overrides, ignored files, request_data and extra system variables, and suppressions. See
https://github.com/pathwaykit/pathwaykit/blob/main/docs/configuration.md.

Fixes: --fix applies only fixes that cannot change what a call does (a byte-order mark, a repeated edge id, stray
whitespace in a label), as many rounds as they need, and leaves every other finding to you. Suggestions (a near
miss of a node id or variable) are offered in the editor, never applied here.

${WATCH_HELP} A saved pathway.config.json re-lints the pathways it is the nearest config of.

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage error, bad config or unreadable file;
with --watch, 0 when stopped with Ctrl-C.

Examples:
  $ pathway lint pathways/
  $ pathway lint pathway.json --rule maybe-unset-variable:error --max-warnings 0
  $ pathway lint pathways/ --baseline-write .pathway-baseline.json   # adopt on existing pathways
  $ pathway lint pathways/ --baseline .pathway-baseline.json          # then fail only on new findings
  $ cat pathway.json | pathway lint - --format json
  $ pathway lint pathways/ --watch
  $ pathway lint pathways/ --fix
  $ pathway lint pathway.json --fix-dry-run --format json | jq -r '.[0].output'`,
    )
    .action(async (inputs: string[], options: LintCommandOptions) => {
      inputs = inputsOrWorkingDirectory(inputs);
      if (options.fix && options.fixDryRun)
        throw new ExitError(EXIT.failure, "--fix writes the fixed files and --fix-dry-run writes nothing: pass one of them.");
      if (options.fix && inputs.some((i) => i === "-" || isRemoteArgument(i)))
        throw new ExitError(
          EXIT.failure,
          "--fix writes each fixed file back, and stdin or a remote:<id> copy has none: use --fix-dry-run --format json to get the fixed text.",
        );
      if (!options.watch) {
        await lintOnce(inputs, options, io, undefined);
        return;
      }
      refuseUnwatchable(inputs);
      if (options.baselineWrite !== undefined)
        throw new ExitError(EXIT.failure, "--watch with --baseline-write would rewrite the baseline on every save: write it once without --watch.");
      const files = { config: options.config && path.resolve(io.cwd, options.config), baseline: options.baseline && path.resolve(io.cwd, options.baseline) };
      await watchCommand(io, {
        json: options.format === "json",
        toFile: options.output !== undefined,
        run: (changes, runIo) => lintOnce(inputs, options, runIo, changes && planLintRun(changes, files)),
      });
    });
}

/** One lint run over `inputs` (all of them, or a watch run's selection); false when the selection held no input. */
async function lintOnce(inputs: string[], options: LintCommandOptions, io: CliIo, selection: ReturnType<typeof planLintRun> | undefined): Promise<boolean> {
  const only = selection?.all === false ? selection.only : undefined;
  const rules = await parseRuleFlags(options.rule, new Set(catalogue.lint.map((m) => m.id)));
  const host = await withRemoteCopies(io.host, inputs, toRemoteOptions(options, io));
  const fix = options.fix ? "write" : options.fixDryRun ? "dry-run" : undefined;
  const lint = await lintFiles(host, inputs, {
    rules,
    config: options.config,
    baseline: options.baseline,
    baselineWrite: options.baselineWrite,
    ignore: options.ignorePattern,
    warnIgnored: options.warnIgnored,
    ...(only && { only }),
    ...(fix && { fix }),
  });
  if (only && lint.results.length === 0) return false;
  // The config's request files bring request rules; SARIF lists them only then.
  const requestIds = new Set(catalogue.request.map((m) => m.id));
  const withRequests = lint.results.some((r) => r.diagnostics.some((d) => requestIds.has(d.ruleId)));
  const code = await reportFindings(lint.results, options, io, withRequests ? catalogue.all : catalogue.lint);
  if (options.format === "text" && lint.fixed)
    io.stderr.write(`pathway: ${options.fix ? "fixed" : "would fix"} ${toCount(lint.fixed.findings, "finding")} in ${toCount(lint.fixed.files, "file")}.\n`);
  if (options.format === "text" && lint.suppressed > 0)
    io.stderr.write(`pathway: ${toCount(lint.suppressed, "finding")} suppressed by pathway.config.json.
`);
  if (options.baselineWrite !== undefined) {
    io.stderr.write(
      `pathway: wrote ${toCount(lint.recorded ?? 0, "finding")} to the baseline ${options.baselineWrite}; lint with --baseline ${options.baselineWrite} to report only new ones.\n`,
    );
  } else if (options.format === "text" && lint.baselined > 0)
    io.stderr.write(`pathway: ${toCount(lint.baselined, "finding")} hidden by the baseline ${options.baseline}.\n`);
  io.setExitCode(code);
  return true;
}
