// The real path of a file that may not exist yet: symbolic links resolved in its nearest existing folder.
import path from "node:path";
import type { Host } from "./host.js";

/**
 * `file` (absolute) with every symbolic link resolved: its own real path, or its nearest existing ancestor's with the
 * rest appended (an output folder is often created by the write). Unchanged on a host without links (in memory).
 */
export async function toRealPath(host: Pick<Host, "realPath">, file: string): Promise<string> {
  if (!host.realPath) return file;
  const rest: string[] = [];
  for (let current = file; ; ) {
    const real = await host.realPath(current);
    if (real !== undefined) return path.join(real, ...rest.reverse());
    const parent = path.dirname(current);
    if (parent === current) return file;
    rest.push(path.basename(current));
    current = parent;
  }
}
