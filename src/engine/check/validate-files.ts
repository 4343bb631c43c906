// `validateFiles`: checks every pathway file the arguments name against the model and the structural rules.
import type { FileResult } from "../../diagnostics/index.js";
import type { RuleSeverity } from "../../rules/index.js";
import { validatePathway } from "../../validate/validate.js";
import type { Host } from "../../host/host.js";
import { readInputs, type ExpandOptions } from "../project/inputs.js";

/** Options of `validateFiles`; all optional. */
export interface ValidateFilesOptions extends ExpandOptions {
  /** Severity overrides by rule id ("off", "warning", "error"). */
  rules?: Record<string, RuleSeverity>;
}

/**
 * Validates files, directories (searched for *.json), globs and `-` (stdin). One result per file, in order; a file that
 * cannot be read is a result with an `unreadable-file` finding, and the others are still checked.
 */
export async function validateFiles(host: Host, args: readonly string[], options: ValidateFilesOptions = {}): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const input of await readInputs(host, "pathway", args, options)) {
    if (!input.bytes) {
      results.push({ filePath: input.path, diagnostics: [input.problem!] });
      continue;
    }
    const result = validatePathway(input.bytes, { rules: options.rules ?? {} });
    results.push({ filePath: input.path, diagnostics: result.diagnostics, ...(result.text !== undefined && { text: result.text }) });
  }
  return results;
}
