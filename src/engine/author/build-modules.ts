// `buildModules`: loads TypeScript pathway modules through the host, validates them and writes canonical JSON beside them (or checks it).
import path from "node:path";
import type { BuilderDiagnostic, CallSite } from "../../builder/index.js";
import { isPathwayBuilder } from "../../builder/index.js";
import { countBySeverity, type Diagnostic, type FileResult } from "../../diagnostics/index.js";
import { isObject } from "../../model/pathway.js";
import { toCanonicalJson } from "../../model/canonical.js";
import { validateValue } from "../../validate/index.js";
import { EngineError, isEngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { expandInputs } from "../project/inputs.js";

/** Options of `buildModules`; all optional. */
export interface BuildModulesOptions {
  /** Directory to write the JSON files into. Default: next to each module. */
  outDir?: string;
  /** Write nothing; report JSON on disk that differs from what its module builds as "out-of-date". Default false. */
  check?: boolean;
}

/** What happened to one entry module. */
export interface BuildEntryResult {
  entry: string;
  output?: string;
  status: "written" | "unchanged" | "up-to-date" | "out-of-date" | "invalid" | "failed" | "skipped";
  diagnostics: BuilderDiagnostic[];
  /**
   * Why the entry could not be built (status "failed"): the input expander's own diagnostic for a path that cannot be
   * read or matches nothing (`unreadable-file`, `no-matching-files`, as validate and fmt report it), else `build-failed`.
   */
  problem?: Diagnostic;
}

/** A `build-failed` diagnostic: the entry is not a module, or the module failed while loading or building. */
function buildFailed(message: string): Diagnostic {
  return { ruleId: "build-failed", severity: "error", message, pointer: "" };
}

/** Every entry's outcome, and the findings grouped by the TypeScript file that declared them (for the usual formatters). */
export interface BuildModulesResult {
  entries: BuildEntryResult[];
  files: FileResult[];
}

const MODULE = /(\.pathway)?\.[cm]?[jt]sx?$/;

/** `x.pathway.ts` → `x.json`; `x.ts` → `x.json`. */
function outputName(entry: string): string {
  return `${path.basename(entry).replace(MODULE, "")}.json`;
}

/** Duck-typed PathwayBuildError: may come from another copy of the library (the entry's own import). */
function buildErrorDiagnostics(error: unknown): BuilderDiagnostic[] | undefined {
  const diagnostics = (error as { diagnostics?: unknown } | null)?.diagnostics;
  return error instanceof Error && Array.isArray(diagnostics) ? (diagnostics as BuilderDiagnostic[]) : undefined;
}

/** What a module did wrong, in its own words: the first lines (esbuild puts the file:line of a syntax error on the second). */
function describeModuleError(entry: string, error: unknown, when: "load" | "build"): string {
  const lines = (error instanceof Error ? error.message : String(error))
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const message = lines.slice(0, lines[0]?.endsWith(":") ? 2 : 1).join(" ");
  const what = when === "load" ? "could not be loaded" : "threw while building its pathway";
  return `${entry}: ${what} (${message}); the error is in the module, not in pathwaykit: fix it so that it runs with tsx.`;
}

/** Loads one entry and gets its pathway value and diagnostics (with declaration sites when it is a builder). */
async function loadEntry(host: Host, entry: string): Promise<{ value?: unknown; diagnostics: BuilderDiagnostic[]; error?: string }> {
  let mod: Record<string, unknown>;
  try {
    mod = await host.importModule(entry);
  } catch (error) {
    // No loader installed (tsx is optional): no module can load, and the fault is not this one's.
    if (isEngineError(error) && error.reason === "missing-package") throw error;
    const diagnostics = buildErrorDiagnostics(error);
    if (diagnostics) return { diagnostics };
    return { diagnostics: [], error: describeModuleError(entry, error, "load") };
  }
  // Everything below runs the module's own code (getters, toJSON): a fault there is the module's too.
  try {
    // A CommonJS-compiled module (no "type": "module" nearby) nests the default export once more.
    let exported = mod.default;
    if (isObject(exported) && !isPathwayBuilder(exported) && "default" in exported && !("nodes" in exported)) exported = exported.default;
    if (isPathwayBuilder(exported)) return { value: exported.toJSON(), diagnostics: exported.check() };
    if (isObject(exported) && Array.isArray(exported.nodes)) return { value: exported, diagnostics: validateValue(exported) };
    return {
      diagnostics: [],
      error: `${entry}: the default export is ${exported === undefined ? "missing" : "not a pathway"}; write \`export default pathway({...})...\` (a builder or a built pathway).`,
    };
  } catch (error) {
    const diagnostics = buildErrorDiagnostics(error);
    if (diagnostics) return { diagnostics };
    return { diagnostics: [], error: describeModuleError(entry, error, "build") };
  }
}

/** Groups findings by the TypeScript file that declared them, with line and column. */
async function toFileResults(host: Host, results: readonly BuildEntryResult[]): Promise<FileResult[]> {
  const byFile = new Map<string, Diagnostic[]>();
  const rel = (file: string) => path.relative(host.cwd, file) || file;
  const add = (file: string, d: Diagnostic) => {
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file)!.push(d);
  };
  for (const result of results) {
    if (!byFile.has(result.entry)) byFile.set(result.entry, []);
    if (result.problem) add(result.entry, result.problem);
    if (result.status === "out-of-date") {
      add(result.entry, {
        ruleId: "out-of-date",
        severity: "error",
        message: `${result.output} differs from what ${result.entry} builds; run \`pathway build ${result.entry}\` and commit the JSON.`,
        pointer: "",
      });
    }
    for (const d of result.diagnostics) {
      const site: CallSite | undefined = d.declaredAt;
      const { declaredAt: _ignored, ...plain } = d;
      const range = site ? { start: { line: site.line, column: site.column }, end: { line: site.line, column: site.column + 1 } } : undefined;
      add(site ? rel(site.file) : result.entry, range ? { ...plain, range } : plain);
    }
  }
  const files: FileResult[] = [];
  for (const [filePath, diagnostics] of byFile) {
    const text = diagnostics.some((d) => d.range)
      ? await host.readFile(filePath).then(
          (b) => new TextDecoder().decode(b),
          () => undefined,
        )
      : undefined;
    files.push(text === undefined ? { filePath, diagnostics } : { filePath, diagnostics, text });
  }
  return files;
}

/**
 * Builds every module the arguments name (files; directories are searched for *.pathway.ts/.mts): validates each
 * pathway and writes `<name>.json` in canonical form, unless it has errors. A module that cannot be found, is not a
 * module (e.g. a .json file), or fails while loading is a "failed" entry; the others are still built.
 */
export async function buildModules(host: Host, args: readonly string[], options: BuildModulesOptions = {}): Promise<BuildModulesResult> {
  const refs = await expandInputs(host, "module", args);
  const outputs = new Map<string, string>();
  for (const ref of refs) {
    if (ref.problem || !MODULE.test(ref.path)) continue;
    const output = path.resolve(host.cwd, options.outDir ?? path.dirname(ref.path), outputName(ref.path));
    const other = outputs.get(output);
    if (other !== undefined && other !== ref.path) {
      throw new EngineError(
        "usage",
        `${other} and ${ref.path} would both be written to ${path.relative(host.cwd, output)}; build them into different directories.`,
      );
    }
    outputs.set(output, ref.path);
  }
  const entries: BuildEntryResult[] = [];
  for (const ref of refs) {
    const entry = ref.path;
    if (ref.problem) {
      entries.push({ entry, status: ref.skipped ? "skipped" : "failed", diagnostics: [], problem: ref.problem });
      continue;
    }
    if (ref.file === undefined || !MODULE.test(entry)) {
      const hint = /\.json$/i.test(entry)
        ? " it is already pathway JSON (`pathway fmt` formats it, `pathway import` turns it into a module)"
        : " name a .pathway.ts module";
      entries.push({
        entry,
        status: "failed",
        diagnostics: [],
        problem: buildFailed(`${entry}: not a TypeScript or JavaScript module, so there is nothing to build;${hint}.`),
      });
      continue;
    }
    const loaded = await loadEntry(host, ref.file);
    const output = path.join(options.outDir ?? path.dirname(entry), outputName(entry));
    if (loaded.error !== undefined) {
      entries.push({ entry, status: "failed", diagnostics: [], problem: buildFailed(loaded.error.replace(ref.file, entry)) });
      continue;
    }
    // No value: the module threw a PathwayBuildError itself (it called .build() at the top level).
    if (loaded.value === undefined || countBySeverity(loaded.diagnostics).errorCount > 0) {
      entries.push({ entry, output, status: "invalid", diagnostics: loaded.diagnostics });
      continue;
    }
    const json = toCanonicalJson(loaded.value);
    const current = await host.readFile(output).then(
      (b) => new TextDecoder().decode(b),
      () => undefined,
    );
    if (options.check) {
      entries.push({ entry, output, status: current === json ? "up-to-date" : "out-of-date", diagnostics: loaded.diagnostics });
      continue;
    }
    if (current !== json) await host.writeFile(output, json, { verbatim: true });
    entries.push({ entry, output, status: current === json ? "unchanged" : "written", diagnostics: loaded.diagnostics });
  }
  return { entries, files: await toFileResults(host, entries) };
}
