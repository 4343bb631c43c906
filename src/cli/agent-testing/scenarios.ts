// `pathway scenarios push` and `pathway scenarios pull`: flags -> the engine's push or pull of the service's Agent Testing scenarios -> what was sent or written -> exit code.
import type { Command } from "commander";
import pc from "picocolors";
import type { PushedScenario, PushScenariosReport } from "../../engine/scenarios/server/push-scenarios.js";
import { toJsonText } from "../../escape/json.js";
import { escapeTerminalLine, escapeTerminalText } from "../../escape/terminal.js";
import { EXIT } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { option } from "../options/index.js";
import { writeOutput } from "../output.js";
import { toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface PushFlags extends RemoteFlags {
  required?: boolean;
  dryRun?: boolean;
  force?: boolean;
  format: "text" | "json";
  output?: string;
  color?: boolean;
}

interface PullFlags extends RemoteFlags {
  output: string;
  force?: boolean;
  format: "text" | "json";
  color?: boolean;
}

/** The service's flags a push or pull takes: the API root, timeouts, retries, the answer cap. */
function addServiceOptions(command: Command): Command {
  return command
    .addOption(option("baseUrl"))
    .addOption(option("timeout", { of: "request" }))
    .addOption(option("retries"))
    .addOption(option("maxResponse"));
}

/** One scenario's lines of the push report, terminal-safe. */
function toPushLines(s: PushedScenario, c: ReturnType<typeof pc.createColors>): string[] {
  const where = (n: { line?: number; column?: number }) => (n.line !== undefined ? `${s.file}:${n.line}:${n.column ?? 1}` : s.file);
  const bad = s.action === "not pushed" || s.action === "refused";
  const verb = bad ? c.red(s.action) : s.action === "unchanged" ? c.dim(s.action) : c.green(s.action);
  const lines = [
    `${verb} ${escapeTerminalLine(s.file)}: ${escapeTerminalLine(JSON.stringify(s.name))}${s.id ? ` (${escapeTerminalLine(s.id)})` : ""}${s.pathwayId ? ` on pathway ${escapeTerminalLine(s.pathwayId)}` : ""}${s.fields?.length ? ` [${s.fields.join(", ")}]` : ""}`,
  ];
  for (const p of s.problems) lines.push(`  ${c.red("problem")} ${escapeTerminalLine(where(p))}: ${escapeTerminalText(p.message)}`);
  if (s.reason) lines.push(`  ${c.red(escapeTerminalText(s.reason))}`);
  for (const n of s.notSent) lines.push(`  ${c.yellow("not sent")} ${escapeTerminalLine(where(n))}: ${escapeTerminalText(n.message)}`);
  if (s.request)
    lines.push(
      `  ${s.request.method} ${escapeTerminalLine(s.request.path)}`,
      ...escapeTerminalText(JSON.stringify(s.request.body, null, 2))
        .split("\n")
        .map((l) => `    ${l}`),
    );
  return lines;
}

/** The push report as text. */
function toPushText(report: PushScenariosReport, color: boolean): string {
  const c = pc.createColors(color);
  const lines = report.scenarios.flatMap((s) => toPushLines(s, c));
  for (const s of [...report.scripted, ...report.skipped]) lines.push(c.dim(`skipped ${escapeTerminalText(s)}`));
  const count = (action: string) => report.scenarios.filter((s) => s.action === action).length;
  const totals = ["created", "updated", "unchanged", "would create", "would update", "refused", "not pushed"]
    .filter((a) => count(a) > 0)
    .map((a) => `${count(a)} ${a}`);
  lines.push("", `${report.ok ? c.green("✔") : c.red("✖")} ${totals.join(", ")}${report.dryRun ? " (dry run: nothing was sent)" : ""}`);
  return `${lines.join("\n")}\n`;
}

/** Registers `pathway scenarios push` and `pathway scenarios pull` under `pathway scenarios`. */
export function registerScenariosServer(scenarios: Command, io: CliIo): void {
  addServiceOptions(
    scenarios
      .command("push")
      .description("create or update one scenario on the service's Agent Testing per persona scenario file (matched by name within its pathway)")
      .argument("<files...>", "persona scenario files, folders or globs (scripted ones are left out)"),
  )
    .addOption(option("required"))
    .addOption(option("dryRun", { does: "read the service and print the request bodies that would be sent" }))
    .addOption(option("force", { does: "replace assertions made on the service that the file cannot hold, instead of refusing" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText("after", PUSH_HELP)
    .action(async (files: string[], flags: PushFlags) => {
      const { pushServerScenarios } = await import("../../engine/scenarios/server/push-scenarios.js"); // why: the agent-testing code loads only here
      const report = await pushServerScenarios(io.host, files, {
        remote: toRemoteOptions(flags, io),
        required: flags.required === true,
        dryRun: flags.dryRun === true,
        force: flags.force === true,
      });
      await writeOutput(
        io,
        flags.output,
        flags.format === "json" ? toJsonText(report) : toPushText(report, flags.output === undefined && useColor(flags.color, io)),
      );
      io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
    });
  addServiceOptions(
    scenarios
      .command("pull")
      .description("write the scenarios made in the service's web page for a pathway as persona scenario files, so that push updates them")
      .argument("<pathway>", "the pathway file, tracked in pathwaykit.manifest.json"),
  )
    .addOption(option("output", { writes: "<name>.scenario.yaml files into this directory", value: "dir", required: true }))
    .addOption(option("force", { does: "overwrite scenario files that already exist" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText("after", PULL_HELP)
    .action(async (pathway: string, flags: PullFlags) => {
      const { pullServerScenarios } = await import("../../engine/scenarios/server/pull-scenarios.js"); // why: the agent-testing code loads only here
      const report = await pullServerScenarios(io.host, pathway, { output: flags.output, force: flags.force === true, remote: toRemoteOptions(flags, io) });
      if (flags.format === "json") io.stdout.write(toJsonText(report));
      else {
        const c = pc.createColors(useColor(flags.color, io));
        for (const w of report.written) {
          io.stdout.write(`${c.green("wrote")} ${escapeTerminalLine(w.file)}: ${escapeTerminalLine(JSON.stringify(w.name))} (${escapeTerminalLine(w.id)})\n`);
          for (const n of w.notWritten) io.stdout.write(`  ${c.yellow("not written")} ${escapeTerminalText(n)}\n`);
        }
        for (const s of report.skipped)
          io.stdout.write(`${c.dim("skipped")} ${escapeTerminalLine(JSON.stringify(s.name))} (${escapeTerminalLine(s.id)}): ${escapeTerminalText(s.reason)}\n`);
        if (report.written.length + report.skipped.length === 0)
          io.stdout.write(`The service holds no scenario for pathway ${escapeTerminalLine(report.pathwayId)}.\n`);
      }
      io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
    });
}

const PUSH_HELP = `
The scenario file is the source of truth. Each persona scenario becomes one scenario of its pathway (the remote id
is the pathway file's entry in pathwaykit.manifest.json): persona as tester_persona_prompt (and _name), max_turns
(default 20, at most 50), request_data, start: as start_node_id, expect.node as NODE_REACHED {node_id} and each
judge as LLM_JUDGE {prompt, output_type: "score", threshold} (0.7 when the judge sets none). Node names are
resolved to ids through the pathway file. What has no documented assertion shape (expect.vars, path, path_contains,
ended, status, transfers) and webhook answers are listed as not sent; \`pathway test\` still checks them here.
The first push creates the scenario (POST /v1/agent-testing/scenarios) and records its id in the manifest, by name;
the next one reads it back and updates in place (PUT) only the fields that differ. An update that would remove
assertions someone added in the web page is refused unless --force. --required marks them as promotion gates.

Exit codes: 0 pushed (or unchanged, or --dry-run), 1 some scenario was not pushed (a problem in the file, a refusal
of the service, or an update refused without --force), 2 usage error, no key, network or service failure.

Examples:
  $ pathway scenarios push personas/ --dry-run
  $ pathway scenarios push personas/ --required
  $ pathway test personas/ --server --pathway-version draft`;

const PULL_HELP = `
Each scenario the service holds for the pathway that no file pushed is written as <name>.scenario.yaml:
tester_persona_prompt (and _name) as persona, max_turns, request_data, start_node_id as start: (the node's name when
it names one node of the file), the first NODE_REACHED as expect.node and each LLM_JUDGE as a judge. Assertions a
file cannot hold are listed in the file's header (a later push refuses to remove them without --force); REPLAY and
HISTORICAL scenarios are skipped. Each file is recorded in the manifest, so \`pathway scenarios push\` updates it.

Exit codes: 0 written (or nothing to write), 1 some scenario could not be written as a file, 2 usage error, an
untracked pathway file, files in the way (without --force), no key, network or service failure.

Examples:
  $ pathway scenarios pull pathways/appointment-booking.json -o personas/booking
  $ pathway scenarios push personas/booking`;
