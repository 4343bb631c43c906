// `pathway usage <pathway>`: flags -> readPathwayUsage (numbers and campaigns that use it, checked) -> text, json or md -> exit code.
import type { Command } from "commander";
import { readPathwayUsage } from "../../../engine/usage/read-usage.js";
import { toJsonText } from "../../../escape/json.js";
import { escapeTerminalText } from "../../../escape/terminal.js";
import { formatUsageMarkdown, formatUsageText } from "../../../format/usage-report.js";
import { EXIT } from "../../exit.js";
import type { CliIo } from "../../io.js";
import { addPathwayCommand } from "../../pathway-command.js";
import { option } from "../../options/index.js";
import { useReportColor, writeOutput } from "../../output.js";
import { createProgressReporter } from "../../progress.js";
import { toRemoteOptions, type RemoteFlags } from "../../remote-options.js";

interface UsageFlags extends RemoteFlags {
  pathwayId?: string;
  campaign?: string[];
  config?: string;
  maxNumbers: number;
  showNumbers?: boolean;
  format: "text" | "json" | "md";
  output?: string;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addPathwayCommand(program, "usage", "list the inbound numbers and campaigns that use a pathway, and check what each supplies against it")
    .addOption(option("campaign"))
    .addOption(option("config", { for: "`campaigns` and the rules' severities" }))
    .addOption(option("maxNumbers"))
    .addOption(option("concurrency", { of: "configurations read" }))
    .addOption(option("showNumbers"))
    .addOption(option("format", { formats: ["text", "json", "md"], note: "md for a pull-request comment" }))
    .addOption(option("output"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Inbound numbers: the list (GET /v1/inbound) carries no pathway_id, so each number's configuration is read
(GET /v1/inbound/{phone_number}), --concurrency at a time, with the usual retries. Campaigns: the API reference lists
no way to find every campaign, so the ids come from --campaign or \`campaigns\` in pathway.config.json; each is read
(POST /v1/campaigns/{id}) and kept when a sequence's pathway[].value is the pathway, with its campaign_state and
curr_seq. Each configuration found is checked as \`pathway check-request\` checks the body that set it, against the
file (or, for an id, the service's pathway): a {{variable}} the pathway reads from request data is always empty on an
inbound number (no request_data; setting pathway_id resets dynamic_data), settings the pathway overrides, the webhook
URL, the voice and the background track. Findings name the number and the place in its configuration as
\`curl .../v1/inbound/{phone_number} | jq .\` prints it. Numbers are masked (+1555***0123) unless --show-numbers is given
and the output is a terminal. PATHWAYKIT_ENCRYPTED_KEY, when set, is sent as encrypted_key (never printed).

Exit codes: 0 read, no errors; 1 errors in what uses the pathway, or some number or campaign not read (the report
says which); 2 usage, config or read error (the list of numbers, the pathway).

Examples:
  $ pathway usage pathways/support.json
  $ pathway usage pw-123 --campaign 6b1d... 9c2e... --format md > usage.md
  $ pathway usage remote:pw-123 --max-numbers 5000 --concurrency 8 --format json`,
    )
    .action(async (arg: string, flags: UsageFlags) => {
      const toTerminal = (flags.output === undefined || flags.output === "-") && io.stdout.isTTY === true;
      if (flags.showNumbers && !toTerminal)
        io.stderr.write("pathway: warning: --show-numbers shows numbers only on a terminal; they stay masked in this output.\n");
      const progress = createProgressReporter(io, "reading numbers");
      const usage = await readPathwayUsage(io.host, arg, {
        ...toRemoteOptions(flags, io),
        ...(flags.pathwayId !== undefined && { id: flags.pathwayId }),
        ...(flags.campaign !== undefined && { campaigns: flags.campaign }),
        ...(flags.config !== undefined && { config: flags.config }),
        maxNumbers: flags.maxNumbers,
        showNumbers: flags.showNumbers === true && toTerminal,
        onProgress: progress.report,
      }).finally(progress.stop);
      const more = `pathway usage ${arg} --format json`;
      const text =
        flags.format === "json"
          ? toJsonText(usage)
          : flags.format === "md"
            ? formatUsageMarkdown(usage, { more })
            : formatUsageText(usage, { color: useReportColor(flags.color, flags.output, io), more: escapeTerminalText(more) });
      await writeOutput(io, flags.output, text);
      io.setExitCode(usage.counts.errors > 0 || !usage.complete ? EXIT.findings : EXIT.ok);
    });
}
