// `listMarkedVersions`: a pathway's saved versions with what each is: in production, in staging, the draft, the local file's content.
import type { PathwayVersionInfo } from "../../remote/index.js";
import type { Host } from "../../host/host.js";
import { resolveReleaseTarget } from "../project/release-target.js";
import { createClient, loadRemote, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { mapPool } from "../../host/map-pool.js";

/** A saved version and its marks; a mark is present only when true. */
export interface MarkedVersion extends PathwayVersionInfo {
  production?: true;
  staging?: true;
  draft?: true;
  /** Its content equals the local file's (see getContentHash). */
  matchesLocal?: true;
}

/** What `pathway versions --format json` prints. */
export interface VersionsReport {
  id: string;
  versions: MarkedVersion[];
  /** The version in production and in staging as the service reports them; "unknown" when it does not say. */
  production: number | "unknown";
  staging: number | "unknown";
  /** The draft recorded in the manifest, if any. */
  draft?: number;
  /** With a file: its content hash, and the newest versions that were not compared (beyond `limit`, or unreadable). */
  local?: { file: string; hash: string; notCompared: number[] };
}

/**
 * Lists the versions of the pathway `arg` names (an id, `remote:<id>`, or a tracked file) and marks them: production
 * and staging from GET /v1/pathway/{id} (`production_version_number`, and `staging_version_number` when the service
 * reports it; else "unknown", never a guess), the manifest's draft, and, for a file, which of the newest `limit`
 * versions hold its content. Throws EngineError.
 */
export async function listMarkedVersions(host: Host, arg: string, options: RemoteOptions & { limit?: number; id?: string } = {}): Promise<VersionsReport> {
  const target = await resolveReleaseTarget(host, arg, { lenient: true, idFlag: "--pathway-id", ...(options.id !== undefined && { id: options.id }) });
  const { id } = target;
  const client = await createClient(host, options, target.manifest);
  const { getContentHash, toReleaseMarkers } = await loadRemote();
  try {
    const [list, live] = await Promise.all([client.listVersions(id), client.getPathway(id, { endpoint: "pathway" })]);
    const markers = toReleaseMarkers(live.pathway);
    const draft = target.entry?.draft?.version;
    const matches = new Set<number>();
    const notCompared: number[] = [];
    if (target.local) {
      const window = list.slice(-(options.limit ?? 20));
      notCompared.push(...list.slice(0, list.length - window.length).map((v) => v.version));
      await mapPool(window, options.concurrency ?? 4, async (v) => {
        try {
          if (getContentHash((await client.getVersion(id, v.version)).pathway) === target.local!.hash) matches.add(v.version);
        } catch (error) {
          if ((error as { kind?: unknown }).kind === "unauthorized") throw error;
          notCompared.push(v.version);
        }
      });
    }
    const versions = list.map(
      (v): MarkedVersion => ({
        ...v,
        ...(markers.production === v.version && { production: true }),
        ...(markers.staging === v.version && { staging: true }),
        ...(draft === v.version && { draft: true }),
        ...(matches.has(v.version) && { matchesLocal: true }),
      }),
    );
    return {
      id,
      versions,
      production: markers.production ?? "unknown",
      staging: markers.staging ?? "unknown",
      ...(draft !== undefined && { draft }),
      ...(target.local &&
        target.file !== undefined && { local: { file: target.file, hash: target.local.hash, notCompared: notCompared.sort((a, b) => a - b) } }),
    };
  } catch (error) {
    throw await toEngineError(error, { id });
  }
}
