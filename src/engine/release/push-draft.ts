// `pushDraft`: uploads a pathway file as a version callers do not reach yet, updating the manifest's draft in place unless someone changed it.
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { findEntryByFile, loadManifest, MANIFEST_FILE, saveManifest, setEntry, type ManifestEntry } from "../project/manifest.js";
import { requirePathway } from "../project/load-pathway.js";
import { refuseInvalid, unknownPushTarget } from "./push.js";
import { resolveReleaseTarget, toRecordedFile } from "../project/release-target.js";
import { createClient, loadRemote, toEngineError, type RemoteOptions } from "../project/remote-client.js";

/** Options of `pushDraft`; all optional. */
export interface DraftPushOptions extends RemoteOptions {
  /** Remote pathway id. Default: the file's entry in pathwaykit.manifest.json. */
  id?: string;
  /** The version's name. Default: the draft's recorded name, else the pathway's `name`. */
  name?: string;
  /** Create another version even when the manifest records a draft. Default false. */
  newVersion?: boolean;
  /** Overwrite the draft even when it changed on the service since it was pushed. Default false. */
  force?: boolean;
  /** Refuse a file with validation errors. Default true. */
  validate?: boolean;
  /** Read and compare, send nothing. Default false. */
  dryRun?: boolean;
  /** Told when the draft was saved but cannot be recorded. */
  warn?: (message: string) => void;
}

/** What `push --draft --format json` prints. `ok` false: refused (the draft changed on the service). */
export interface DraftPushReport {
  file: string;
  id: string;
  ok: boolean;
  pushed: boolean;
  dryRun: boolean;
  /** The draft version (undefined only when a dry run would create one), whether this push created it, and the content hash sent. */
  draft: { version?: number; created: boolean; hash: string; name?: string };
  reason: string;
}

/**
 * Uploads `file` as a draft version: a new one (POST /v1/pathway/{id}/version) when the manifest records none or
 * `newVersion` is set, else the recorded one in place (POST .../version/{n}) after reading it back and checking its
 * content still has the hash recorded when it was pushed. Never touches production. Records the version and the hash
 * of what was sent in the manifest, only after the service accepted it. Throws EngineError for what stops it.
 */
export async function pushDraft(host: Host, file: string, options: DraftPushOptions = {}): Promise<DraftPushReport> {
  const loadedManifest = await loadManifest(host);
  // As a live push says it: push takes a file, so its pathway is named with --pathway-id (never the id in place of the file).
  if (options.id === undefined && !findEntryByFile(loadedManifest, host.cwd, file)) {
    await requirePathway(host, file, { allowEmpty: true });
    throw unknownPushTarget(file);
  }
  const target = await resolveReleaseTarget(host, file, {
    manifest: loadedManifest,
    idFlag: "--pathway-id",
    ...(options.id !== undefined && { id: options.id }),
  });
  const { id, entry, manifest } = target;
  const local = target.local!;
  if (options.id !== undefined && !target.entry && !options.force) {
    const other = manifest.manifest.pathways.find((e) => e.file === toRecordedFile(host, target));
    if (other)
      throw new EngineError("refused", `${file} is tracked as pathway ${other.id}, not ${id}; pass --force to push a draft to ${id} anyway.`, undefined, {
        id,
      });
  }
  if (options.validate !== false) refuseInvalid(file, local.bytes, id);
  const client = await createClient(host, options, manifest);
  const fileName = typeof local.pathway.name === "string" ? local.pathway.name : undefined;
  const draft = options.newVersion ? undefined : entry?.draft;
  const name = options.name ?? draft?.name ?? fileName;
  const report = (ok: boolean, pushed: boolean, version: number | undefined, created: boolean, reason: string): DraftPushReport => ({
    file,
    id,
    ok,
    pushed,
    dryRun: options.dryRun === true,
    draft: { ...(version !== undefined && { version }), created, hash: local.hash, ...(name !== undefined && { name }) },
    reason,
  });
  let version: number;
  let created = false;
  try {
    if (draft) {
      version = draft.version;
      const { getContentHash, toRevisionNumber } = await loadRemote();
      const read = await client.getVersion(id, version).catch(async (error: unknown) => {
        if ((error as { kind?: unknown }).kind !== "not-found") throw error;
        throw new EngineError(
          "input",
          `${MANIFEST_FILE} records version ${version} of pathway ${id} as ${file}'s draft, but the service no longer has it. Pass --new-version to upload a new draft.`,
          "draft-missing",
          { id },
        );
      });
      const now = getContentHash(read.pathway);
      if (now !== draft.hash && !options.force) {
        const reason = `Refusing to push: draft version ${version} of pathway ${id} changed on the service since it was pushed (${now}, recorded ${draft.hash}). See the change with \`pathway diff ${file} remote:${id}@${version}\`; --force overwrites it, --new-version uploads a new draft beside it.`;
        return report(false, false, version, false, reason);
      }
      if (now === local.hash && !options.force)
        return report(true, false, version, false, `Nothing to push: draft version ${version} of pathway ${id} already holds ${file}.`);
      if (options.dryRun)
        return report(
          true,
          false,
          version,
          false,
          `Dry run: would update draft version ${version} of pathway ${id} with ${file}; production is not touched. Nothing was sent.`,
        );
      await client.updateVersion(id, version, local.pathway as Record<string, unknown>, {
        ...(name !== undefined && { name }),
        ...(toRevisionNumber(read.pathway) !== undefined && { revisionNumber: toRevisionNumber(read.pathway) }),
      });
    } else {
      if (options.dryRun)
        return report(
          true,
          false,
          undefined,
          true,
          `Dry run: would upload ${file} as a new version of pathway ${id}; production is not touched. Nothing was sent.`,
        );
      version = (await client.createVersion(id, local.pathway as Record<string, unknown>, name === undefined ? {} : { name })).version;
      created = true;
    }
  } catch (error) {
    if ((error as { kind?: unknown }).kind === "conflict") throw new EngineError("refused", (error as Error).message, "conflict", { id });
    throw await toEngineError(error, { id });
  }
  const recorded = toRecordedFile(host, target);
  if (recorded === undefined)
    options.warn?.(
      `${file} is outside the manifest's folder, so draft version ${version} was not recorded in ${MANIFEST_FILE}; pass --pathway-version ${version} to test or publish it.`,
    );
  else {
    const base: ManifestEntry = entry ?? { file: recorded, id };
    setEntry(manifest, { ...base, draft: { version, hash: local.hash, ...(name !== undefined && { name }), pushedAt: host.now().toISOString() } });
    await saveManifest(host, manifest);
  }
  const verb = created ? `uploaded ${file} as draft version ${version}` : `updated draft version ${version}`;
  return report(
    true,
    true,
    version,
    created,
    `✔ ${verb} of pathway ${id}; production is unchanged. Test it with \`pathway test <scenarios> --live --pathway-version draft\`, promote it with \`pathway publish ${file}\`.`,
  );
}
