// `lintFiles`: validation plus the graph and content rules over files, with pathway.config.json, --rule overrides and a baseline.
import path from "node:path";
import type { Diagnostic, FileResult } from "../../diagnostics/index.js";
import type { BaselineInput, FixResult } from "../../lint/index.js";
import { createBaseline, createBaselineFilter, fixPathway, getFileLintSettings, lintDocument } from "../../lint/index.js";
import { applySeverities, withRuleFlags, type RuleSeverity } from "../../rules/index.js";
import { checkRequestInputs, readConfiguredRequests, withConfiguredRules } from "./check-requests.js";
import { loadRuleCatalogue } from "./rule-catalogue.js";
import { createLintConfigLoader, readBaselineFile, toRelativePosix } from "../project/config.js";
import { EngineError } from "../../host/errors.js";
import { createSuppressionTracker } from "./unused-suppressions.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { checkProjectTestCases, getPushTarget, parsePathwayDocument } from "../project/bland-project.js";
import { displayPath, expandInputs, readInput, STDIN, type ExpandOptions } from "../project/inputs.js";
import { isPathway } from "../project/load-pathway.js";
import { createWalkTally, getSkippedFile, toSkippedResult } from "../project/other-files.js";

/** Options of `lintFiles`; all optional. */
export interface LintFilesOptions extends ExpandOptions {
  /** Severity overrides by rule id; they win over the config. */
  rules?: Record<string, RuleSeverity>;
  /** A config file for every file, instead of the nearest pathway.config.json above each. */
  config?: string;
  /** Report only findings not recorded in this baseline file. */
  baseline?: string;
  /** Record every current finding in this baseline file; the recorded findings are then not reported. */
  baselineWrite?: string;
  /** Warn about a file named directly that the config ignores (default true; false as ESLint's --no-warn-ignored, for pre-commit hooks that pass every staged file). */
  warnIgnored?: boolean;
  /**
   * Watch mode: lint only the inputs this accepts (absolute file; the absolute config file that covers it, if any).
   * The config's request files are checked only when it accepts them too, and a directory whose files were all left
   * out is not an error. Default: every input.
   */
  only?: (file: string, config: string | undefined) => boolean;
  /**
   * Apply the safe fixes (ESLint's --fix): "write" replaces each fixed file atomically; "dry-run" leaves files alone
   * and puts the fixed text in the result's `output`. Suggestions are never applied. Default: no fixing.
   */
  fix?: "write" | "dry-run";
}

/** What `lintFiles` returns: one result per file, and counts of what was hidden and why. */
export interface LintFilesResult {
  results: FileResult[];
  /** Findings hidden by suppressions in pathway.config.json. */
  suppressed: number;
  /** Findings hidden by the baseline (read, or just written). */
  baselined: number;
  /** With `baselineWrite`: how many findings were recorded. */
  recorded?: number;
  /** With `fix`: how many findings were fixed, and in how many files. */
  fixed?: { findings: number; files: number };
}

/**
 * Lints files, directories (searched for *.json), globs and `-` (stdin), like ESLint's `lintFiles`: each file gets the
 * nearest config's settings; unreadable files are results with an `unreadable-file` finding. A file a directory or glob
 * found that holds a call record, scenario, request body or bland-cli test cases is not linted: its result is a
 * `skipped-file` note (see `toSkippedResult`). A broken config or baseline throws EngineError("config").
 */
export async function lintFiles(host: Host, args: readonly string[], options: LintFilesOptions = {}): Promise<LintFilesResult> {
  // Request rules may be set in the same "rules" (they apply to the config's `requests` files).
  const loadConfig = createLintConfigLoader(host, { explicit: options.config, rules: (await loadRuleCatalogue()).all });
  const baseline = options.baseline !== undefined ? await readBaselineFile(host, path.resolve(host.cwd, options.baseline)) : undefined;
  const baselineFile = options.baselineWrite ?? options.baseline;
  const baselineRoot = baselineFile !== undefined ? path.dirname(path.resolve(host.cwd, baselineFile)) : host.cwd;
  // Request files the config lists are checked as requests (below), never linted as pathways.
  const projectConfig = await loadConfig(undefined);
  const requests = await readConfiguredRequests(host, projectConfig);
  // A baseline or a --config file kept beside the pathways is JSON too; never lint it as a pathway.
  const notPathways = [baselineFile, options.config].flatMap((f) => (f === undefined ? [] : [toRelativePosix(host.cwd, path.resolve(host.cwd, f))]));
  const ignore = [...(options.ignore ?? []), ...notPathways, ...requests.map((r) => r.path)];
  const applyBaseline = baseline ? createBaselineFilter(baseline) : undefined;
  const recorded: (BaselineInput & { index: number })[] = [];
  const out: LintFilesResult = { results: [], suppressed: 0, baselined: 0 };
  const suppressionUse = createSuppressionTracker();
  // Per directory or glob argument, the files it found and how many of them the config ignores or were skipped.
  const walks = createWalkTally();
  for (const ref of await expandInputs(host, "pathway", args, { ignore })) {
    // Left out before the file is read: a watch run reads only what changed.
    if (options.only && (ref.file === undefined || !options.only(ref.file, (await loadConfig(ref.file)).file))) continue;
    const input = await readInput(host, ref);
    walks.found(input);
    if (!input.bytes) {
      out.results.push({ filePath: input.path, diagnostics: [input.problem!] });
      continue;
    }
    const loaded = await loadConfig(input.file);
    const { config, root, file: configFile } = loaded;
    const settings = getFileLintSettings(config, input.file === undefined ? STDIN : toRelativePosix(root, input.file));
    if (settings.ignored) {
      // As ESLint: a file the config ignores is left out of a directory or glob without a word, and one named on the
      // command line gets a warning instead of its findings (before, each was an empty result counted as linted).
      const config = displayPath(host.cwd, configFile ?? root);
      if (input.named && options.warnIgnored !== false) out.results.push({ filePath: input.path, diagnostics: [ignoredFile(input.path, config)] });
      walks.ignored(input, config);
      continue;
    }
    // Parsed once: the value says whether it is a pathway to lint or another project file (a call record...) to skip.
    const parsed = await parsePathwayDocument(input, input.bytes);
    const skipped = parsed.ok ? await getSkippedFile(input, parsed.value) : undefined;
    if (skipped) {
      walks.skipped(input);
      out.results.push(toSkippedResult(skipped));
      continue;
    }
    const rules = withRuleFlags(settings.rules, options.rules);
    const pushTarget = parsed.ok ? await getPushTarget(host, input, parsed) : undefined;
    const lintOptions = {
      rules,
      requestData: settings.requestData,
      systemVariables: settings.systemVariables,
      suppressions: settings.suppressions,
      ...(pushTarget && { pushTarget }),
    };
    // --fix lints the file again after each round of fixes; without it the one parse above is linted. A converted
    // document (a bland-cli file) has no fix that can be written into its own text.
    const result: FixResult = options.fix && !parsed.converted ? fixPathway(input.bytes, lintOptions) : { ...lintDocument(parsed, lintOptions), fixed: 0 };
    const output = result.output;
    if (output !== undefined) {
      out.fixed = { findings: (out.fixed?.findings ?? 0) + result.fixed, files: (out.fixed?.files ?? 0) + 1 };
      if (options.fix === "write") await writeFixed(host, input, output);
    }
    // A file that could not be parsed was not linted, nor a rule off for this file (--rule x:off) looked for: their
    // suppressions had no chance to apply.
    const looked = settings.suppressions.filter((s) => rules[s.rule]?.severity !== "off");
    if (result.value !== undefined && input.file !== undefined) suppressionUse.linted(input.file, loaded, looked);
    suppressionUse.used(result.suppressed);
    out.suppressed += result.suppressed.length;
    let diagnostics = result.diagnostics;
    const file = input.file === undefined ? STDIN : toRelativePosix(baselineRoot, input.file);
    if (options.baselineWrite !== undefined) recorded.push({ file, value: result.value, diagnostics, index: out.results.length });
    if (applyBaseline) {
      const filtered = applyBaseline({ file, value: result.value, diagnostics });
      out.baselined += filtered.baselined;
      diagnostics = filtered.file.diagnostics;
    }
    out.results.push({ filePath: input.path, diagnostics, ...(result.text !== undefined && { text: result.text }), ...(output !== undefined && { output }) });
    // A bland-cli project's test cases are checked against the pathway it pushes, their findings on their own lines.
    const tests = parsed.bland && input.file !== undefined && isPathway(result.value) ? await checkProjectTestCases(host, input.file, result.value) : undefined;
    if (tests) out.results.push({ ...tests, diagnostics: applySeverities(tests.diagnostics, rules) });
  }
  // A directory or glob whose every file is ignored or skipped has nothing linted: as one that matches nothing, it is an error.
  if (!options.only) out.results.push(...walks.problems());
  if (options.baselineWrite !== undefined) {
    const written = createBaseline(recorded);
    try {
      await host.writeFile(options.baselineWrite, `${JSON.stringify(written, null, 2)}\n`);
    } catch (error) {
      throw new EngineError("io", `Cannot write the baseline: ${describeFsError(error, options.baselineWrite)}`);
    }
    // What is now in the baseline is adopted, not reported: the run shows what a run with --baseline would show.
    const adopt = createBaselineFilter(written);
    out.baselined = 0;
    for (const r of recorded) {
      const filtered = adopt(r);
      out.baselined += filtered.baselined;
      out.results[r.index] = { ...out.results[r.index]!, diagnostics: [...filtered.file.diagnostics] };
    }
    out.recorded = written.findings.length;
  }
  out.results.push(...(await suppressionUse.results(host)));
  // Each request file gets its config's rules and the overrides matching it, as `pathway check-request` gives them.
  const only = options.only;
  const checked = only ? requests.filter((r) => only(path.resolve(host.cwd, r.path), projectConfig.file)) : requests;
  if (checked.length > 0)
    out.results.push(...(await checkRequestInputs(host, await withConfiguredRules(host, checked, options.config, options.rules, loadConfig))));
  return out;
}

/** Replaces a fixed file atomically (its own text, so written verbatim); stdin has no file to write. */
async function writeFixed(host: Host, input: { path: string; file?: string }, output: string): Promise<void> {
  if (input.file === undefined)
    throw new EngineError("usage", "--fix cannot write back to stdin; use --fix-dry-run --format json to get the fixed text in `output`.");
  try {
    await host.writeFile(input.file, output, { verbatim: true });
  } catch (error) {
    throw new EngineError("io", `Cannot write the fixed file: ${describeFsError(error, input.path)}`);
  }
}

/** The warning for a file named on the command line that `config` ignores. */
function ignoredFile(shown: string, config: string): Diagnostic {
  return {
    ruleId: "ignored-file",
    severity: "warning",
    message: `${shown} was not linted: "ignore" in ${config} matches it; remove it from "ignore" to lint it.`,
    pointer: "",
  };
}
