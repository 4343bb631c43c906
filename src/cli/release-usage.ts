// The usage summary of publish and rollback on a terminal: printed as soon as it is read (before anything is promoted), with a progress bar while numbers are read.
import type { Command } from "commander";
import type { ReleaseUsage, ReleaseUsageOptions } from "../engine/usage/release-usage.js";
import type { RemoteOptions } from "../engine/project/remote-client.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { CliIo } from "./io.js";
import { option } from "./options/index.js";
import { createProgressReporter } from "./progress.js";

/** The flags of the usage summary, as commander parses them. */
export interface ReleaseUsageFlags {
  campaign?: string[];
  config?: string;
  maxNumbers: number;
}

/** Adds --campaign, --config and --max-numbers (the table's) to a release command. */
export function addReleaseUsageOptions(command: Command): Command {
  return command
    .addOption(option("campaign"))
    .addOption(option("config", { for: "`campaigns` and the rules' severities of the usage summary" }))
    .addOption(option("maxNumbers"));
}

/** The summary line as text prints it: the sentence, and where to see the findings when there are any. */
export function describeReleaseUsage(usage: ReleaseUsage, arg: string): string {
  const more = usage.usage && (usage.usage.counts.errors + usage.usage.counts.warnings > 0 || !usage.usage.complete) ? ` See \`pathway usage ${arg}\`.` : "";
  return `${escapeTerminalText(`${usage.summary}${more}`)}\n`;
}

/**
 * The usage options of a release command, and what is left to print: in text to stdout, the summary is written the
 * moment it is read (before the promotion, which may still fail); with -o it heads the file instead; JSON carries it.
 */
export function createReleaseUsage(
  io: CliIo,
  flags: ReleaseUsageFlags & { format: string; output?: string },
  arg: string,
): { options: ReleaseUsageOptions & { onUsageProgress: RemoteOptions["onProgress"] }; stop: () => Promise<void>; heading: () => string } {
  const progress = createProgressReporter(io, "reading numbers");
  let heading = "";
  // The bar is cleared before the line is written, so the line never lands on the bar's.
  let printed: Promise<void> = Promise.resolve();
  const toStdout = flags.output === undefined || flags.output === "-";
  const options = {
    ...(flags.campaign !== undefined && { campaigns: flags.campaign }),
    ...(flags.config !== undefined && { config: flags.config }),
    maxNumbers: flags.maxNumbers,
    onUsageProgress: progress.report,
    onUsage: (usage: ReleaseUsage) => {
      printed = progress.stop().then(() => {
        if (flags.format === "json") return;
        if (toStdout) io.stdout.write(describeReleaseUsage(usage, arg));
        else heading = describeReleaseUsage(usage, arg);
      });
    },
  };
  return { options, stop: () => progress.stop().then(() => printed), heading: () => heading };
}
