// `rollbackVersion`: promotes the version that was in production (or staging) before the current one, or --to <n>, after reading it back.
import type { Environment } from "../../remote/index.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { MANIFEST_FILE } from "../project/manifest.js";
import { promote, recordRelease, toArgument } from "./publish.js";
import { resolveReleaseTarget } from "../project/release-target.js";
import { createClient, loadRemote, toEngineError, type RemoteOptions } from "../project/remote-client.js";

/** Options of `rollbackVersion`; all optional. */
export interface RollbackOptions extends RemoteOptions {
  /** The remote pathway of a file that pathwaykit.manifest.json does not track (`--pathway-id`). Default: the file's entry. */
  id?: string;
  /** The version to promote. Default: the one promoted to `environment` before the current one (from the manifest's record). */
  to?: number;
  /** Default "production". */
  environment?: Environment;
  /** Promote even when the version's content is not what it held when it was promoted. */
  force?: boolean;
  /** Read and compare; promote nothing. */
  dryRun?: boolean;
  warn?: (message: string) => void;
}

/** What `rollback --format json` prints. `ok` false: refused (the version changed since it was promoted). */
export interface RollbackReport {
  id: string;
  file?: string;
  /** The version promoted (or that would be), and the one the record says was current. */
  version: number;
  from?: number;
  environment: Environment;
  ok: boolean;
  published: boolean;
  dryRun: boolean;
  hash: string;
  /** The hash recorded when `version` was last promoted from this project, if it was. */
  recordedHash?: string;
  reason: string;
}

/**
 * Rolls back: works out the previous version (the manifest's record of promotions: the one before the current, where
 * the service's production_version_number, when reported, says which is current), reads it back, refuses when its
 * content is not what it held when it was promoted (unless forced), promotes it and records that. Throws EngineError.
 */
export async function rollbackVersion(host: Host, arg: string, options: RollbackOptions = {}): Promise<RollbackReport> {
  const target = await resolveReleaseTarget(host, arg, { idFlag: "--pathway-id", ...(options.id !== undefined && { id: options.id }) });
  const named = toArgument(arg, options.id);
  const { id, manifest } = target;
  const environment = options.environment ?? "production";
  const client = await createClient(host, options, manifest);
  const { getContentHash, toReleaseMarkers } = await loadRemote();
  const releases = (target.entry?.releases ?? []).filter((r) => r.environment === environment);
  let current: number | undefined;
  let version = options.to;
  try {
    if (environment === "production") current = toReleaseMarkers((await client.getPathway(id, { endpoint: "pathway" })).pathway).production;
  } catch (error) {
    throw await toEngineError(error, { id });
  }
  // What the service reports is recorded as replaced by this rollback, as publish does (see recordRelease).
  const reported = current;
  current ??= releases.at(-1)?.version;
  if (version === undefined) {
    const at = releases.map((r) => r.version).lastIndexOf(current ?? -1);
    const before = releases
      .slice(0, at < 0 ? releases.length : at)
      .reverse()
      .find((r) => r.version !== current);
    if (!before) {
      throw new EngineError(
        "input",
        `${MANIFEST_FILE} has no record of a version of pathway ${id} promoted to ${environment} before ${current === undefined ? "the current one" : `version ${current}`}; pass --to <n> (see \`pathway versions ${named}\`).`,
        "no-previous",
        { id },
      );
    }
    version = before.version;
  }
  let hash: string;
  try {
    hash = getContentHash((await client.getVersion(id, version)).pathway);
  } catch (error) {
    if ((error as { kind?: unknown }).kind === "not-found")
      throw new EngineError("input", `Pathway ${id} has no version ${version} on the service; see \`pathway versions ${named}\`.`, "version-missing", { id });
    throw await toEngineError(error, { id });
  }
  const recordedHash = [...releases].reverse().find((r) => r.version === version)?.hash;
  const report = (ok: boolean, published: boolean, reason: string): RollbackReport => ({
    id,
    ...(target.file !== undefined && { file: target.file }),
    version: version!,
    ...(current !== undefined && { from: current }),
    environment,
    ok,
    published,
    dryRun: options.dryRun === true,
    hash,
    ...(recordedHash !== undefined && { recordedHash }),
    reason,
  });
  if (recordedHash !== undefined && recordedHash !== hash && !options.force) {
    return report(
      false,
      false,
      `Refusing to roll back: version ${version} of pathway ${id} changed since it was promoted (now ${hash}, then ${recordedHash}). See it with \`pathway fetch ${id}@${version} -o -\`; pass --force to promote it as it is.`,
    );
  }
  const checked =
    recordedHash === undefined ? `no record of what it held when promoted; promoting it as it is, ${hash}` : `unchanged since it was promoted, ${hash}`;
  if (options.dryRun)
    return report(
      true,
      false,
      `Dry run: would promote version ${version} of pathway ${id} to ${environment}${current === undefined ? "" : ` in place of version ${current}`} (${checked}). Nothing was promoted.`,
    );
  await promote(client, id, version, environment, `pathway rollback ${named} --to ${version} --environment ${environment}`);
  await recordRelease(host, target, manifest, { version, environment, hash }, options.warn, reported);
  return report(
    true,
    true,
    `✔ rolled ${environment} of pathway ${id} back to version ${version}${current === undefined ? "" : ` from version ${current}`} (${checked}).`,
  );
}
