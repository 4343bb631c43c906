// Which saved version a live run chats with (--pathway-version n|draft|production|staging), and the hash of that version's content.
import path from "node:path";
import type { PathwayClient } from "../../remote/index.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { displayPath } from "./inputs.js";
import { findEntryByFile, MANIFEST_FILE, type LoadedManifest } from "./manifest.js";
import { loadRemote, toEngineError } from "./remote-client.js";
import type { VersionSpec } from "./version-spec.js";

export { parseVersionSpec, type VersionSpec } from "./version-spec.js";

/** The version a run tested, as the report and JUnit properties name it. */
export interface TestedVersion {
  /** What was asked for: a number, `draft`, `production` or `staging`. */
  requested: string;
  /** The version number, when known (production's is unknown when the service does not report it). */
  version?: number;
  /** `sha256:` of the version's content (see getContentHash). */
  hash: string;
}

/** The version a spec names for pathway `id`, read back: its number (to send as pathway_version) and content hash. */
export interface ResolvedVersion {
  tested: TestedVersion;
  /** The number to send as `pathway_version`; undefined for production (the chat's documented default). */
  send?: number;
  /** The content as read back (what a scenario's node ids resolve against remotely). */
  pathway: Record<string, unknown>;
  warnings: string[];
}

/**
 * Resolves `spec` for pathway `id` (tracked by `pathwayFile` in the manifest, for `draft`). Throws EngineError
 * (kind "input", exit 2) for a version the service does not have, a draft the manifest does not record, or a staging
 * version the service does not report (not documented: it is never guessed).
 */
export async function resolveVersion(
  host: Host,
  client: PathwayClient,
  manifest: LoadedManifest,
  id: string,
  spec: VersionSpec,
  pathwayFile?: string,
): Promise<ResolvedVersion> {
  const { getContentHash, toReleaseMarkers } = await loadRemote();
  const warnings: string[] = [];
  let number: number | undefined;
  try {
    if (spec === "draft") {
      const entry =
        pathwayFile === undefined ? manifest.manifest.pathways.find((e) => e.id === id && e.draft) : findEntryByFile(manifest, host.cwd, pathwayFile);
      if (!entry?.draft || entry.id !== id) throw new EngineError("input", describeNoDraft(host, manifest, id, pathwayFile), "no-draft");
      number = entry.draft.version;
      const read = await readVersion(client, id, number, `the draft recorded in ${MANIFEST_FILE} (push a new one with \`pathway push --draft --new-version\`)`);
      const hash = getContentHash(read);
      if (hash !== entry.draft.hash)
        warnings.push(`draft version ${number} of pathway ${id} changed on the service since it was pushed (${hash}, recorded ${entry.draft.hash}).`);
      return { tested: { requested: "draft", version: number, hash }, send: number, pathway: read, warnings };
    }
    if (typeof spec === "number") {
      const read = await readVersion(client, id, spec, `see \`pathway versions ${id}\``);
      return { tested: { requested: String(spec), version: spec, hash: getContentHash(read) }, send: spec, pathway: read, warnings };
    }
    const live = (await client.getPathway(id, { endpoint: "pathway" })).pathway;
    const markers = toReleaseMarkers(live);
    if (spec === "staging") {
      if (markers.staging === undefined)
        throw new EngineError(
          "input",
          `The service does not say which version of pathway ${id} is in staging (not documented); pass --pathway-version <n>.`,
          "staging-unknown",
        );
      const read = await readVersion(client, id, markers.staging, "the service reports it as staging");
      return { tested: { requested: "staging", version: markers.staging, hash: getContentHash(read) }, send: markers.staging, pathway: read, warnings };
    }
    // Production: no pathway_version, as the chat documents; the number only when the service reports it.
    return {
      tested: { requested: "production", ...(markers.production !== undefined && { version: markers.production }), hash: getContentHash(live) },
      pathway: live,
      warnings,
    };
  } catch (error) {
    throw await toEngineError(error, { id });
  }
}

/**
 * Says that the manifest records no draft of pathway `id`, and the push that would make one: of the file named, else of
 * the one file tracking that id, else of a file with --pathway-id.
 */
function describeNoDraft(host: Host, manifest: LoadedManifest, id: string, pathwayFile: string | undefined): string {
  const tracking = manifest.manifest.pathways.filter((e) => e.id === id);
  const file =
    pathwayFile === undefined
      ? tracking.length === 1
        ? displayPath(host.cwd, path.join(manifest.dir, tracking[0]!.file))
        : undefined
      : displayPath(host.cwd, pathwayFile);
  // A file the manifest does not track as `id` needs --pathway-id to push to it.
  const tracked = file !== undefined && (pathwayFile === undefined || findEntryByFile(manifest, host.cwd, pathwayFile)?.id === id);
  const push = file === undefined ? `pathway push <file> --draft --pathway-id ${id}` : `pathway push ${file} --draft${tracked ? "" : ` --pathway-id ${id}`}`;
  const which = pathwayFile === undefined ? `pathway ${id}` : `${displayPath(host.cwd, pathwayFile)} (pathway ${id})`;
  return `${MANIFEST_FILE} records no draft of ${which}: upload one with \`${push}\`, or pass --pathway-version <n>.`;
}

async function readVersion(client: PathwayClient, id: string, n: number, hint: string): Promise<Record<string, unknown>> {
  try {
    return (await client.getVersion(id, n)).pathway;
  } catch (error) {
    if ((error as { kind?: unknown }).kind === "not-found")
      throw new EngineError("input", `Pathway ${id} has no version ${n} on the service (${hint}).`, "version-missing", { id });
    throw error;
  }
}

/** The warning when the version tested is not the local file (node ids and names are still resolved through the file). */
export function describeVersionMismatch(tested: TestedVersion, id: string, shown: string, localHash: string): string | undefined {
  if (tested.hash === localHash) return undefined;
  const name =
    tested.version === undefined ? tested.requested : `version ${tested.version}${tested.requested === String(tested.version) ? "" : ` (${tested.requested})`}`;
  return `${name} of pathway ${id} is not ${shown} (remote ${tested.hash}, local ${localHash}): the live agent runs the remote one; node ids and names are resolved through the local file.`;
}
