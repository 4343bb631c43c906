// `pathway push`: flags -> planPush -> the diff -> push -> report (text or JSON) -> exit code.
import { toJsonText } from "../../escape/json.js";
import type { Command } from "commander";
import { isEngineError, toErrorObject } from "../../host/errors.js";
import { planPush, push, type PushFailure } from "../../engine/release/push.js";
import { pushDraft } from "../../engine/release/push-draft.js";
import { EXIT, ExitError } from "../exit.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { diffFormatters } from "../../format/diff-formatters.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { useReportColor, writeOutput } from "../output.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface PushFlags extends RemoteFlags {
  /** --pathway-id, or its first spelling --id. */
  pathwayId?: string;
  force?: boolean;
  dryRun?: boolean;
  validate: boolean;
  draft?: boolean;
  name?: string;
  newVersion?: boolean;
  format: string;
  output?: string;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("push")
      .description(
        "upload a pathway file: replace the live pathway (POST /v1/pathway/{id}, diff shown first), or with --draft save it as a version callers do not reach yet",
      )
      .argument("<file>", "the pathway file to upload"),
  )
    .addOption(option("pathwayId", { default: "the file's entry in pathwaykit.manifest.json, where push records it" }))
    .addOption(option("id"))
    .addOption(option("draft"))
    .addOption(option("name"))
    .addOption(option("newVersion"))
    .addOption(option("force", { does: "push even if the remote (or, with --draft, the draft version) changed since it was fetched or pushed" }))
    .addOption(option("dryRun", { does: "show the diff and what would be sent" }))
    .addOption(option("validate"))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Without --draft, push REPLACES THE LIVE PATHWAY: callers reach the new content at once. With --draft it uploads
the file as a saved version instead (POST /v1/pathway/{id}/version), prints its number and records it, with the
hash of what was sent, as the file's draft in pathwaykit.manifest.json; production is not touched. A later
push --draft updates that same version (POST /v1/pathway/{id}/version/{n}) after reading it back: if it changed
on the service since (its content no longer has the recorded hash), push refuses (--force overwrites it;
--new-version starts another version). Test the draft with \`pathway test <scenarios> --live --pathway-version draft\`,
promote it with \`pathway publish <file>\`.

Before sending, push reads the remote pathway and compares its hash with the one pathwaykit.manifest.json
recorded when the file was fetched: if someone edited the pathway in the web editor since, push refuses (use
--force to overwrite their changes). Edge labels are always sent at the top level, where the service reads them
(a label only under data.label is copied), so a fetched pathway never loses its labels on upload. Only name,
description, nodes and edges are sent, and only they are compared: other top-level fields (such as $schema) stay
local. With --format json, an error is printed as {"file", "id", "ok": false, "pushed": false, "error": {"code", "message", "reason"}}.

Exit codes: 0 pushed (or nothing to push, or --dry-run), 1 refused (remote or draft changed, a 409 stale
revision, or validation errors), 2 usage, read or network error, or a recorded draft the service no longer has.

Examples:
  $ pathway push pathways/support.json --dry-run
  $ pathway push pathways/support.json --pathway-id 1b2c3d4e
  $ pathway push pathways/support.json --force
  $ pathway push pathways/support.json --draft --name "release 12"
  $ pathway push pathways/support.json --draft --new-version --format json`,
    )
    .action(async (file: string, flags: PushFlags) => {
      const options = { ...toRemoteOptions(flags, io), id: flags.pathwayId, force: flags.force, validate: flags.validate };
      if (!flags.draft && (flags.name !== undefined || flags.newVersion))
        throw new ExitError(EXIT.failure, `${flags.name !== undefined ? "--name" : "--new-version"} applies to draft versions: add --draft.`);
      const warn = (m: string) => io.stderr.write(`pathway: warning: ${escapeTerminalText(m)}\n`);
      try {
        if (flags.draft) {
          const report = await pushDraft(io.host, file, { ...options, name: flags.name, newVersion: flags.newVersion, dryRun: flags.dryRun, warn });
          await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(report) : `${escapeTerminalText(report.reason)}\n`);
          io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
          return;
        }
        const plan = await planPush(io.host, file, options);
        let text = "";
        if (flags.format === "text") {
          const color = useReportColor(flags.color, flags.output, io);
          text = diffFormatters.text!(
            { diff: plan.report.diff, before: plan.remoteSent, after: plan.localSent, labelA: `remote:${plan.report.id}`, labelB: file },
            { color },
          );
        }
        const report = await push(io.host, plan, { force: flags.force, dryRun: flags.dryRun, warn });
        text += flags.format === "json" ? toJsonText(report) : report.reason ? `${escapeTerminalText(report.reason)}\n` : "";
        await writeOutput(io, flags.output, text);
        io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
      } catch (error) {
        if (flags.format !== "json" || !isEngineError(error)) throw error;
        const id = flags.pathwayId ?? error.details.id;
        // The human message goes to stderr as in every other failure; stdout (or -o) holds the JSON document.
        io.stderr.write(`pathway: ${escapeTerminalText(error.message)}\n`);
        const failure: PushFailure = { file, ...(id ? { id } : {}), ok: false, pushed: false, error: toErrorObject(error) };
        await writeOutput(io, flags.output, toJsonText(failure));
        io.setExitCode(error.kind === "refused" || error.kind === "findings" ? EXIT.findings : EXIT.failure);
      }
    });
}
