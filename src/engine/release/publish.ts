// `publishVersion`: promotes a saved version to production or staging, only when it is the local file (read back and hashed) and, if asked, its scenarios pass live.
import path from "node:path";
import type { Environment, PathwayClient } from "../../remote/index.js";
import { EngineError } from "../../host/errors.js";
import { toNounForm } from "../../escape/count.js";
import type { Host } from "../../host/host.js";
import { resolveVersion, type ResolvedVersion } from "../project/live-version.js";
import { MANIFEST_FILE, saveManifest, setEntry, type LoadedManifest } from "../project/manifest.js";
import type { ProgressEvent } from "../progress.js";
import { resolveReleaseTarget, type ReleaseTarget } from "../project/release-target.js";
import { createClient, loadRemote, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { runScenarioFiles } from "../scenarios/run-scenarios.js";

/** Options of `publishVersion`; all optional. */
export interface PublishOptions extends RemoteOptions {
  /** The remote pathway of a file that pathwaykit.manifest.json does not track (`--pathway-id`). Default: the file's entry. */
  id?: string;
  /** The version to promote. Default "draft": the file's draft in the manifest. */
  pathwayVersion?: number | "draft";
  /** Default "production". */
  environment?: Environment;
  /** Scenario files, directories or globs to run live against the version first; it is promoted only when all pass. */
  requirePass?: readonly string[];
  /** With requirePass: runs of each scenario, and the pass rate a repeated one needs (0..1). */
  repeat?: number;
  minPassRate?: number;
  /** Promote even when the version differs from the local file (or changed since it was pushed or tested). */
  force?: boolean;
  /** Read and compare; run nothing, promote nothing. */
  dryRun?: boolean;
  /** Told as each scenario finishes. */
  onTestProgress?: (event: ProgressEvent) => void;
  /** Told when the promotion worked but could not be recorded in the manifest. */
  warn?: (message: string) => void;
}

/** What `publish --format json` prints. `ok` false: refused, or the scenarios did not pass (nothing was promoted). */
export interface PublishReport {
  id: string;
  file?: string;
  version: number;
  environment: Environment;
  ok: boolean;
  published: boolean;
  dryRun: boolean;
  /** `sha256:` of the version's content as read back, and of the local file's. */
  hash: string;
  localHash?: string;
  /** With requirePass: the live run's totals. */
  tests?: { total: number; passed: number; failed: number; errors: number };
  reason: string;
}

/** The pathway as the user named it on the command line, for the commands a message suggests: the argument, and --pathway-id with it. */
export function toArgument(arg: string, id: string | undefined): string {
  return id === undefined ? arg : `${arg} --pathway-id ${id}`;
}

/**
 * A promotion the service accepted, recorded for rollback (the newest 20 are kept); a published draft is no longer the
 * draft. `replaced` is the version the service reported in that environment just before (production_version_number):
 * when the record does not end with it (a first publish, or a promotion made elsewhere), it is recorded first, without
 * a hash (nothing here saw what it held), so that rollback can go back to it.
 */
export async function recordRelease(
  host: Host,
  target: ReleaseTarget,
  manifest: LoadedManifest,
  release: { version: number; environment: Environment; hash: string },
  warn?: (m: string) => void,
  replaced?: number,
): Promise<void> {
  const entry = target.entry;
  if (!entry) return;
  const at = host.now().toISOString();
  const recorded = entry.releases ?? [];
  const last = recorded.filter((r) => r.environment === release.environment).at(-1);
  const before =
    replaced !== undefined && replaced !== release.version && last?.version !== replaced ? [{ version: replaced, environment: release.environment, at }] : [];
  const releases = [...recorded, ...before, { ...release, at }].slice(-20);
  const { draft, ...rest } = entry;
  // The next push --draft must not edit a version callers now reach: it starts a new one.
  const keepDraft = draft && !(draft.version === release.version && release.environment === "production");
  setEntry(manifest, { ...rest, ...(keepDraft && { draft }), releases });
  try {
    await saveManifest(host, manifest);
  } catch (error) {
    warn?.(`version ${release.version} was promoted, but ${MANIFEST_FILE} could not be written (${(error as Error).message}); rollback will need --to.`);
  }
}

/**
 * The version the service says is in `environment` now (production_version_number of GET /v1/pathway/{id}, seen in
 * real exports; staging's only when it says), read just before a promotion replaces it; undefined when it does not say.
 */
export async function readReleasedVersion(
  client: PathwayClient,
  id: string,
  environment: Environment,
  warn?: (m: string) => void,
): Promise<number | undefined> {
  const { toReleaseMarkers } = await loadRemote();
  try {
    return toReleaseMarkers((await client.getPathway(id, { endpoint: "pathway" })).pathway)[environment];
  } catch (error) {
    warn?.(
      `could not read which version of pathway ${id} is in ${environment} before promoting (${(error as Error).message}); a rollback of this promotion may need --to.`,
    );
    return undefined;
  }
}

/** Promotes `version` with POST .../publish; a failure says nothing was promoted by this run and how to promote it. */
export async function promote(client: PathwayClient, id: string, version: number, environment: Environment, retry: string, tested?: string): Promise<void> {
  try {
    await client.publishVersion(id, version, environment);
  } catch (error) {
    const engine = await toEngineError(error, { id });
    if (!(engine instanceof EngineError)) throw engine;
    const stands = tested ? ` Version ${version} stands tested (${tested}).` : "";
    throw new EngineError(
      engine.kind,
      `${engine.message} Version ${version} was not promoted to ${environment} by this run.${stands} Promote it with \`${retry}\` (see \`pathway versions ${id}\` for what ${environment} runs now).`,
      engine.reason,
      { id },
    );
  }
}

/**
 * Promotes a version: reads it back and refuses (report.ok false) when its content differs from the local file or
 * from the draft pushed; with `requirePass`, runs those scenarios live against it and promotes only when they pass and
 * the version is unchanged since. Throws EngineError for what stops it (no such version, no draft, the network).
 */
export async function publishVersion(host: Host, arg: string, options: PublishOptions = {}): Promise<PublishReport> {
  const target = await resolveReleaseTarget(host, arg, { idFlag: "--pathway-id", ...(options.id !== undefined && { id: options.id }) });
  const { id, manifest } = target;
  const environment = options.environment ?? "production";
  const spec = options.pathwayVersion ?? "draft";
  const client = await createClient(host, options, manifest);
  const resolved: ResolvedVersion = await resolveVersion(host, client, manifest, id, spec, target.file);
  const version = resolved.send!;
  const hash = resolved.tested.hash;
  const localHash = target.local?.hash;
  const report = (ok: boolean, published: boolean, reason: string, tests?: PublishReport["tests"]): PublishReport => ({
    id,
    ...(target.file !== undefined && { file: target.file }),
    version,
    environment,
    ok,
    published,
    dryRun: options.dryRun === true,
    hash,
    ...(localHash !== undefined && { localHash }),
    ...(tests && { tests }),
    reason,
  });
  const retry = `pathway publish ${toArgument(arg, options.id)} --pathway-version ${version} --environment ${environment}`;
  if (!options.force) {
    if (localHash !== undefined && hash !== localHash) {
      return report(
        false,
        false,
        `Refusing to promote: version ${version} of pathway ${id} is not ${target.file} (remote ${hash}, local ${localHash}); what was tested must be what ships. See \`pathway diff ${target.file} remote:${id}@${version}\`; push it with \`pathway push ${target.file} --draft\`, or pass --force.`,
      );
    }
    if (resolved.warnings.length > 0) return report(false, false, `Refusing to promote: ${resolved.warnings.join(" ")} Pass --force to promote it as it is.`);
  }
  const compared = localHash !== undefined ? `it matches ${target.file}` : "no local file to compare it with";
  if (options.dryRun) {
    const tests = options.requirePass?.length ? `, after running ${options.requirePass.join(" ")} live against it,` : "";
    return report(
      true,
      false,
      `Dry run: would promote version ${version} of pathway ${id} to ${environment}${tests} (${compared}, ${hash}). Nothing was run or promoted.`,
    );
  }
  let tested: string | undefined;
  let totals: PublishReport["tests"];
  if (options.requirePass?.length) {
    const run = await runScenarioFiles(host, options.requirePass, {
      live: true,
      pathwayId: id,
      pathwayVersion: version,
      // A folder of scenarios for several pathways: only this file's run against this version.
      ...(target.file !== undefined && { onlyPathway: path.resolve(host.cwd, target.file) }),
      remote: options,
      ...(options.repeat !== undefined && { repeat: options.repeat }),
      ...(options.minPassRate !== undefined && { minPassRate: options.minPassRate }),
      ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
      ...(options.onTestProgress && { onProgress: options.onTestProgress }),
    });
    const { total, passed, failed, errors } = run.summary;
    totals = { total, passed, failed, errors };
    if (total === 0)
      throw new EngineError(
        "usage",
        `--require-pass ${options.requirePass.join(" ")} names no scenario files${target.file === undefined ? "" : ` of ${target.file}`}; nothing was promoted.`,
        undefined,
        { id },
      );
    if (failed > 0 || errors > 0) {
      const failedNames = run.results.filter((r) => r.status !== "passed").map((r) => `${r.file} (${r.status === "error" ? "could not run" : "failed"})`);
      const why = `Not promoted: ${failed + errors} of ${total} ${toNounForm(total, "scenario")} did not pass live against version ${version}: ${failedNames.slice(0, 5).join(", ")}${failedNames.length > 5 ? ", …" : ""}. See them with \`pathway test ${options.requirePass.join(" ")} --live --pathway-version ${version}\`.`;
      if (errors > 0 && failed === 0) throw new EngineError("input", why, "scenarios-could-not-run", { id });
      return report(false, false, why, totals);
    }
    tested = `${passed} of ${total} ${toNounForm(total, "scenario")} passed live`;
    // What ships must be what was tested: someone may have edited the version while the scenarios ran.
    const { getContentHash } = await loadRemote();
    let after: string;
    try {
      after = getContentHash((await client.getVersion(id, version)).pathway);
    } catch (error) {
      const engine = await toEngineError(error, { id });
      throw new EngineError(
        engine instanceof EngineError ? engine.kind : "remote",
        `${(error as Error).message} Nothing was promoted. Version ${version} stands tested (${tested}); promote it with \`${retry}\`.`,
        undefined,
        { id },
      );
    }
    if (after !== hash && !options.force) {
      return report(
        false,
        false,
        `Refusing to promote: version ${version} of pathway ${id} changed on the service while its scenarios ran (tested ${hash}, now ${after}). Push and test again.`,
        totals,
      );
    }
  }
  const replaced = target.entry ? await readReleasedVersion(client, id, environment, options.warn) : undefined;
  await promote(client, id, version, environment, retry, tested);
  await recordRelease(host, target, manifest, { version, environment, hash }, options.warn, replaced);
  return report(true, true, `✔ promoted version ${version} of pathway ${id} to ${environment} (${tested ? `${tested}; ` : ""}${compared}, ${hash}).`, totals);
}
