// Expands the files, directories, globs and `-` a user names into readable inputs, never throwing on a bad one.
import { stat } from "node:fs/promises";
import { glob, isDynamicPattern } from "tinyglobby";
import path from "node:path";
import { InputRefusedError, readFileBounded, readStreamBounded } from "../engine/read-file-bounded.js";

/** One input: its display path and bytes, or why it could not be read. */
export interface Input {
  path: string;
  bytes?: Uint8Array;
  error?: string;
}

/** JSON files inside a directory that are not pathways. */
export const DEFAULT_IGNORES = [
  "**/node_modules/**",
  "**/.git/**",
  "**/package.json",
  "**/package-lock.json",
  "**/tsconfig*.json",
  "**/pathway.config.json",
  "**/*.scenario.json",
  "**/*.schema.json",
  "**/.pathwaykit/**",
  "**/pathwaykit.manifest.json",
];

/** A file-system error as a user-facing sentence: which path, what went wrong, what to check. */
export function describeFsError(error: unknown, target: string): string {
  if (error instanceof InputRefusedError) return `${target}: ${error.message}`;
  const code = (error as NodeJS.ErrnoException).code;
  // open() of a Unix socket fails with ENXIO: there is nothing to read from it as a file.
  if (code === "ENXIO") return `${target}: is a socket or a device with nothing behind it, not a regular file; name a file (or - for stdin).`;
  if (code === "ENOENT") return `${target}: no such file or directory; check the path.`;
  if (code === "EACCES" || code === "EPERM") return `${target}: permission denied; check the file's permissions.`;
  if (code === "EISDIR") return `${target}: is a directory; name a file.`;
  if (code === "ENOTDIR") return `${target}: a part of this path is a file, not a directory; check the path.`;
  if (code === "EROFS") return `${target}: the file system is read-only.`;
  return `${target}: cannot be read (${code ?? (error as Error).message}).`;
}

/** Options of `collectInputs`. */
export interface CollectOptions {
  /** Extensions a directory walk picks up. Default [".json"]. */
  extensions?: readonly string[];
  /** Extra ignore globs (on top of DEFAULT_IGNORES for directory walks). */
  ignore?: readonly string[];
  stdin?: NodeJS.ReadableStream;
  cwd?: string;
  /** Largest input read, stdin included. Default DEFAULT_MAX_FILE_BYTES (256 MiB). */
  maxBytes?: number;
}

/**
 * Resolves arguments in order: `-` reads stdin, a directory is walked for pathway files, a glob is expanded, anything
 * else is read as a file. Problems become inputs with an `error`, so the other inputs are still processed.
 */
export async function collectInputs(args: readonly string[], options: CollectOptions = {}): Promise<Input[]> {
  const cwd = options.cwd ?? process.cwd();
  const extensions = options.extensions ?? [".json"];
  const ignore = [...DEFAULT_IGNORES, ...(options.ignore ?? [])];
  const inputs: Input[] = [];
  const seen = new Set<string>();
  const add = async (file: string) => {
    const key = path.resolve(cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    try {
      inputs.push({ path: file, bytes: await readFileBounded(key, options.maxBytes) });
    } catch (error) {
      inputs.push({ path: file, error: describeFsError(error, file) });
    }
  };
  for (const arg of args) {
    if (arg === "-") {
      try {
        inputs.push({ path: "<stdin>", bytes: await readStreamBounded(options.stdin ?? process.stdin, options.maxBytes) });
      } catch (error) {
        inputs.push({ path: "<stdin>", error: describeFsError(error, "<stdin>") });
      }
      continue;
    }
    let isDirectory = false;
    try {
      isDirectory = (await stat(path.resolve(cwd, arg))).isDirectory();
    } catch {
      // Not an existing path: maybe a glob, else reported as missing below.
    }
    if (isDirectory || isDynamicPattern(arg)) {
      const patterns = isDirectory ? extensions.map((ext) => `${arg.replace(/\/+$/, "")}/**/*${ext}`) : [arg];
      const files = (await glob(patterns, { cwd, ignore: isDirectory ? ignore : (options.ignore ?? []) as string[], dot: false })).sort();
      if (files.length === 0) {
        inputs.push({
          path: arg,
          error: isDirectory
            ? `${arg}: no pathway files (${extensions.join(", ")}) in this directory; name files directly or check the path.`
            : `${arg}: the pattern matches no files; check the glob (quote it so the shell does not expand it).`,
        });
      }
      for (const file of files) await add(file);
      continue;
    }
    await add(arg);
  }
  return inputs;
}
