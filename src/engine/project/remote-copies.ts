// Lint and validate read remote pathways through a fetched copy: `remote:<id>`, `remote:<id>@<n>`, `remote:<id>@latest` as inputs.
import path from "node:path";
import { toCanonicalJson } from "../../model/canonical.js";
import type { Host } from "../../host/host.js";
import type { RemoteOptions } from "./remote-client.js";
import { createClient, toEngineError } from "./remote-client.js";
import { isRemoteArgument, parseVersionedId } from "./remote-argument.js";

/** True for an input that names a remote pathway rather than a file. */

/**
 * A host on which each `remote:` argument reads as a file holding the remote pathway's canonical JSON (fetched once,
 * in memory; nothing is written), so file operations such as validateFiles and lintFiles take remote versions
 * unchanged and report them under the name the user gave. Returns `host` itself when no argument is remote. Throws
 * EngineError for a malformed reference or a pathway that cannot be read (the message says which).
 */
export async function withRemoteCopies(host: Host, args: readonly string[], options: RemoteOptions = {}): Promise<Host> {
  const remote = args.filter(isRemoteArgument);
  if (remote.length === 0) return host;
  // Loaded only when an input is remote: validate's start-up path must not pay for the manifest and the client.
  const { loadManifest } = await import("./manifest.js"); // why: the manifest's schema is zod
  const { fetchRemoteRef } = await import("./remote-pathways.js"); // why: it imports remote/ (zod, see loadRemote)
  const loaded = await loadManifest(host);
  const client = await createClient(host, options, loaded);
  const copies = new Map<string, Uint8Array>();
  for (const arg of remote) {
    const ref = parseVersionedId(arg.slice("remote:".length), arg);
    const known = loaded.manifest.pathways.find((e) => e.id === ref.id);
    try {
      const fetched = await fetchRemoteRef(client, ref, options.endpoint ?? known?.endpoint ?? "convo");
      copies.set(path.resolve(host.cwd, arg), new TextEncoder().encode(toCanonicalJson(fetched.pathway)));
    } catch (error) {
      throw await toEngineError(error);
    }
  }
  const copyOf = (file: string) => copies.get(path.resolve(host.cwd, file));
  // Only reads change: every other host call (writes, globs, module imports, the clock) goes to the real host.
  return {
    ...host,
    readFile: async (file) => copyOf(file) ?? host.readFile(file),
    stat: async (file) => {
      const copy = copyOf(file);
      return copy ? { kind: "file", size: copy.byteLength } : host.stat(file);
    },
    isGlob: (pattern) => !isRemoteArgument(pattern) && host.isGlob(pattern),
  };
}
