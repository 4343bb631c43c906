// `pathway build`: loads TypeScript pathway modules (lazily, through tsx), validates them and writes canonical JSON.
import type { Command } from "commander";
import { Option } from "commander";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BuilderDiagnostic, CallSite } from "../../builder/index.js";
import { isPathwayBuilder } from "../../builder/index.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import { countBySeverity } from "../../diagnostics/index.js";
import { diagnosticFormatters, type FileResult } from "../../format/index.js";
import { isObject, toCanonicalJson } from "../../model/index.js";
import { validateValue, validationRuleMetas } from "../../validate/index.js";
import { EXIT, ExitError } from "../exit.js";
import { useColor, type CliIo } from "../io.js";

interface BuildOptions {
  out?: string;
  check?: boolean;
  format: string;
  color?: boolean;
}

/** What happened to one entry module. */
export interface BuildEntryResult {
  entry: string;
  output?: string;
  status: "written" | "unchanged" | "up-to-date" | "out-of-date" | "invalid" | "failed";
  diagnostics: BuilderDiagnostic[];
  /** Why the entry could not be loaded (status "failed"). */
  error?: string;
}

/** `x.pathway.ts` → `x.json`; `x.ts` → `x.json`. */
function outputName(entry: string): string {
  return path.basename(entry).replace(/(\.pathway)?\.[cm]?tsx?$|\.[cm]?js$/, "") + ".json";
}

async function expandEntries(args: readonly string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const arg of args) {
    const isDir = await stat(path.resolve(cwd, arg)).then((s) => s.isDirectory(), () => false);
    if (!isDir) {
      out.push(arg);
      continue;
    }
    const { glob } = await import("tinyglobby");
    const found = (await glob(`${arg.replace(/\/+$/, "")}/**/*.pathway.{ts,mts}`, { cwd, ignore: ["**/node_modules/**"] })).sort();
    if (found.length === 0) throw new ExitError(EXIT.failure, `${arg}: no *.pathway.ts files in this directory; name entry modules directly.`);
    out.push(...found);
  }
  return out;
}

/** Duck-typed PathwayBuildError: may come from another copy of the library (the entry's own import). */
function buildErrorDiagnostics(error: unknown): BuilderDiagnostic[] | undefined {
  const diagnostics = (error as { diagnostics?: unknown } | null)?.diagnostics;
  return error instanceof Error && Array.isArray(diagnostics) ? (diagnostics as BuilderDiagnostic[]) : undefined;
}

function describeLoadError(entry: string, error: unknown): string {
  // The first lines say what failed (esbuild puts the file:line of a syntax error on the second); the stack is noise.
  const lines = (error instanceof Error ? error.message : String(error)).split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const message = lines.slice(0, lines[0]?.endsWith(":") ? 2 : 1).join(" ");
  return `${entry}: could not be loaded (${message}); fix the module so that it runs with tsx.`;
}

/** Loads one entry and gets its pathway value and diagnostics (with declaration sites when it is a builder). */
async function loadEntry(entry: string, cwd: string): Promise<{ value?: unknown; diagnostics: BuilderDiagnostic[]; error?: string }> {
  const absolute = path.resolve(cwd, entry);
  try {
    await stat(absolute);
  } catch {
    return { diagnostics: [], error: `${entry}: no such file; check the path.` };
  }
  const { tsImport } = await import("tsx/esm/api");
  let mod: Record<string, unknown>;
  try {
    mod = (await tsImport(pathToFileURL(absolute).href, import.meta.url)) as Record<string, unknown>;
  } catch (error) {
    const diagnostics = buildErrorDiagnostics(error);
    if (diagnostics) return { diagnostics };
    return { diagnostics: [], error: describeLoadError(entry, error) };
  }
  // A CommonJS-compiled module (no "type": "module" nearby) nests the default export once more.
  let exported = mod.default;
  if (isObject(exported) && !isPathwayBuilder(exported) && "default" in exported && !("nodes" in exported)) exported = exported.default;
  if (isPathwayBuilder(exported)) return { value: exported.toJSON(), diagnostics: exported.check() };
  if (isObject(exported) && Array.isArray(exported.nodes)) return { value: exported, diagnostics: validateValue(exported) };
  return {
    diagnostics: [],
    error: `${entry}: the default export is ${exported === undefined ? "missing" : "not a pathway"}; write \`export default pathway({...})...\` (a builder or a built pathway).`,
  };
}

/** Groups findings by the TypeScript file that declared them, with line and column, for the usual formatters. */
async function toFileResults(results: readonly BuildEntryResult[], cwd: string): Promise<FileResult[]> {
  const byFile = new Map<string, Diagnostic[]>();
  const rel = (file: string) => path.relative(cwd, file) || file;
  for (const result of results) {
    byFile.set(result.entry, byFile.get(result.entry) ?? []);
    if (result.error) byFile.get(result.entry)!.push({ ruleId: "build-failed", severity: "error", message: result.error, pointer: "" });
    if (result.status === "out-of-date") {
      byFile.get(result.entry)!.push({
        ruleId: "out-of-date",
        severity: "error",
        message: `${result.output} differs from what ${result.entry} builds; run \`pathway build ${result.entry}\` and commit the JSON.`,
        pointer: "",
      });
    }
    for (const d of result.diagnostics) {
      const site: CallSite | undefined = d.declaredAt;
      const file = site ? rel(site.file) : result.entry;
      const { declaredAt: _ignored, ...plain } = d;
      const range = site ? { start: { line: site.line, column: site.column }, end: { line: site.line, column: site.column + 1 } } : undefined;
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file)!.push(range ? { ...plain, range } : plain);
    }
  }
  const files: FileResult[] = [];
  for (const [filePath, diagnostics] of byFile) {
    const text = diagnostics.some((d) => d.range) ? await readFile(path.resolve(cwd, filePath), "utf8").catch(() => undefined) : undefined;
    files.push(text === undefined ? { filePath, diagnostics } : { filePath, diagnostics, text });
  }
  return files;
}

/** Registers `pathway build`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("build")
    .description("build TypeScript pathway modules into canonical pathway JSON (validated; --check for CI)")
    .argument("<entries...>", "modules whose default export is a pathway builder (or a built pathway); directories are searched for *.pathway.ts")
    .option("-o, --out <dir>", "write the JSON files into this directory (default: next to each module)")
    .option("--check", "write nothing; exit 1 when a JSON file on disk differs from what its module builds")
    .addOption(new Option("-f, --format <name>", "output format of the findings").choices(Object.keys(diagnosticFormatters)).default("stylish"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Each module's default export is built, validated with the same rules as \`pathway validate\`, and written as
canonical JSON (stable key order, 2-space indent, trailing newline) to <name>.json: pathways/x.pathway.ts
becomes pathways/x.json. Findings point at the TypeScript line that declared the node or edge.
Nothing is written for a module whose pathway has errors.

Exit codes: 0 built (warnings allowed), 1 errors or (with --check) JSON out of date, 2 a module could not be loaded.

Examples:
  $ pathway build pathways/appointment-booking.pathway.ts
  $ pathway build pathways/ -o dist/pathways
  $ pathway build pathways/ --check        # in CI: fail when the committed JSON is stale`,
    )
    .action(async (args: string[], options: BuildOptions) => {
      const entries = await expandEntries(args, io.cwd);
      const outputs = new Map<string, string>();
      for (const entry of entries) {
        const output = path.resolve(io.cwd, options.out ?? path.dirname(entry), outputName(entry));
        const other = outputs.get(output);
        if (other !== undefined && other !== entry) {
          throw new ExitError(EXIT.failure, `${other} and ${entry} would both be written to ${path.relative(io.cwd, output)}; build them into different directories.`);
        }
        outputs.set(output, entry);
      }
      const results: BuildEntryResult[] = [];
      for (const entry of entries) {
        const loaded = await loadEntry(entry, io.cwd);
        const output = path.join(options.out ?? path.dirname(entry), outputName(entry));
        if (loaded.error !== undefined) {
          results.push({ entry, status: "failed", diagnostics: [], error: loaded.error });
          continue;
        }
        // No value: the module threw a PathwayBuildError itself (it called .build() at the top level).
        if (loaded.value === undefined || countBySeverity(loaded.diagnostics).errorCount > 0) {
          results.push({ entry, output, status: "invalid", diagnostics: loaded.diagnostics });
          continue;
        }
        const json = toCanonicalJson(loaded.value);
        const target = path.resolve(io.cwd, output);
        const current = await readFile(target, "utf8").catch(() => undefined);
        if (options.check) {
          results.push({ entry, output, status: current === json ? "up-to-date" : "out-of-date", diagnostics: loaded.diagnostics });
          continue;
        }
        if (current !== json) await io.host.writeFile(target, json);
        results.push({ entry, output, status: current === json ? "unchanged" : "written", diagnostics: loaded.diagnostics });
      }
      const files = await toFileResults(results, io.cwd);
      if (options.format === "stylish") {
        for (const r of results) {
          const verb = { written: "wrote", unchanged: "unchanged", "up-to-date": "up to date", "out-of-date": "OUT OF DATE", invalid: "not built", failed: "failed" }[r.status];
          io.stderr.write(`${verb}: ${r.output ?? r.entry}${r.status === "out-of-date" ? ` (differs from what ${r.entry} builds)` : ""}\n`);
        }
      }
      io.stdout.write(diagnosticFormatters[options.format]!(files, { color: useColor(options.color, io), rules: validationRuleMetas, version: io.version, cwd: io.cwd }));
      const code = results.some((r) => r.status === "failed")
        ? EXIT.failure
        : results.some((r) => r.status === "invalid" || r.status === "out-of-date")
          ? EXIT.findings
          : EXIT.ok;
      io.setExitCode(code);
    });
}
