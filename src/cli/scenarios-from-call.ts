// `pathway scenarios from-call`: flags -> writeCallScenarios -> the files written, and what could not be reconstructed.
import type { Command } from "commander";
import { writeCallScenarios } from "../engine/calls/scenario.js";
import { toJsonText } from "../escape/json.js";
import { escapeTerminalLine } from "../escape/terminal.js";
import { EXIT } from "./exit.js";
import type { CliIo } from "./io.js";
import { option } from "./options/index.js";

interface FromCallFlags {
  pathway: string;
  output: string;
  pathwayId?: string;
  mask: boolean;
  force?: boolean;
  maxFiles: number;
  format: "text" | "json";
}

/** Registers `pathway scenarios from-call` under `pathway scenarios`. */
export function registerScenariosFromCall(scenarios: Command, io: CliIo): void {
  scenarios
    .command("from-call")
    .description("write a scenario from each recorded call: the caller's words as user turns, take: and expect.node along the path it took")
    .argument("<calls...>", "call record files or folders (*.json, *.ndjson, *.jsonl), or - for stdin")
    .addOption(option("pathway", { is: "the calls ran on", required: true }))
    .addOption(option("output", { writes: "call-<call_id>.scenario.yaml files into this directory", value: "dir", required: true }))
    .addOption(option("pathwayId", { so: "calls of other pathways are skipped" }))
    .addOption(option("noMask"))
    .addOption(option("force", { does: "overwrite a call's scenario file that already exists (never another call's)" }))
    .addOption(option("maxFiles"))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addHelpText(
      "after",
      `
Each call is mapped as \`calls stats\` maps it. A turn is written for each node where the caller spoke (their words,
with phone numbers and emails masked), taking the next node of the recorded path, with vars: the values the call
ended with for what that node extracts, and expect.node the node the call waited at next; the end expects the whole
path. Where the call moved on without a caller turn from a node the simulator does not leave by itself, the turn is
written with empty words and listed. Calls that cannot be mapped are skipped, with the reason.

Files are named as \`calls fetch\` names records: a call id of letters, digits and - as it is, any other character
as %XX (a/b -> call-a%2Fb.scenario.yaml), so two calls never share a file. A file already there that was made from
another call (by an older version, which named a/b and a_b alike) is never overwritten, --force or not: the call is
skipped and the message says which file to rename.

Exit codes: 0 written, 1 some calls were skipped or left out past --max-files, or some turns could not be
reconstructed (the rest are written), 2 usage error, an unreadable pathway, or some input not read.

Examples:
  $ pathway scenarios from-call calls/4c150427.json --pathway pathways/appointment-booking.json -o pathways/scenarios/from-calls
  $ pathway test pathways/scenarios/from-calls`,
    )
    .action(async (inputs: string[], flags: FromCallFlags) => {
      const result = await writeCallScenarios(io.host, flags.pathway, inputs, {
        output: flags.output,
        mask: flags.mask,
        force: flags.force === true,
        maxFiles: flags.maxFiles,
        ...(flags.pathwayId ? { pathwayId: flags.pathwayId } : {}),
      });
      if (flags.format === "json") io.stdout.write(toJsonText(result));
      else {
        for (const f of result.files) {
          io.stdout.write(`wrote ${escapeTerminalLine(f.file)}\n`);
          for (const gap of f.gaps) io.stdout.write(`  not reconstructed: ${escapeTerminalLine(gap)}\n`);
          for (const note of f.notes) io.stdout.write(`  ${escapeTerminalLine(note)}\n`);
        }
        for (const s of result.skipped) io.stdout.write(`skipped ${escapeTerminalLine(`${s.callId}: ${s.reason}`)}\n`);
        if (result.leftOut > 0)
          io.stdout.write(
            `left out ${result.leftOut} call${result.leftOut === 1 ? "" : "s"} past --max-files ${flags.maxFiles}: raise it, or pass fewer calls\n`,
          );
        for (const p of result.read.problems)
          io.stdout.write(`not read: ${escapeTerminalLine(`${p.path}${p.line === undefined ? "" : `:${p.line}`}: ${p.message}`)}\n`);
        for (const skipped of result.read.skipped) io.stderr.write(`pathway: ${escapeTerminalLine(skipped)}\n`);
      }
      const incomplete = result.skipped.length > 0 || result.leftOut > 0 || result.files.some((f) => f.gaps.length > 0);
      io.setExitCode(result.read.problemCount > 0 ? EXIT.failure : incomplete ? EXIT.findings : EXIT.ok);
    });
}
