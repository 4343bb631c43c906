// Finds and reads pathway.config.json (walking up from each file) and baseline files, turning their mistakes into exit 2.
import { stat } from "node:fs/promises";
import path from "node:path";
import { BaselineSchema, createDefaultLintConfig, LintConfigError, resolveLintConfig, type Baseline, type LintConfig } from "../lint/index.js";
import type { RuleMeta } from "../validate/index.js";
import { InputRefusedError, readFileBounded } from "../engine/read-file-bounded.js";
import { EXIT, ExitError } from "./exit.js";

/** The config file's name, looked for in the file's directory and each parent. */
export const CONFIG_FILE_NAME = "pathway.config.json";

/** A loaded configuration and the directory its globs are relative to. */
export interface LoadedLintConfig {
  config: LintConfig;
  root: string;
  /** The config file, when one was found. */
  file?: string;
}

async function readJson(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    // Bounded and regular files only: a config named by a FIFO or /dev/zero must not hang the run.
    text = Buffer.from(await readFileBounded(file)).toString("utf8");
  } catch (error) {
    if (error instanceof InputRefusedError) throw new ExitError(EXIT.failure, `${what} ${file} ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExitError(EXIT.failure, `${what} ${file}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? (error as Error).message})`}; check the path.`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
  } catch (error) {
    throw new ExitError(EXIT.failure, `${what} ${file} is not valid JSON (${(error as Error).message}); fix the syntax.`);
  }
}

async function loadConfigFile(file: string, rules: readonly RuleMeta[]): Promise<LoadedLintConfig> {
  const raw = await readJson(file, "Config file");
  try {
    return { config: resolveLintConfig(raw, rules), root: path.dirname(file), file };
  } catch (error) {
    if (error instanceof LintConfigError) throw new ExitError(EXIT.failure, `Config file ${file}: ${error.message}`);
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Returns a loader that gives the configuration for a file: `explicit` (from --config) when given, else the nearest
 * pathway.config.json in the file's directory or a parent, else the defaults (relative to `cwd`). Results are cached
 * per directory, so a tree of files reads each config once.
 */
export function createLintConfigLoader(options: { cwd: string; explicit?: string; rules: readonly RuleMeta[] }): (file: string | undefined) => Promise<LoadedLintConfig> {
  const byDir = new Map<string, Promise<LoadedLintConfig>>();
  let explicit: Promise<LoadedLintConfig> | undefined;
  const find = async (dir: string): Promise<LoadedLintConfig> => {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if (await exists(candidate)) return loadConfigFile(candidate, options.rules);
    const parent = path.dirname(dir);
    if (parent === dir) return { config: createDefaultLintConfig(), root: options.cwd };
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
      explicit ??= loadConfigFile(path.resolve(options.cwd, options.explicit), options.rules);
      return explicit;
    }
    return forDir(file === undefined ? path.resolve(options.cwd) : path.dirname(path.resolve(options.cwd, file)));
  };
}

/** `file` relative to `root`, with forward slashes, as config globs and baselines name files. */
export function toRelativePosix(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}

/** Reads and checks a baseline file written by `--baseline-write`. */
export async function readBaselineFile(file: string): Promise<Baseline> {
  const raw = await readJson(file, "Baseline file");
  const parsed = BaselineSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ExitError(EXIT.failure, `Baseline file ${file}: "${issue.path.join(".")}": ${issue.message}; write it again with --baseline-write.`);
  }
  return parsed.data;
}
