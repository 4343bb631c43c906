// `pathway lint`: validation plus the graph and content rules, configured by pathway.config.json and flags.
import type { Command } from "commander";
import path from "node:path";
import { allRuleMetas, createBaseline, createBaselineFilter, getFileLintSettings, lintPathway, type Baseline, type BaselineInput } from "../../lint/index.js";
import type { RuleSetting } from "../../validate/index.js";
import { addCheckOptions, checkFiles, type CheckCommandOptions } from "../check-files.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { createLintConfigLoader, readBaselineFile, toRelativePosix } from "../lint-config-files.js";
import { checkConfiguredRequests } from "../lint-requests.js";
import { requestRuleMetas } from "../../requests/index.js";
import { writeFileAtomic } from "../write-file-atomic.js";
import { parseRuleFlags } from "./validate.js";

interface LintCommandOptions extends CheckCommandOptions {
  rule?: string[];
  config?: string;
  baseline?: string;
  baselineWrite?: string;
}

/** Registers `pathway lint` on the program. */
export function register(program: Command, io: CliIo): void {
  addCheckOptions(
    program
      .command("lint")
      .description("validate pathway files and check their graph and content: unreachable nodes, dead ends, traps, variables, labels")
      .argument("[inputs...]", "pathway files, directories (searched for *.json), globs, or - for stdin"),
  )
    .option("--rule <id:severity...>", "override a rule's severity, e.g. unused-extracted-variable:off (wins over the config)")
    .option("-c, --config <file>", "use this config file instead of the nearest pathway.config.json")
    .option("--baseline <file>", "report only findings that are not recorded in this baseline file")
    .option("--baseline-write <file>", "record every current finding in this baseline file (then exit 0)")
    .addHelpText(
      "after",
      `
Configuration: the nearest pathway.config.json above each file (or --config) sets rule severities and options,
per-glob overrides, ignored files, request_data and extra system variables, and suppressions. See README "lint".

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage error, bad config or unreadable file.

Examples:
  $ pathway lint pathways/
  $ pathway lint pathway.json --rule maybe-unset-variable:error --max-warnings 0
  $ pathway lint pathways/ --baseline-write .pathway-baseline.json   # adopt on existing pathways
  $ pathway lint pathways/ --baseline .pathway-baseline.json          # then fail only on new findings
  $ cat pathway.json | pathway lint - --format json`,
    )
    .action(async (inputs: string[], options: LintCommandOptions) => {
      const flags = parseRuleFlags(options.rule, new Set(allRuleMetas.map((m) => m.id)));
      const loadConfig = createLintConfigLoader({ cwd: io.cwd, explicit: options.config, rules: allRuleMetas });
      const baseline: Baseline | undefined = options.baseline !== undefined ? await readBaselineFile(path.resolve(io.cwd, options.baseline)) : undefined;
      const baselineFile = options.baselineWrite ?? options.baseline;
      const baselineRoot = baselineFile !== undefined ? path.dirname(path.resolve(io.cwd, baselineFile)) : io.cwd;
      // A baseline kept beside the pathways is JSON too; never lint it as a pathway.
      if (baselineFile !== undefined) options.ignorePattern = [...(options.ignorePattern ?? []), toRelativePosix(io.cwd, path.resolve(io.cwd, baselineFile))];
      const applyBaseline = baseline ? createBaselineFilter(baseline) : undefined;
      const recorded: BaselineInput[] = [];
      let baselined = 0;
      let suppressed = 0;
      const requests = await checkConfiguredRequests(await loadConfig(undefined), io);
      // Request files sit beside the pathways; a directory walk must not lint them as pathways.
      if (requests.length > 0) options.ignorePattern = [...(options.ignorePattern ?? []), ...requests.map((r) => r.filePath)];
      const code = await checkFiles(
        inputs,
        options,
        io,
        async (input) => {
          const stdin = input.path === "<stdin>";
          const absolute = stdin ? undefined : path.resolve(io.cwd, input.path);
          const { config, root } = await loadConfig(absolute);
          const settings = getFileLintSettings(config, absolute === undefined ? "<stdin>" : toRelativePosix(root, absolute));
          if (settings.ignored) return { filePath: input.path, diagnostics: [] };
          const rules: Record<string, RuleSetting> = { ...settings.rules };
          for (const [id, severity] of Object.entries(flags)) rules[id] = { ...rules[id], severity };
          const result = lintPathway(input.bytes, {
            rules,
            requestData: settings.requestData,
            systemVariables: settings.systemVariables,
            suppressions: settings.suppressions,
          });
          suppressed += result.suppressed.length;
          let diagnostics = result.diagnostics;
          const file = absolute === undefined ? "<stdin>" : toRelativePosix(baselineRoot, absolute);
          if (options.baselineWrite !== undefined) recorded.push({ file, value: result.value, diagnostics });
          if (applyBaseline) {
            const filtered = applyBaseline({ file, value: result.value, diagnostics });
            baselined += filtered.baselined;
            diagnostics = filtered.file.diagnostics;
          }
          return { filePath: input.path, diagnostics, text: result.text };
        },
        requests.length > 0 ? [...allRuleMetas, ...requestRuleMetas] : allRuleMetas,
        requests,
      );
      if (suppressed > 0 && options.format === "stylish") io.stderr.write(`pathway: ${suppressed} finding${suppressed === 1 ? "" : "s"} suppressed by pathway.config.json.\n`);
      if (baseline && baselined > 0 && options.format === "stylish") io.stderr.write(`pathway: ${baselined} finding${baselined === 1 ? "" : "s"} hidden by the baseline ${options.baseline}.\n`);
      if (options.baselineWrite !== undefined) {
        const target = path.resolve(io.cwd, options.baselineWrite);
        const written = createBaseline(recorded);
        try {
          await writeFileAtomic(target, JSON.stringify(written, null, 2) + "\n");
        } catch (error) {
          throw new ExitError(EXIT.failure, `Cannot write the baseline ${options.baselineWrite} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the directory exists and is writable.`);
        }
        io.stderr.write(`pathway: wrote ${written.findings.length} finding${written.findings.length === 1 ? "" : "s"} to the baseline ${options.baselineWrite}.\n`);
        io.setExitCode(code === EXIT.failure ? code : EXIT.ok);
        return;
      }
      io.setExitCode(code);
    });
}
