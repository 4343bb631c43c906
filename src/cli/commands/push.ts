// `pathway push`: flags -> planPush -> the diff -> push -> report (text or JSON) -> exit code.
import { toJsonText } from "../../escape/json.js";
import type { Command } from "commander";
import { createFormatOption } from "../format-option.js";
import { isEngineError, toErrorObject } from "../../engine/errors.js";
import { planPush, push, type PushFailure } from "../../engine/push.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { diffFormatters } from "../../format/diff-formatters.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { createReportOutputOption, useReportColor, writeOutput } from "../output.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface PushFlags extends RemoteFlags {
  id?: string;
  force?: boolean;
  dryRun?: boolean;
  validate: boolean;
  format: string;
  output?: string;
  color?: boolean;
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
    .addOption(createFormatOption(["text", "json"]))
    .addOption(createReportOutputOption())
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Before sending, push reads the remote pathway and compares its hash with the one pathwaykit.manifest.json
recorded when the file was fetched: if someone edited the pathway in the web editor since, push refuses (use
--force to overwrite their changes). Edge labels are always sent at the top level, where the service reads them
(a label only under data.label is copied), so a fetched pathway never loses its labels on upload. Only name,
description, nodes and edges are sent, and only they are compared: other top-level fields (such as $schema) stay
local. With --format json, an error is printed as {"file", "id", "ok": false, "pushed": false, "error": {"code", "message", "reason"}}.

Exit codes: 0 pushed (or nothing to push, or --dry-run), 1 refused (remote changed, or validation errors),
2 usage, read or network error.

Examples:
  $ pathway push pathways/support.json --dry-run
  $ pathway push pathways/support.json --id 1b2c3d4e
  $ pathway push pathways/support.json --force`,
    )
    .action(async (file: string, flags: PushFlags) => {
      const options = { ...toRemoteOptions(flags, io), id: flags.id, force: flags.force, validate: flags.validate };
      try {
        const plan = await planPush(io.host, file, options);
        let text = "";
        if (flags.format === "text") {
          const color = useReportColor(flags.color, flags.output, io);
          text = diffFormatters.text!({ diff: plan.report.diff, before: plan.remoteSent, after: plan.localSent, labelA: `remote:${plan.report.id}`, labelB: file }, { color });
        }
        const report = await push(io.host, plan, { force: flags.force, dryRun: flags.dryRun, warn: (m) => io.stderr.write(`pathway: warning: ${escapeTerminalText(m)}\n`) });
        text += flags.format === "json" ? toJsonText(report) : report.reason ? escapeTerminalText(report.reason) + "\n" : "";
        await writeOutput(io, flags.output, text);
        io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
      } catch (error) {
        if (flags.format !== "json" || !isEngineError(error)) throw error;
        const id = flags.id ?? error.details.id;
        // The human message goes to stderr as in every other failure; stdout (or -o) holds the JSON document.
        io.stderr.write(`pathway: ${escapeTerminalText(error.message)}\n`);
        const failure: PushFailure = { file, ...(id ? { id } : {}), ok: false, pushed: false, error: toErrorObject(error) };
        await writeOutput(io, flags.output, toJsonText(failure));
        io.setExitCode(error.kind === "refused" || error.kind === "findings" ? EXIT.findings : EXIT.failure);
      }
    });
}
