// Finds and reads pathway.config.json (walking up from each file) and baseline files through the host; mistakes are EngineErrors.
import path from "node:path";
import { BaselineSchema, createDefaultLintConfig, LintConfigError, resolveLintConfig, type Baseline, type LintConfig } from "../../lint/index.js";
import { readJsonStructured, type StructuredSchema } from "../../parse/index.js";
import type { RuleMeta } from "../../rules/index.js";
import { EngineError } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import { displayPath } from "./inputs.js";
import type { Host } from "../../host/host.js";

/** The config file's name, looked for in the file's directory and each parent. */
export const CONFIG_FILE_NAME = "pathway.config.json";

/** A loaded configuration and the directory its globs are relative to. */
export interface LoadedLintConfig {
  config: LintConfig;
  root: string;
  /** The config file, when one was found. */
  file?: string;
}

/** Any JSON value: the files read by `readJsonFile` are checked by their caller (the config needs the rules' option schemas). */
const ANY_VALUE = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/**
 * Reads a JSON file the user relies on (config, baseline, coverage) with the structured-file reader, checked against
 * `schema` when given; any problem is an EngineError("config") naming the file, and the line and column of a syntax error.
 */
export async function readJsonFile<T = unknown>(host: Host, file: string, what: string, schema?: StructuredSchema<T>, fix = "fix it."): Promise<T> {
  // Named as the user would type it (the config is often found by searching upwards, as an absolute path).
  const shown = displayPath(host.cwd, file);
  let bytes: Uint8Array;
  try {
    bytes = await host.readFile(file);
  } catch (error) {
    throw new EngineError("config", `${what} ${describeFsError(error, shown)}`);
  }
  const read = readJsonStructured(new TextDecoder().decode(bytes), { schema: (schema ?? ANY_VALUE) as StructuredSchema<T>, emptyMessage: "the file is empty" });
  if (read.ok) return read.value;
  const first = read.diagnostics[0]!;
  const at = first.range ? `line ${first.range.start.line}, column ${first.range.start.column}: ` : "";
  if (first.ruleId === "parse-error")
    throw new EngineError("config", `${what} ${shown} is not valid JSON (${at}${first.message.replace(/\.$/, "")}); fix the syntax.`);
  throw new EngineError("config", `${what} ${shown}: ${first.message}; ${fix}`);
}

async function loadConfigFile(host: Host, file: string, rules: readonly RuleMeta[]): Promise<LoadedLintConfig> {
  const raw = await readJsonFile(host, file, "Config file");
  try {
    return { config: resolveLintConfig(raw, rules), root: path.dirname(file), file };
  } catch (error) {
    if (error instanceof LintConfigError) throw new EngineError("config", `Config file ${displayPath(host.cwd, file)}: ${error.message}`);
    throw error;
  }
}

/** Options of `createLintConfigLoader`. */
export interface LintConfigLoaderOptions {
  /** A config file to use for every file instead of looking for the nearest one (--config). */
  explicit?: string;
  /** Rules whose options the config may set. */
  rules: readonly RuleMeta[];
}

/**
 * Returns a loader that gives the configuration for a file: `explicit` when given, else the nearest
 * pathway.config.json in the file's directory or a parent, else the defaults (relative to cwd). Results are cached
 * per directory, so a tree of files reads each config once. `undefined` (stdin) looks from cwd.
 */
export function createLintConfigLoader(host: Host, options: LintConfigLoaderOptions): (file: string | undefined) => Promise<LoadedLintConfig> {
  const byDir = new Map<string, Promise<LoadedLintConfig>>();
  let explicit: Promise<LoadedLintConfig> | undefined;
  const find = async (dir: string): Promise<LoadedLintConfig> => {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if ((await host.stat(candidate))?.kind === "file") return loadConfigFile(host, candidate, options.rules);
    const parent = path.dirname(dir);
    if (parent === dir) return { config: createDefaultLintConfig(), root: host.cwd };
    return forDir(parent);
  };
  const forDir = (dir: string): Promise<LoadedLintConfig> => {
    let found = byDir.get(dir);
    if (!found) {
      found = find(dir);
      byDir.set(dir, found);
    }
    return found;
  };
  return (file) => {
    if (options.explicit !== undefined) {
      explicit ??= loadConfigFile(host, path.resolve(host.cwd, options.explicit), options.rules);
      return explicit;
    }
    return forDir(file === undefined ? path.resolve(host.cwd) : path.dirname(path.resolve(host.cwd, file)));
  };
}

/** `file` relative to `root`, with forward slashes, as config globs and baselines name files. */
export function toRelativePosix(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}

/** Reads and checks a baseline file written by `--baseline-write`. */
export async function readBaselineFile(host: Host, file: string): Promise<Baseline> {
  return readJsonFile(host, file, "Baseline file", BaselineSchema, "write it again with --baseline-write.");
}
