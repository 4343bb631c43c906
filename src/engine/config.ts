// Finds and reads pathway.config.json (walking up from each file) and baseline files through the host; mistakes are EngineErrors.
import path from "node:path";
import { BaselineSchema, createDefaultLintConfig, LintConfigError, resolveLintConfig, type Baseline, type LintConfig } from "../lint/index.js";
import type { RuleMeta } from "../rules/index.js";
import { EngineError } from "./errors.js";
import { describeFsError } from "./fs-errors.js";
import { displayPath } from "./inputs.js";
import type { Host } from "./host.js";

/** The config file's name, looked for in the file's directory and each parent. */
export const CONFIG_FILE_NAME = "pathway.config.json";

/** A loaded configuration and the directory its globs are relative to. */
export interface LoadedLintConfig {
  config: LintConfig;
  root: string;
  /** The config file, when one was found. */
  file?: string;
}

/** Reads a JSON file the user relies on (config, baseline, manifest); any problem is an EngineError("config"). */
export async function readJsonFile(host: Host, file: string, what: string): Promise<unknown> {
  // Named as the user would type it (the config is often found by searching upwards, as an absolute path).
  const shown = displayPath(host.cwd, file);
  let bytes: Uint8Array;
  try {
    bytes = await host.readFile(file);
  } catch (error) {
    throw new EngineError("config", `${what} ${describeFsError(error, shown)}`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, "")) as unknown;
  } catch (error) {
    throw new EngineError("config", `${what} ${shown} is not valid JSON (${(error as Error).message}); fix the syntax.`);
  }
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
  const raw = await readJsonFile(host, file, "Baseline file");
  const parsed = BaselineSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EngineError("config", `Baseline file ${displayPath(host.cwd, file)}: "${issue.path.join(".")}": ${issue.message}; write it again with --baseline-write.`);
  }
  return parsed.data;
}
