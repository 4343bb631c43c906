// `importPathway`: one pathway JSON file (or stdin) to builder TypeScript, written atomically and never over a file without `force`.
import type { Diagnostic } from "../../diagnostics/index.js";
import { toDuplicateKeyErrors } from "../../codegen/fmt.js";
import { toBuilderCode } from "../../codegen/index.js";
import { countBySeverity } from "../../diagnostics/index.js";
import { parseDocument } from "../../parse/index.js";
import { validateValue } from "../../validate/index.js";
import { EngineError } from "../../host/errors.js";
import { createMissingPackageError, isMissingOptionalPackage } from "../../host/optional-packages.js";
import type { Host } from "../../host/host.js";
import { readInput, STDIN } from "../project/inputs.js";
import { getPathwayProblem } from "../project/load-pathway.js";

/** Options of `importPathway`; all optional. */
export interface ImportPathwayOptions {
  /** Module the generated code imports the builder from. Default "pathwaykit". */
  importFrom?: string;
  /** Write the module to this file. Default: only return it. */
  output?: string;
  /** Overwrite `output` when it exists. Default false: an existing file (likely hand-written code) is refused. */
  force?: boolean;
}

/** The generated module, or the findings that say why the input could not be read as JSON. */
export interface ImportPathwayResult {
  /** The input as named (`<stdin>` for `-`). */
  path: string;
  /** The TypeScript module (absent when the input is not JSON). */
  code?: string;
  /** Why the input could not be imported (unreadable-file, invalid-utf8, parse-error, duplicate-key...). */
  diagnostics: Diagnostic[];
  /** The input's decoded text, for code frames. */
  text?: string;
  /** Errors and warnings `pathway validate` finds in the pathway (build reports them at the TypeScript lines). */
  errorCount: number;
  warningCount: number;
  /** The file written, when `output` was given. */
  written?: string;
}

/**
 * Imports one pathway JSON file, or `-` for stdin. A directory or glob is refused (import makes one module from one
 * file), and so is an existing `output` without `force`.
 */
export async function importPathway(host: Host, input: string, options: ImportPathwayOptions = {}): Promise<ImportPathwayResult> {
  if (input !== "-") {
    const info = await host.stat(input);
    if (info?.kind === "directory")
      throw new EngineError(
        "usage",
        `${input}: is a directory; import makes one module from one pathway file, so name the file (e.g. ${input.replace(/\/+$/, "")}/<name>.json).`,
      );
    if (info === undefined && host.isGlob(input)) throw new EngineError("usage", `${input}: import takes one pathway file, not a pattern; name the file.`);
  }
  if (options.output !== undefined && !options.force && (await host.stat(options.output)) !== undefined) {
    throw new EngineError(
      "usage",
      `${options.output} already exists; import would replace it (hand-written code would be lost). Pass --force to overwrite it, or choose another -o file.`,
    );
  }
  const read = await readInput(host, input === "-" ? { path: STDIN } : { path: input, file: input });
  const base = { path: read.path, errorCount: 0, warningCount: 0 };
  if (!read.bytes) return { ...base, diagnostics: [read.problem!] };
  const parsed = parseDocument(read.bytes);
  if (!parsed.ok) return { ...base, diagnostics: parsed.diagnostics, ...(parsed.text !== undefined && { text: parsed.text }) };
  // Like fmt: the generated code could hold only the last of two equal keys, so the first would be lost silently.
  const duplicates = toDuplicateKeyErrors(parsed.diagnostics, "import");
  if (duplicates.length > 0) return { ...base, diagnostics: duplicates, text: parsed.text };
  // The one answer to "is this a pathway?" (a pathway with no nodes yet imports, as it builds back the same).
  const problem = getPathwayProblem(parsed.value, read.path, { allowEmpty: true });
  if (problem) {
    const range = parsed.locate(problem.pointer);
    return { ...base, diagnostics: [range ? { ...problem, range } : problem], text: parsed.text };
  }
  let code: string;
  try {
    code = await toBuilderCode(parsed.value, { importFrom: options.importFrom ?? "pathwaykit" });
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) throw new EngineError("input", `${read.path}: ${error.message}`);
    if (isMissingOptionalPackage(error, "import")) throw createMissingPackageError("import");
    throw error;
  }
  const counts = countBySeverity(validateValue(parsed.value));
  if (options.output !== undefined) await host.writeFile(options.output, code, { verbatim: true });
  return { ...base, code, diagnostics: [], ...counts, ...(options.output !== undefined && { written: options.output }) };
}
