// Where in the author's TypeScript a node or edge was declared, read from a stack trace taken at declaration time.
import { findSourceMap } from "node:module";
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
/** This package's folder: the builder runs from src/builder, dist/builder, or dist/ itself (require()'s builder.cjs). */
const PACKAGE_DIR = BUILDER_DIR.replace(/[\\/](?:src|dist)(?:[\\/](?:builder|bundle))?$/, "");
/**
 * Every folder the builder's code runs from: src/builder, dist/builder (ES modules) and dist/ (the CommonJS copy that
 * require() loads). With source maps on, frames of either compiled copy resolve back to src/builder, so each must be
 * skipped whichever one is running.
 */
export const BUILDER_DIRS: readonly string[] = [
  ...new Set([BUILDER_DIR, path.join(PACKAGE_DIR, "src", "builder"), path.join(PACKAGE_DIR, "dist", "builder"), path.join(PACKAGE_DIR, "dist")]),
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

/** The stack frames V8 hands `Error.prepareStackTrace`, as far as they are read here. */
interface StackFrame {
  getFileName(): string | null | undefined;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
}

type PrepareStackTrace = (error: Error, frames: StackFrame[]) => unknown;

/**
 * Takes the stack now and reads the caller's file and line only when asked (memoised). Taking it is cheap (V8 records
 * the frames; nothing is formatted); formatting with source maps on every builder call cost time in proportion to the
 * module's size each time, so `pathway build` of a large imported pathway took minutes.
 */
export function captureCallSite(internalDirs: readonly string[] = BUILDER_DIRS): () => CallSite | undefined {
  const holder: { stack?: unknown } = {};
  Error.captureStackTrace(holder, captureCallSite);
  let resolved: { site: CallSite | undefined } | undefined;
  return () => (resolved ??= { site: resolveCallSite(holder, internalDirs) }).site;
}

/** Reads the frames `captureCallSite` took and finds the first one outside the builder, in source positions. */
function resolveCallSite(holder: { stack?: unknown }, internalDirs: readonly string[]): CallSite | undefined {
  const errorClass = Error as unknown as { prepareStackTrace?: PrepareStackTrace };
  const formatter = errorClass.prepareStackTrace;
  let frames: unknown;
  errorClass.prepareStackTrace = (_error, structured) => structured;
  try {
    frames = holder.stack;
  } finally {
    errorClass.prepareStackTrace = formatter;
  }
  if (!Array.isArray(frames)) return undefined;
  for (const frame of frames as StackFrame[]) {
    const file = frame.getFileName();
    if (!file) continue;
    const site = locateFrame(frame, file, formatter, internalDirs);
    if (site === "data-url") return undefined;
    if (site) return site;
  }
  return undefined;
}

/**
 * One frame's place in the author's source: through Node's source map for the file when there is one (tsx registers
 * its maps there), else through a formatter the runtime installed (vitest and source-map-support map their own code),
 * else the position as it is. Undefined for a frame that is not the author's (Node, node_modules, the builder).
 */
function locateFrame(
  frame: StackFrame,
  file: string,
  formatter: PrepareStackTrace | undefined,
  internalDirs: readonly string[],
): CallSite | "data-url" | undefined {
  // Code run from a data: URL (tsx does this for a CommonJS module) has no file, and its positions are in compiled
  // code: give no site rather than fall through to the loader's frames.
  if (file.startsWith("data:")) return "data-url";
  if (file.startsWith("node:") || file.includes("node_modules")) return undefined;
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  if (line === null || column === null) return undefined;
  let map: ReturnType<typeof findSourceMap> | undefined;
  try {
    map = findSourceMap(file);
  } catch {
    map = undefined;
  }
  if (map) {
    // Source map lines and columns count from 0, stack frames from 1.
    const entry = map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource !== undefined && entry.originalLine !== undefined && entry.originalColumn !== undefined) {
      return toOwnSite(entry.originalSource, entry.originalLine + 1, entry.originalColumn + 1, internalDirs);
    }
  }
  if (formatter) return getCallSite(String(formatter(new Error(), [frame])), internalDirs);
  return toOwnSite(file, line, column, internalDirs);
}

/** The site at `file` (a path or file: URL) when it is an absolute path outside the builder and node_modules. */
function toOwnSite(file: string, line: number, column: number, internalDirs: readonly string[]): CallSite | undefined {
  let filePath = file;
  if (filePath.startsWith("file://")) {
    try {
      filePath = fileURLToPath(filePath);
    } catch {
      return undefined;
    }
  }
  if (!path.isAbsolute(filePath) || filePath.includes("node_modules") || internalDirs.includes(path.dirname(filePath))) return undefined;
  return { file: filePath, line, column };
}

/** `file:line:column`, the form editors and terminals turn into links. */
export function toCallSiteString(site: CallSite | undefined): string {
  return site ? `${site.file}:${site.line}:${site.column}` : "<unknown location>";
}
