// Checks the paths a tool call names before anything is read: inside the project root by path and by link, never stdin, remote ones only where allowed.
import { resolveGlobInsideRoot, resolveInsideRoot } from "../host/confine-path.js";
import type { Host } from "../host/host.js";
import { ToolRefusal, type ToolContext } from "./tool.js";

const ROOT_NAME = "the project root";

/**
 * Each of `values` (files, folders or globs relative to the project root) checked by the rule of resolveInsideRoot:
 * no `..` out, no absolute path elsewhere, no symbolic link out, no glob whose wildcard part climbs. `remote:<id>`
 * passes only with `allowRemote`. The first refused value throws a ToolRefusal naming the field and why, and nothing
 * is read: the engine never sees the path.
 */
export async function confinePaths(host: Host, values: readonly string[], field: string, options: { allowRemote?: boolean } = {}): Promise<string[]> {
  for (const [i, value] of values.entries()) {
    const where = values.length > 1 ? `${field}[${i}]` : field;
    if (value === "-") throw new ToolRefusal(`${where}: "-" (stdin) carries the protocol's messages here; pass the pathway as \`text\`, or name a file.`);
    if (value.trim() === "")
      throw new ToolRefusal(`${where}: an empty path; name a file or folder inside the project, or leave ${field} out for the whole project.`);
    if (value.startsWith("remote:")) {
      if (options.allowRemote) continue;
      throw new ToolRefusal(
        `${where}: ${JSON.stringify(value)} names a pathway on the service, and this server was started without --allow-remote; name a file inside the project.`,
      );
    }
    const exists = (await host.stat(value)) !== undefined;
    const confined =
      !exists && host.isGlob(value)
        ? await resolveGlobInsideRoot(host, host.cwd, value, { rootName: ROOT_NAME })
        : await resolveInsideRoot(host, host.cwd, value, { rootName: ROOT_NAME });
    if (!confined.ok) throw new ToolRefusal(`${where}: ${JSON.stringify(value)} ${confined.reason}. Nothing was read from it.`);
  }
  return [...values];
}

/** `confinePaths` for one path. */
export async function confinePath(
  context: Pick<ToolContext, "host" | "permissions">,
  value: string,
  field: string,
  options: { remoteAllowed?: boolean } = {},
): Promise<string> {
  const [checked] = await confinePaths(context.host, [value], field, { allowRemote: options.remoteAllowed === true && context.permissions.remote });
  return checked!;
}
