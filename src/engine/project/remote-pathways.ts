// Reads a remote pathway by reference: the live pathway (`remote:<id>`), a saved version (`@<n>`), or the newest one (`@latest`).
import { RemoteError, type FetchedPathway, type PathwayClient, type PathwayEndpoint, type RemoteRef } from "../../remote/index.js";

/** A fetched pathway and the version it is, when a version was asked for. */
export type FetchedRef = FetchedPathway & { version?: number };

/** The number of the newest saved version: the one marked latest, else the highest. Throws RemoteError when there is none. */
export async function getLatestVersion(client: PathwayClient, id: string): Promise<number> {
  const versions = await client.listVersions(id);
  const latest = versions.find((v) => v.isLatest) ?? versions[versions.length - 1];
  if (!latest) throw new RemoteError("not-found", `pathway ${id} has no saved versions; use remote:${id} for the live pathway.`);
  return latest.version;
}

/** Reads what `ref` names; `endpoint` is the read endpoint for the live pathway (versions have their own). Throws RemoteError. */
export async function fetchRemoteRef(client: PathwayClient, ref: RemoteRef, endpoint: PathwayEndpoint): Promise<FetchedRef> {
  if (ref.version === undefined) return client.getPathway(ref.id, { endpoint });
  const version = ref.version === "latest" ? await getLatestVersion(client, ref.id) : ref.version;
  return client.getVersion(ref.id, version);
}

/** The service's per-version bookkeeping, which differs between any two versions and would drown the real changes. */
const BOOKKEEPING = ["version_number", "is_latest", "revision_number", "published_at"];

/** A saved version's pathway without the bookkeeping, for comparing it with another version or a file (log and diff). */
export function withoutVersionBookkeeping(pathway: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...pathway };
  for (const key of BOOKKEEPING) delete copy[key];
  return copy;
}
