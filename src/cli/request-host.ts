// Loads the pathways that request files use, for `check-request` and `lint`: files, `remote:<id>`, and manifest entries by id.
import path from "node:path";
import type { CheckRequestsHost, LoadedRequestPathway, PathwayRef } from "../engine/check-requests.js";
import type { CliIo } from "./io.js";
import { checkPathway, loadPathway } from "./load-pathway.js";
import { fromManifestPath, loadManifest, type LoadedManifest } from "./manifest.js";

/** Options of the host: where relative paths start, and (for remote pathways) the base URL and timeout. */
export interface RequestHostOptions {
  cwd: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** A host (its errors, ExitError or RemoteError, name the file or URL and say what to do) that reads pathway files relative to `cwd`, fetches `remote:<id>` with the API key from the environment, and finds manifest entries. */
export function createRequestHost(io: CliIo, options: RequestHostOptions): CheckRequestsHost {
  let manifest: Promise<LoadedManifest> | undefined;
  // Commands check one file at a time; remember each pathway so a directory of requests loads (or fetches) it once.
  const loads = new Map<string, Promise<LoadedRequestPathway | undefined>>();
  const load = async (ref: PathwayRef): Promise<LoadedRequestPathway | undefined> => {
    if (ref.kind === "file") {
      const loaded = await loadPathway(ref.path, { cwd: options.cwd, stdin: io.stdin });
      return { where: loaded.path, value: loaded.pathway };
    }
    manifest ??= loadManifest(options.cwd);
    const loaded = await manifest;
    if (ref.kind === "manifest") {
      const entry = loaded.manifest.pathways.find((e) => e.id === ref.id);
      if (!entry) return undefined;
      const file = path.relative(options.cwd, fromManifestPath(loaded, entry)) || entry.file;
      const found = await loadPathway(file, { cwd: options.cwd });
      return { where: found.path, value: found.pathway };
    }
    // The remote layer is loaded only when a request names a remote pathway.
    const { createPathwayClient, resolveRemoteSettings } = await import("../remote/index.js");
    const settings = resolveRemoteSettings({ baseUrl: options.baseUrl, env: io.env, configBaseUrl: loaded.manifest.baseUrl });
    const client = createPathwayClient({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, timeoutMs: options.timeoutMs });
    const fetched = await client.getPathway(ref.id);
    const where = `remote:${ref.id}`;
    return { where, value: checkPathway(fetched.pathway, where) };
  };
  return {
    loadPathway(ref) {
      const key = ref.kind === "file" ? `file:${path.resolve(options.cwd, ref.path)}` : `${ref.kind}:${ref.id}`;
      let found = loads.get(key);
      if (!found) {
        found = load(ref);
        loads.set(key, found);
      }
      return found;
    },
  };
}
