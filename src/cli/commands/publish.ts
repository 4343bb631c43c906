// `pathway publish <file|id>`: flags -> publishVersion (read back, compare, optionally test live) -> promote -> report -> exit code.
import { toJsonText } from "../../escape/json.js";
import { InvalidArgumentError, Option, type Command } from "commander";
import { publishVersion } from "../../engine/release/publish.js";
import { parseVersionSpec } from "../../engine/project/live-version.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { parseWholeNumber } from "../check-files.js";
import { EXIT } from "../exit.js";
import { createFormatOption } from "../format-option.js";
import type { CliIo } from "../io.js";
import { createReportOutputOption, writeOutput } from "../output.js";
import { createProgressReporter } from "../progress.js";
import { addRemoteOptions, createConcurrencyOption, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface PublishFlags extends RemoteFlags {
  id?: string;
  pathwayVersion?: number | "draft";
  environment: "production" | "staging";
  requirePass?: string[];
  minPassRate?: number;
  repeat?: number;
  force?: boolean;
  dryRun?: boolean;
  format: string;
  output?: string;
}

/** Parses --pathway-version for publish: a version number or `draft`. */
export function parseNumberOrDraft(value: string): number | "draft" {
  const spec = parseVersionSpec(value);
  if (spec === "draft" || typeof spec === "number") return spec;
  throw new InvalidArgumentError("Expected a version number (1, 2, ...) or draft.");
}

function parseRate(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError("Expected a number from 0 to 1, e.g. 0.9.");
  return n;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("publish")
      .description("promote a saved version to production or staging, only when it is the local file and its scenarios pass live")
      .argument("<pathway>", "a pathway file tracked in pathwaykit.manifest.json (or any pathway file, with --id), remote:<id>, or an id"),
  )
    .option("--id <id>", "the remote pathway of a file pathwaykit.manifest.json does not track (default: the file's entry)")
    .addOption(new Option("--pathway-version <version>", "the version to promote: a number, or draft (the file's draft in the manifest; the default)").argParser(parseNumberOrDraft))
    .addOption(new Option("--environment <name>", "where to promote it").choices(["production", "staging"]).default("production"))
    .option("--require-pass <scenarios...>", "run these scenario files (or folders, globs) live against the version first; promote only when all pass")
    .addOption(new Option("--min-pass-rate <rate>", "with --require-pass and --repeat: the share of runs a scenario must pass (0..1, default 1)").argParser(parseRate))
    .addOption(new Option("--repeat <n>", "with --require-pass: run each scenario n times").argParser(parseWholeNumber(1)))
    .addOption(createConcurrencyOption("with --require-pass: live runs at a time"))
    .option("--force", "promote even when the version is not the local file, or changed since it was pushed or tested")
    .option("--dry-run", "read the version back and compare; run nothing and promote nothing")
    .addOption(createFormatOption(["text", "json"]))
    .addOption(createReportOutputOption("write the report to a file (atomically) instead of stdout"))
    .addHelpText(
      "after",
      `
What was tested is what ships: publish reads the version back (GET /v1/pathway/{id}/version/{n}) and refuses
when its content (nodes and edges, either label placement) differs from the local file, or, for the draft, from
what \`pathway push --draft\` sent. With --require-pass it then runs those scenarios (for a file, only those whose
pathway: is that file) live against that version
(as \`pathway test --live --pathway-version <n>\`), reads the version back again, and promotes it
(POST /v1/pathway/{id}/publish) only when every scenario passed and nothing changed meanwhile. The promotion is
recorded in pathwaykit.manifest.json (for \`pathway rollback\`); a promoted draft stops being the draft, so the
next \`push --draft\` starts a new version. If the promotion itself fails (network), nothing was promoted by this
run and the message says how to promote the tested version.

Exit codes: 0 promoted (or --dry-run), 1 refused (the version differs, changed, or a scenario failed),
2 usage, no such version or draft, scenarios that could not run, read or network error.

Examples:
  $ pathway publish pathways/support.json --dry-run
  $ pathway publish pathways/support.json --require-pass pathways/scenarios/ --repeat 3 --min-pass-rate 0.66
  $ pathway publish remote:1b2c3d4e --pathway-version 12 --environment staging --format json`,
    )
    .action(async (target: string, flags: PublishFlags) => {
      const progress = createProgressReporter(io, "running live");
      const report = await publishVersion(io.host, target, {
        ...toRemoteOptions(flags, io),
        ...(flags.id !== undefined && { id: flags.id }),
        ...(flags.pathwayVersion !== undefined && { pathwayVersion: flags.pathwayVersion }),
        environment: flags.environment,
        ...(flags.requirePass && { requirePass: flags.requirePass }),
        ...(flags.repeat !== undefined && { repeat: flags.repeat }),
        ...(flags.minPassRate !== undefined && { minPassRate: flags.minPassRate }),
        force: flags.force === true,
        dryRun: flags.dryRun === true,
        onTestProgress: progress.report,
        warn: (m) => io.stderr.write(`pathway: warning: ${escapeTerminalText(m)}\n`),
      }).finally(progress.stop);
      await writeOutput(io, flags.output, flags.format === "json" ? toJsonText(report) : escapeTerminalText(report.reason) + "\n");
      io.setExitCode(report.ok ? EXIT.ok : EXIT.findings);
    });
}
