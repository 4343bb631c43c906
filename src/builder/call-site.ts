// Where in the author's TypeScript a node or edge was declared, read from a stack trace taken at declaration time.
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A place in a source file; line and column are 1-based. */
export interface CallSite {
  file: string;
  line: number;
  column: number;
}

/** Frames from the builder itself (this directory, as source or compiled) are skipped: the author wants their own line. */
export const BUILDER_DIR = path.dirname(fileURLToPath(import.meta.url));
/**
 * Both builder folders of this package: run from dist/ with source maps on, frames resolve back to src/builder, so
 * each copy must be skipped whichever one is running.
 */
export const BUILDER_DIRS: readonly string[] = [
  ...new Set([BUILDER_DIR, path.resolve(BUILDER_DIR, "../../src/builder"), path.resolve(BUILDER_DIR, "../../dist/builder")]),
];
const DATA_URL_FRAME = /(?:^at |\()data:/;
const FRAME = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?\s*$/;

/**
 * The first stack frame outside the builder in `stack` (defaults to a fresh one) that names a real file, or undefined
 * when none does (native frames only, or a loader that runs code from a data: URL, as tsx does for a CommonJS module).
 */
export function getCallSite(stack: string | undefined = new Error().stack, internalDirs: string | readonly string[] = BUILDER_DIRS): CallSite | undefined {
  if (!stack) return undefined;
  const internal = typeof internalDirs === "string" ? [internalDirs] : internalDirs;
  for (const line of stack.split("\n").slice(1)) {
    const frame = line.trim();
    // The caller's code runs from a data: URL (tsx does this for a CommonJS module): it has no file, and its positions
    // are in compiled code. Give no site rather than match inside the URL or fall through to the loader's frames.
    if (DATA_URL_FRAME.test(frame)) return undefined;
    const m = FRAME.exec(frame);
    if (!m) continue;
    let file = m[1]!;
    if (file.startsWith("node:") || file.includes("node_modules")) continue;
    if (file.startsWith("file://")) {
      try {
        file = fileURLToPath(file);
      } catch {
        continue;
      }
    }
    if (!path.isAbsolute(file)) continue;
    if (internal.includes(path.dirname(file))) continue;
    return { file, line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

/** `file:line:column`, the form editors and terminals turn into links. */
export function toCallSiteString(site: CallSite | undefined): string {
  return site ? `${site.file}:${site.line}:${site.column}` : "<unknown location>";
}
