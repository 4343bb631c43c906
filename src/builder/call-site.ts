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
const FRAME = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?\s*$/;

/**
 * The first stack frame outside the builder in `stack` (defaults to a fresh one), or undefined when none can be read
 * (native frames only, or a loader that does not map code back to files).
 */
export function getCallSite(stack: string | undefined = new Error().stack, internalDir: string = BUILDER_DIR): CallSite | undefined {
  if (!stack) return undefined;
  for (const line of stack.split("\n").slice(1)) {
    const m = FRAME.exec(line.trim());
    if (!m) continue;
    let file = m[1]!;
    if (file.startsWith("node:") || file.startsWith("data:") || file.includes("node_modules")) continue;
    if (file.startsWith("file://")) {
      try {
        file = fileURLToPath(file);
      } catch {
        continue;
      }
    }
    if (path.dirname(file) === internalDir) continue;
    return { file, line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

/** `file:line:column`, the form editors and terminals turn into links. */
export function toCallSiteString(site: CallSite | undefined): string {
  return site ? `${site.file}:${site.line}:${site.column}` : "<unknown location>";
}
