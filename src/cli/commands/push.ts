// `pathway push`: uploads a pathway file to the service after showing the diff, refusing when the remote changed since the last fetch.
import type { Command } from "commander";
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

/** What `push --format json` prints. */
export interface PushReport {
  file: string;
  id: string;
  pushed: boolean;
  dryRun: boolean;
  reason?: string;
  liftedLabels: number;
  remoteHash: string;
  diff: unknown;
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
    .option("--format <format>", "text or json", "text")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .addHelpText(
      "after",
      `
Before sending, push reads the remote pathway and compares its hash with the one pathwaykit.manifest.json
recorded when the file was fetched: if someone edited the pathway in the web editor since, push refuses (use
--force to overwrite their changes). Edge labels are always sent at the top level, where the service reads them
(a label only under data.label is copied), so a fetched pathway never loses its labels on upload.

Exit codes: 0 pushed (or nothing to push, or --dry-run), 1 refused (remote changed, or validation errors),
2 usage, read or network error.

Examples:
  $ pathway push pathways/support.json --dry-run
  $ pathway push pathways/support.json --id 1b2c3d4e
  $ pathway push pathways/support.json --force`,
    )
    .action(async (file: string, flags: PushFlags) => {
      if (flags.format !== "text" && flags.format !== "json") throw new ExitError(EXIT.failure, `--format "${flags.format}": expected text or json.`);
      const endpointFlag = toEndpoint(flags.endpoint);
      const { bytes, value } = await readPathwayFile(io, file);
      const loaded = await loadManifest(io.cwd);
      const entry = findEntryByFile(loaded, io.cwd, file);
      const id = flags.id ?? entry?.id;
      if (!id) throw new ExitError(EXIT.failure, `${file}: which pathway? Pass --id <pathway id> (the file has no entry in pathwaykit.manifest.json).`);
      if (entry && flags.id && entry.id !== flags.id && !flags.force) {
        throw new ExitError(EXIT.findings, `${file} was fetched from pathway ${entry.id}, not ${flags.id}; pass --force to push it to ${flags.id} anyway.`);
      }
      if (flags.validate) {
        const { validatePathway } = await import("../../validate/index.js");
        const errors = validatePathway(bytes).diagnostics.filter((d) => d.severity === "error");
        if (errors.length > 0) {
          const first = errors[0]!;
          throw new ExitError(
            EXIT.findings,
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
      try {
        const remote = await client.getPathway(id, { endpoint });
        const { body, liftedLabels } = toPushBody(value);
        const diff = getPathwayDiff(remote.pathway, value);
        const known = entry?.id === id ? entry.hash : undefined;
        const report: PushReport = { file, id, pushed: false, dryRun: flags.dryRun === true, liftedLabels, remoteHash: remote.hash, diff };
        const print = () => {
          if (flags.format === "json") io.stdout.write(JSON.stringify(report, null, 2) + "\n");
          else if (report.reason) io.stdout.write(report.reason + "\n");
        };
        if (flags.format === "text") {
          io.stdout.write(diffFormatters.text!({ diff, before: remote.pathway, after: value, labelA: `remote:${id}`, labelB: file }, { color: useColor(flags.color, io) }));
        }
        if (!flags.force) {
          if (known === undefined) {
            report.reason = `Refusing to push: there is no record of which version of pathway ${id} ${file} was fetched from, so remote edits could be overwritten. Run \`pathway fetch ${id} -o ${file}\` first (then re-apply your edits), or pass --force.`;
          } else if (known !== remote.hash) {
            report.reason = `Refusing to push: pathway ${id} changed on the service since ${file} was fetched${entry?.fetchedAt ? ` (${entry.fetchedAt})` : ""}. See \`pathway diff ${file} remote:${id}\`; take their version with \`pathway fetch ${id}\`, or pass --force to overwrite it.`;
          }
          if (report.reason) {
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
        setEntry(loaded, { file: toManifestPath(loaded, io.cwd, file), id, endpoint, ...(after ? { hash: after, fetchedAt: new Date().toISOString() } : {}) });
        await saveManifest(loaded);
        report.reason = `✔ pushed ${file} to pathway ${id}${liftedLabels ? ` (${liftedLabels} edge label${liftedLabels === 1 ? "" : "s"} copied from data.label to label)` : ""}.`;
        print();
      } catch (error) {
        throw await toExitError(error);
      }
    });
}
