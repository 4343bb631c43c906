// `formatFiles`: rewrites pathway JSON files in canonical form (atomically), or with `check` only says which would change.
import { formatPathwayDocument } from "../../codegen/fmt.js";
import type { FileResult } from "../../diagnostics/index.js";
import type { Host } from "../../host/host.js";
import { readInputs, type ExpandOptions } from "../project/inputs.js";

/** Options of `formatFiles`; all optional. */
export interface FormatFilesOptions extends ExpandOptions {
  /** Write nothing; report files not in canonical form as "would-change". Default false. */
  check?: boolean;
}

/**
 * What happened to one file: a FileResult (its diagnostics, and its text when it could not be formatted, for code
 * frames) with a status. `pathway fmt --format json` prints each as the findings formatters' per-file shape plus `status`.
 */
export interface FormatFileResult extends FileResult {
  status: "formatted" | "unchanged" | "would-change" | "failed" | "skipped";
  /** The canonical text of stdin (`-`), which is never written anywhere by the engine. */
  output?: string;
}

function failed(filePath: string, ruleId: string, message: string): FormatFileResult {
  return { filePath, status: "failed", diagnostics: [{ ruleId, severity: "error", message, pointer: "" }] };
}

/**
 * Formats files, directories (searched for *.json), globs and `-`. A file that cannot be read, parsed or rewritten
 * exactly (a duplicate key, a number a float cannot hold) is a "failed" result and left alone; the others go on.
 */
export async function formatFiles(host: Host, args: readonly string[], options: FormatFilesOptions = {}): Promise<FormatFileResult[]> {
  const results: FormatFileResult[] = [];
  for (const input of await readInputs(host, "pathway", args, options)) {
    if (!input.bytes) {
      results.push({ filePath: input.path, status: input.skipped ? "skipped" : "failed", diagnostics: [input.problem!] });
      continue;
    }
    let formatted: ReturnType<typeof formatPathwayDocument>;
    try {
      formatted = formatPathwayDocument(input.bytes);
    } catch (error) {
      // One file that breaks the formatter must not stop the others; it is reported and left untouched.
      results.push(
        failed(
          input.path,
          "internal-error",
          `Internal error while formatting this file (${error instanceof Error ? error.message : String(error)}); the file was left unchanged. Please report it.`,
        ),
      );
      continue;
    }
    if (formatted.text === undefined) {
      results.push({ filePath: input.path, status: "failed", diagnostics: formatted.diagnostics, text: new TextDecoder().decode(input.bytes) });
      continue;
    }
    const status = !formatted.changed ? "unchanged" : options.check ? "would-change" : "formatted";
    if (input.file === undefined) {
      results.push({ filePath: input.path, status, diagnostics: [], ...(!options.check && { output: formatted.text }) });
      continue;
    }
    if (status === "formatted") {
      try {
        // Verbatim: the user's own file, only re-indented; nothing in it may change.
        await host.writeFile(input.file, formatted.text, { verbatim: true });
      } catch (error) {
        results.push(
          failed(
            input.path,
            "unwritable-file",
            `Cannot write the formatted file (${error instanceof Error ? error.message : String(error)}); check that it is writable.`,
          ),
        );
        continue;
      }
    }
    results.push({ filePath: input.path, status, diagnostics: [] });
  }
  return results;
}
