// `planPush` and `push`: what uploading a pathway file would change, the drift guard that refuses to overwrite remote edits, and the upload.
import type { PathwayDiff } from "../../diff/index.js";
import { getPathwayDiff } from "../../diff/index.js";
import { maskDiff } from "../../report/mask-diff.js";
import type { Pathway } from "../../model/index.js";
import type { PathwayClient, PushBody } from "../../remote/index.js";
import { toPushBody } from "../../remote/index.js";
import { validatePathway } from "../../validate/index.js";
import { toCount } from "../../escape/count.js";
import { EngineError, type ErrorObject } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { requirePathway } from "../project/load-pathway.js";
import { getFileContentHash } from "../project/local-edits.js";
import { assertPathwayId } from "../project/remote-argument.js";
import {
  MANIFEST_FILE,
  findEntryByFile,
  loadManifest,
  saveManifest,
  setEntry,
  toRecordablePath,
  type LoadedManifest,
  type ManifestEntry,
} from "../project/manifest.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";

/** Options of `planPush` and `push`; all optional. */
export interface PushOptions extends RemoteOptions {
  /** Remote pathway id. Default: the file's entry in pathwaykit.manifest.json. */
  id?: string;
  /** Push even if the remote changed since the last fetch (or was never fetched), or the id differs from the manifest's. */
  force?: boolean;
  /** Refuse a file with validation errors. Default true. */
  validate?: boolean;
}

/** What `push --format json` prints: `ok` is false when push refused (the drift guard), `reason` says why or what happened. */
export interface PushReport {
  file: string;
  id: string;
  ok: boolean;
  pushed: boolean;
  dryRun: boolean;
  reason?: string;
  liftedLabels: number;
  remoteHash: string;
  /** The diff of what push sends (name, description, nodes, edges) against the same parts of the remote pathway. */
  diff: PathwayDiff;
}

/** What `push --format json` prints when push stopped with an error, like fetch's `{ok: false, error}`. */
export interface PushFailure {
  file: string;
  id?: string;
  ok: false;
  pushed: false;
  /** The error object of every `--format json` output; `reason` "validation" when the file has validation errors. */
  error: ErrorObject;
}

/** A push worked out but not sent: the report so far, and what `push` needs to send it. */
export interface PushPlan {
  report: PushReport;
  /** The remote's sent parts (before) and the file's (after), for the diff formatters. */
  remoteSent: Record<string, unknown>;
  localSent: Record<string, unknown>;
  /** Why push would refuse (the drift guard), when it would. */
  refusal?: string;
  body: PushBody["body"];
  pathway: Pathway;
  endpoint: "convo" | "pathway";
  client: PathwayClient;
  manifest: LoadedManifest;
  /** Hash of the file's content (see getFileContentHash), recorded after a push so the next fetch sees no local edits. */
  fileHash?: string;
}

/**
 * The parts of a pathway that push sends, as the save endpoint reads them (labels lifted to the top level). Push diffs
 * these, so fields it never sends (such as `$schema`) never count as something to push.
 */
function toSentView(body: PushBody["body"]): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  if (body.name !== undefined) view.name = body.name;
  if (body.description !== undefined) view.description = body.description;
  view.nodes = body.nodes;
  view.edges = body.edges;
  return view;
}

/** Where to save the remote version beside a local file: `support.json` -> `support.remote.json`. */
function toBesideName(file: string): string {
  return /\.json$/i.test(file) ? file.replace(/\.json$/i, ".remote.json") : `${file}.remote.json`;
}

function labels(n: number): string {
  return n ? ` (${toCount(n, "edge label")} copied from data.label to label)` : "";
}

/** Throws EngineError("findings", reason "validation") when the file has validation errors: nothing is pushed. */
export function refuseInvalid(file: string, bytes: Uint8Array, id: string): void {
  const errors = validatePathway(bytes).diagnostics.filter((d) => d.severity === "error");
  if (errors.length === 0) return;
  throw new EngineError(
    "findings",
    `${file}: ${toCount(errors.length, "validation error")} (first: ${errors[0]!.message}); nothing was pushed. Run \`pathway validate ${file}\`, or pass --no-validate.`,
    "validation",
    { id },
  );
}

/** What push (live or --draft) says of a file it cannot tell the pathway of: no --pathway-id, and no entry in the manifest. */
export function unknownPushTarget(file: string): EngineError {
  return new EngineError("usage", `${file}: which pathway? Pass --pathway-id <pathway id> (the file has no entry in pathwaykit.manifest.json).`);
}

/**
 * Reads and checks the file, reads the remote, and works out the diff and whether the drift guard refuses: the remote's
 * hash must equal the one the manifest recorded when the file was fetched. Throws EngineError for what stops it.
 */
export async function planPush(host: Host, file: string, options: PushOptions = {}): Promise<PushPlan> {
  const loadedFile = await requirePathway(host, file, { allowEmpty: true });
  const manifest = await loadManifest(host);
  const entry: ManifestEntry | undefined = findEntryByFile(manifest, host.cwd, file);
  const id = options.id ?? entry?.id;
  if (!id) throw unknownPushTarget(file);
  if (options.id !== undefined) assertPathwayId(options.id, `--pathway-id ${options.id}`);
  if (entry && options.id && entry.id !== options.id && !options.force) {
    throw new EngineError(
      "refused",
      `${file} was fetched from pathway ${entry.id}, not ${options.id}; pass --force to push it to ${options.id} anyway.`,
      undefined,
      { id },
    );
  }
  if (options.validate !== false) refuseInvalid(file, loadedFile.bytes!, id);
  const client = await createClient(host, options, manifest);
  const endpoint = options.endpoint ?? (entry?.id === id ? entry.endpoint : undefined) ?? "convo";
  let remote;
  try {
    remote = await client.getPathway(id, { endpoint });
  } catch (error) {
    throw await toEngineError(error, { id });
  }
  const { body, liftedLabels } = toPushBody(loadedFile.pathway);
  const remoteSent = toSentView(toPushBody(remote.pathway).body);
  const localSent = toSentView(body);
  // Masked: push shows and prints this diff, and a header value or a key in a body must not reach the log.
  const diff = maskDiff(getPathwayDiff(remoteSent, localSent));
  const known = entry?.id === id ? entry.hash : undefined;
  const report: PushReport = { file, id, ok: true, pushed: false, dryRun: false, liftedLabels, remoteHash: remote.hash, diff };
  let refusal: string | undefined;
  if (!options.force) {
    if (known === undefined) {
      refusal = `Refusing to push: there is no record of which version of pathway ${id} ${file} was fetched from, so remote edits could be overwritten. Compare first with \`pathway diff ${file} remote:${id}\`; to work from their version, save it beside yours with \`pathway fetch ${id} -o ${toBesideName(file)} --no-manifest\` and bring your edits into it; when ${file} holds everything that should stay, pass --force.`;
    } else if (known !== remote.hash) {
      refusal = `Refusing to push: pathway ${id} changed on the service since ${file} was fetched${entry?.fetchedAt ? ` (${entry.fetchedAt})` : ""}, and pushing would discard their changes. See them with \`pathway diff ${file} remote:${id}\`; save their version beside yours with \`pathway fetch ${id} -o ${toBesideName(file)} --no-manifest\`, bring their changes into ${file}, then push with --force. (--force alone overwrites their changes; \`pathway fetch --force\` discards yours.)`;
    }
  }
  const fileHash = getFileContentHash(loadedFile.bytes!);
  return {
    report,
    remoteSent,
    localSent,
    ...(refusal !== undefined && { refusal }),
    body,
    pathway: loadedFile.pathway,
    endpoint,
    client,
    manifest,
    ...(fileHash && { fileHash }),
  };
}

/**
 * Carries out a plan: refuses (report.ok false) when the drift guard says so, does nothing when the remote already
 * matches (unless forced) or on a dry run, else uploads and records the new remote hash in the manifest. `warn` is
 * told when the upload worked but the new version could not be read back.
 */
export async function push(
  host: Host,
  plan: PushPlan,
  options: { force?: boolean; dryRun?: boolean; warn?: (message: string) => void } = {},
): Promise<PushReport> {
  const { report, body } = plan;
  report.dryRun = options.dryRun === true;
  if (plan.refusal !== undefined) return { ...report, ok: false, reason: plan.refusal };
  if (report.diff.equal && !options.force) return { ...report, reason: `Nothing to push: remote:${report.id} already matches ${report.file}.` };
  if (options.dryRun) {
    return {
      ...report,
      reason: `Dry run: would POST ${toCount(body.nodes.length, "node")} and ${toCount(body.edges.length, "edge")} to pathway ${report.id}${labels(report.liftedLabels)}; nothing was sent.`,
    };
  }
  try {
    await plan.client.updatePathway(report.id, plan.pathway);
  } catch (error) {
    const engine = await toEngineError(error, { id: report.id });
    // A third-party client reports this endpoint answering 400 and saving through versions instead (not documented).
    if (engine instanceof EngineError && (error as { details?: { status?: number } }).details?.status === 400) {
      throw new EngineError(
        engine.kind,
        `${engine.message} Some accounts save only through versions (not documented): \`pathway push ${report.file} --draft\` uploads the file as a version, and \`pathway publish\` promotes it.`,
        engine.reason,
        engine.details,
      );
    }
    throw engine;
  }
  // Record the version now on the service, so the next push can tell whether anyone changed it since.
  let after: string | undefined;
  try {
    after = (await plan.client.getPathway(report.id, { endpoint: plan.endpoint })).hash;
  } catch (error) {
    options.warn?.(
      `pushed, but could not read pathway ${report.id} back (${(error as Error).message}); run \`pathway fetch ${report.id}\` before the next push.`,
    );
  }
  const recorded = toRecordablePath(plan.manifest, host.cwd, report.file);
  if (recorded === undefined) options.warn?.(`${report.file} is outside the manifest's folder, so it was not recorded in ${MANIFEST_FILE}.`);
  else {
    // The file's own hash too: what the service stores may differ (labels copied to data.label), and the next fetch
    // must still see this file as unedited.
    setEntry(plan.manifest, {
      file: recorded,
      id: report.id,
      endpoint: plan.endpoint,
      ...(after ? { hash: after, fetchedAt: host.now().toISOString() } : {}),
      ...(plan.fileHash && plan.fileHash !== after ? { fileHash: plan.fileHash } : {}),
    });
    await saveManifest(host, plan.manifest);
  }
  return { ...report, pushed: true, reason: `✔ pushed ${report.file} to pathway ${report.id}${labels(report.liftedLabels)}.` };
}
