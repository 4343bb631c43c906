// `pathway push`: uploads a pathway file to the service after showing the diff, refusing when the remote changed since the last fetch.
import { Option, type Command } from "commander";
import type { PushBody } from "../../remote/index.js";
import { EXIT, ExitError } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { findEntryByFile, loadManifest, saveManifest, setEntry, toManifestPath } from "../manifest.js";
import { readPathwayFile } from "./diff.js";
import { addRemoteOptions, createClientFromFlags, toEndpoint, toExitError, type RemoteFlags } from "./fetch.js";

interface PushFlags extends RemoteFlags {
  id?: string;
  force?: boolean;
  dryRun?: boolean;
  validate: boolean;
  format: string;
  color?: boolean;
}

/** What `push --format json` prints when push ran: `ok` is false when it refused (exit 1). */
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
  diff: unknown;
}

/** What `push --format json` prints when push stopped with an error (exit 1 or 2), like fetch's `{ok: false, error}`. */
export interface PushFailure {
  file: string;
  id?: string;
  ok: false;
  pushed: false;
  /** `kind` is a RemoteError kind, or usage, validation, refused or input (the file or manifest). */
  error: { kind: string; message: string };
}

/** An ExitError with a kind for `--format json`. */
class PushError extends ExitError {
  constructor(
    code: number,
    readonly kind: string,
    message: string,
  ) {
    super(code, message);
  }
}

/**
 * The parts of a pathway that push sends, as the save endpoint would read them (labels lifted to the top level).
 * Push diffs these, so fields it never sends (such as `$schema`) never count as something to push.
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

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("push")
      .description("upload a pathway file to the service (POST /v1/pathway/{id}), showing the diff first")
      .argument("<file>", "the pathway file to upload"),
  )
    .option("--id <id>", "remote pathway id (default: the file's entry in pathwaykit.manifest.json)")
    .option("--force", "push even if the remote changed since the last fetch (or was never fetched)")
    .option("--dry-run", "show the diff and what would be sent; change nothing")
    .option("--no-validate", "push even when `pathway validate` finds errors")
    .addOption(new Option("-f, --format <name>", "output format").choices(["text", "json"]).default("text"))
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .addHelpText(
      "after",
      `
Before sending, push reads the remote pathway and compares its hash with the one pathwaykit.manifest.json
recorded when the file was fetched: if someone edited the pathway in the web editor since, push refuses (use
--force to overwrite their changes). Edge labels are always sent at the top level, where the service reads them
(a label only under data.label is copied), so a fetched pathway never loses its labels on upload. Only name,
description, nodes and edges are sent, and only they are compared: other top-level fields (such as $schema) stay
local. With --format json, an error is printed as {"ok": false, "error": {"kind", "message"}}.

Exit codes: 0 pushed (or nothing to push, or --dry-run), 1 refused (remote changed, or validation errors),
2 usage, read or network error.

Examples:
  $ pathway push pathways/support.json --dry-run
  $ pathway push pathways/support.json --id 1b2c3d4e
  $ pathway push pathways/support.json --force`,
    )
    .action(async (file: string, flags: PushFlags) => {
      const target: { id?: string } = {};
      try {
        await runPush(io, file, flags, target);
      } catch (error) {
        const exit = await toExitError(error);
        if (flags.format !== "json" || !(exit instanceof ExitError)) throw exit;
        const { RemoteError } = await import("../../remote/index.js");
        const kind = error instanceof RemoteError ? error.kind : error instanceof PushError ? error.kind : "input";
        const failure: PushFailure = { file, ...(target.id ? { id: target.id } : {}), ok: false, pushed: false, error: { kind, message: exit.message } };
        io.stdout.write(JSON.stringify(failure, null, 2) + "\n");
        io.setExitCode(exit.code);
      }
    });
}

/** Reads, checks, diffs and (unless refused or a dry run) uploads; `target.id` is set once the pathway id is known. */
async function runPush(io: CliIo, file: string, flags: PushFlags, target: { id?: string }): Promise<void> {
  const endpointFlag = toEndpoint(flags.endpoint);
  const { bytes, value } = await readPathwayFile(io, file);
  const loaded = await loadManifest(io.cwd);
  const entry = findEntryByFile(loaded, io.cwd, file);
  const id = flags.id ?? entry?.id;
  target.id = id;
  if (!id) throw new PushError(EXIT.failure, "usage", `${file}: which pathway? Pass --id <pathway id> (the file has no entry in pathwaykit.manifest.json).`);
  if (entry && flags.id && entry.id !== flags.id && !flags.force) {
    throw new PushError(EXIT.findings, "refused", `${file} was fetched from pathway ${entry.id}, not ${flags.id}; pass --force to push it to ${flags.id} anyway.`);
  }
  if (flags.validate) {
    const { validatePathway } = await import("../../validate/index.js");
    const errors = validatePathway(bytes).diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) {
      const first = errors[0]!;
      throw new PushError(
        EXIT.findings,
        "validation",
        `${file}: ${errors.length} validation error${errors.length === 1 ? "" : "s"} (first: ${first.message}); nothing was pushed. Run \`pathway validate ${file}\`, or pass --no-validate.`,
      );
    }
  }
  const { isObject } = await import("../../model/index.js");
  if (!isObject(value)) throw new ExitError(EXIT.failure, `${file}: not a pathway object.`);
  const client = await createClientFromFlags(flags, io, loaded);
  const endpoint = endpointFlag ?? (entry?.id === id ? entry.endpoint : undefined) ?? "convo";
  const { getPathwayDiff } = await import("../../diff/index.js");
  const { toPushBody } = await import("../../remote/index.js");
  const { diffFormatters } = await import("../../format/diff-formatters.js");
  const remote = await client.getPathway(id, { endpoint });
  const { body, liftedLabels } = toPushBody(value);
  const remoteSent = toSentView(toPushBody(remote.pathway).body);
  const localSent = toSentView(body);
  const diff = getPathwayDiff(remoteSent, localSent);
  const known = entry?.id === id ? entry.hash : undefined;
  const report: PushReport = { file, id, ok: true, pushed: false, dryRun: flags.dryRun === true, liftedLabels, remoteHash: remote.hash, diff };
  const print = () => {
    if (flags.format === "json") io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else if (report.reason) io.stdout.write(report.reason + "\n");
  };
  if (flags.format === "text") {
    io.stdout.write(diffFormatters.text!({ diff, before: remoteSent, after: localSent, labelA: `remote:${id}`, labelB: file }, { color: useColor(flags.color, io) }));
  }
  if (!flags.force) {
    if (known === undefined) {
      report.reason = `Refusing to push: there is no record of which version of pathway ${id} ${file} was fetched from, so remote edits could be overwritten. Compare first with \`pathway diff ${file} remote:${id}\`; to work from their version, save it beside yours with \`pathway fetch ${id} -o ${toBesideName(file)} --no-manifest\` and bring your edits into it; when ${file} holds everything that should stay, pass --force.`;
    } else if (known !== remote.hash) {
      report.reason = `Refusing to push: pathway ${id} changed on the service since ${file} was fetched${entry?.fetchedAt ? ` (${entry.fetchedAt})` : ""}, and pushing would discard their changes. See them with \`pathway diff ${file} remote:${id}\`; save their version beside yours with \`pathway fetch ${id} -o ${toBesideName(file)} --no-manifest\`, bring their changes into ${file}, then push with --force. (--force alone overwrites their changes; \`pathway fetch --force\` discards yours.)`;
    }
    if (report.reason) {
      report.ok = false;
      print();
      io.setExitCode(EXIT.findings);
      return;
    }
  }
  if (diff.equal && !flags.force) {
    report.reason = `Nothing to push: remote:${id} already matches ${file}.`;
    print();
    return;
  }
  if (flags.dryRun) {
    report.reason = `Dry run: would POST ${body.nodes.length} nodes and ${body.edges.length} edges to pathway ${id}${liftedLabels ? ` (${liftedLabels} edge label${liftedLabels === 1 ? "" : "s"} copied from data.label to label)` : ""}; nothing was sent.`;
    print();
    return;
  }
  await client.updatePathway(id, value);
  report.pushed = true;
  // Record the version now on the service, so the next push can tell whether anyone changed it since.
  let after: string | undefined;
  try {
    after = (await client.getPathway(id, { endpoint })).hash;
  } catch (error) {
    io.stderr.write(`pathway: warning: pushed, but could not read pathway ${id} back (${(await toExitError(error) as Error).message}); run \`pathway fetch ${id}\` before the next push.\n`);
  }
  // The file's own hash too: what the service stores may differ (labels copied to data.label), and the next fetch must
  // still see this file as unedited.
  const { getFileContentHash } = await import("../../engine/local-edits.js");
  const fileHash = getFileContentHash(bytes);
  setEntry(loaded, {
    file: toManifestPath(loaded, io.cwd, file),
    id,
    endpoint,
    ...(after ? { hash: after, fetchedAt: new Date().toISOString() } : {}),
    ...(fileHash && fileHash !== after ? { fileHash } : {}),
  });
  await saveManifest(loaded);
  report.reason = `✔ pushed ${file} to pathway ${id}${liftedLabels ? ` (${liftedLabels} edge label${liftedLabels === 1 ? "" : "s"} copied from data.label to label)` : ""}.`;
  print();
}
