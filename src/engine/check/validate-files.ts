// `validateFiles`: checks every pathway file the arguments name against the model and the structural rules.
import type { FileResult } from "../../diagnostics/index.js";
import { applySeverities, type RuleSeverity } from "../../rules/index.js";
import { validateDocument } from "../../validate/validate.js";
import type { Host } from "../../host/host.js";
import { checkProjectTestCases, parsePathwayDocument } from "../project/bland-project.js";
import { readInputs, type ExpandOptions } from "../project/inputs.js";
import { isPathway } from "../project/load-pathway.js";
import { createWalkTally, getSkippedFile, toSkippedResult } from "../project/other-files.js";

/** Options of `validateFiles`; all optional. */
export interface ValidateFilesOptions extends ExpandOptions {
  /** Severity overrides by rule id ("off", "warning", "error"). */
  rules?: Record<string, RuleSeverity>;
}

/**
 * Validates files, directories (searched for *.json), globs and `-` (stdin). One result per file, in order; a file that
 * cannot be read is a result with an `unreadable-file` finding, and the others are still checked. A file a directory or
 * glob found that holds a call record, scenario, request body or bland-cli test cases is not checked: its result is a
 * `skipped-file` note (see `toSkippedResult`), and a directory or glob that found nothing else is a `no-matching-files` error.
 */
export async function validateFiles(host: Host, args: readonly string[], options: ValidateFilesOptions = {}): Promise<FileResult[]> {
  const results: FileResult[] = [];
  const walks = createWalkTally();
  for (const input of await readInputs(host, "pathway", args, options)) {
    walks.found(input);
    if (!input.bytes) {
      results.push({ filePath: input.path, diagnostics: [input.problem!] });
      continue;
    }
    // Parsed once: the value says whether it is a pathway to check or another project file to skip.
    const parsed = await parsePathwayDocument(input, input.bytes);
    const skipped = parsed.ok ? await getSkippedFile(input, parsed.value) : undefined;
    if (skipped) {
      walks.skipped(input);
      results.push(toSkippedResult(skipped));
      continue;
    }
    const result = validateDocument(parsed, { rules: options.rules ?? {} });
    results.push({ filePath: input.path, diagnostics: result.diagnostics, ...(result.text !== undefined && { text: result.text }) });
    // A bland-cli project's test cases are checked against the pathway it pushes, their findings on their own lines.
    const tests = parsed.bland && input.file !== undefined && isPathway(result.value) ? await checkProjectTestCases(host, input.file, result.value) : undefined;
    if (tests) results.push({ ...tests, diagnostics: applySeverities(tests.diagnostics, options.rules) });
  }
  results.push(...walks.problems());
  return results;
}
