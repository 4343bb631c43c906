// `diffVersions` and `checkDrift`: the semantic diff of two pathway versions (files, stdin, remote:<id>), or of every manifest file with its remote.
import path from "node:path";
import type { ChangeKind, DiffOptions, PathwayDiff, VersionsDiff } from "../../diff/index.js";
import { CHANGE_KINDS, filterDiffByKind, getPathwayDiff, isChangeKind } from "../../diff/index.js";
import type { PathwayClient } from "../../remote/index.js";
import { RemoteError } from "../../remote/index.js";
import { EngineError, createErrorObject, isEngineError, toErrorObject, type ErrorObject } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { STDIN } from "../project/inputs.js";
import { requirePathway } from "../project/load-pathway.js";
import { loadManifest, resolveEntryFile, type LoadedManifest } from "../project/manifest.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { mapPool } from "../../host/map-pool.js";
import { maskDiff } from "../../report/mask-diff.js";
import { fetchRemoteRef, withoutVersionBookkeeping } from "../project/remote-pathways.js";
import { parseVersionedId } from "../project/remote-argument.js";

/** `--only`: kind names (comma-separated), checked against the diff layer's list; undefined when not given. */
export async function parseChangeKinds(value: string | undefined): Promise<ChangeKind[] | undefined> {
  if (value === undefined) return undefined;
  const names = value
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = names.filter((k) => !isChangeKind(k));
  if (names.length === 0 || unknown.length > 0)
    throw new EngineError(
      "usage",
      `--only ${JSON.stringify(value)}: unknown kind ${unknown.map((k) => JSON.stringify(k)).join(", ") || "(none given)"}; choose from ${CHANGE_KINDS.join(", ")}.`,
    );
  return names.filter(isChangeKind);
}

/** Options of `diffVersions` and `checkDrift`; all optional. */
export interface DiffVersionsOptions extends RemoteOptions, DiffOptions {
  /** Keep only changes (and likely losses) of these kinds. Default: all. */
  only?: readonly ChangeKind[];
}

/**
 * The diff of two values, filtered to `options.only` when given, with its values masked: every output of it (text,
 * md for a pull-request comment, json, a review page) is shown or stored where a credential must not be.
 */
async function toDiff(a: unknown, b: unknown, options: DiffVersionsOptions): Promise<PathwayDiff> {
  const diff = maskDiff(getPathwayDiff(a, b, options), options);
  return options.only ? filterDiffByKind(diff, options.only) : diff;
}

/** Reads one version named by the user: a file, `-` for stdin, `remote:<id>`, `remote:<id>@<n>` or `remote:<id>@latest`. Empty pathways are versions too. */
async function loadVersion(
  host: Host,
  spec: string,
  loaded: LoadedManifest,
  client: () => Promise<PathwayClient>,
  options: DiffVersionsOptions,
): Promise<unknown> {
  if (!spec.startsWith("remote:")) return (await requirePathway(host, spec, { allowEmpty: true })).pathway;
  const ref = parseVersionedId(spec.slice("remote:".length), spec);
  const known = loaded.manifest.pathways.find((e) => e.id === ref.id);
  try {
    const fetched = await fetchRemoteRef(await client(), ref, options.endpoint ?? known?.endpoint ?? "convo");
    // A saved version carries its number and "latest" flag: bookkeeping, not a change (log leaves it out too).
    return ref.version === undefined ? fetched.pathway : withoutVersionBookkeeping(fetched.pathway);
  } catch (error) {
    throw await toEngineError(error);
  }
}

/** Compares two versions: each a file, `-` (stdin, one side only) or `remote:<id>`. A version that cannot be read throws. */
export async function diffVersions(host: Host, a: string, b: string, options: DiffVersionsOptions = {}): Promise<VersionsDiff> {
  if (a === "-" && b === "-") throw new EngineError("usage", "Only one side can be - (stdin).");
  const loaded = await loadManifest(host);
  let client: Promise<PathwayClient> | undefined;
  const getClient = () => (client ??= createClient(host, options, loaded));
  // Both sides load at once, but a failure is reported for the first side that failed, in argument order.
  const [first, second] = await Promise.allSettled([loadVersion(host, a, loaded, getClient, options), loadVersion(host, b, loaded, getClient, options)]);
  if (first.status === "rejected") throw first.reason;
  if (second.status === "rejected") throw second.reason;
  const diff = await toDiff(first.value, second.value, options);
  return { diff, before: first.value, after: second.value, labelA: a === "-" ? STDIN : a, labelB: b === "-" ? STDIN : b };
}

/** One manifest file's drift, as `diff --check --format json` prints it. */
export interface DriftResult {
  file: string;
  id: string;
  equal?: boolean;
  diff?: PathwayDiff;
  /** Why the file could not be checked: the error object of every `--format json` output. */
  error?: ErrorObject;
}

/** A drift result with the two values compared (for the human formats). */
export interface DriftCheck {
  result: DriftResult;
  local?: unknown;
  remote?: unknown;
}

/**
 * Compares every file in the manifest with its remote pathway. A file or pathway that cannot be read is a result with
 * `error`; no manifest (or an empty one) throws EngineError("usage").
 */
export async function checkDrift(host: Host, options: DiffVersionsOptions = {}): Promise<DriftCheck[]> {
  const loaded = await loadManifest(host);
  if (!loaded.exists || loaded.manifest.pathways.length === 0) {
    throw new EngineError(
      "usage",
      "No pathwaykit.manifest.json with pathways here or above; run `pathway fetch <id> -o <file>` first to record which file holds which pathway.",
    );
  }
  const client = await createClient(host, options, loaded);
  const entries = loaded.manifest.pathways;
  let done = 0;
  return mapPool(entries, options.concurrency ?? 4, async (entry): Promise<DriftCheck> => {
    const resolved = await resolveEntryFile(host, loaded, entry);
    const file = resolved.path === undefined ? entry.file : path.relative(host.cwd, resolved.path) || entry.file;
    try {
      if (resolved.error !== undefined) return { result: { file, id: entry.id, error: createErrorObject("config", resolved.error, "manifest") } };
      const local = (await requirePathway(host, file, { allowEmpty: true })).pathway;
      const remote = await client.getPathway(entry.id, { endpoint: options.endpoint ?? entry.endpoint ?? "convo" });
      const diff = await toDiff(local, remote.pathway, options);
      return { result: { file, id: entry.id, equal: diff.equal, diff }, local, remote: remote.pathway };
    } catch (error) {
      if (error instanceof RemoteError || isEngineError(error)) return { result: { file, id: entry.id, error: toErrorObject(error) } };
      throw error;
    } finally {
      options.onProgress?.({ done: ++done, total: entries.length, detail: entry.file });
    }
  });
}
