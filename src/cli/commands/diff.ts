// `pathway diff`: flags -> diffVersions or checkDrift -> a diff formatter -> exit code (0 equal, 1 differences).
import { Option, type Command } from "commander";
import { checkDrift, diffVersions } from "../../engine/diff-versions.js";
import { EXIT, ExitError } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { writeOutput } from "../output.js";
import { createProgressReporter } from "../progress.js";
import { addRemoteOptions, createConcurrencyOption, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

const FORMATS = ["text", "json", "mermaid", "md"];

interface DiffFlags extends RemoteFlags {
  format: string;
  output?: string;
  includeLayout?: boolean;
  check?: boolean;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("diff")
      .description("show what changed between two pathway versions: nodes, edges and fields, not JSON lines")
      .argument("[a]", "first version: a file, - for stdin, or remote:<id>")
      .argument("[b]", "second version: a file, - for stdin, or remote:<id>"),
  )
    .addOption(new Option("-f, --format <name>", "output format").choices(FORMATS).default("text"))
    .option("-o, --output <file>", "write the report to a file (atomically) instead of stdout")
    .option("--include-layout", "also compare layout and editor-only fields (positions, edge ids, label placement...)")
    .option("--check", "compare every file in pathwaykit.manifest.json with its remote pathway (drift check for CI)")
    .addOption(createConcurrencyOption("with --check: downloads at a time"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Nodes are matched by id (a node whose id changed but whose content is similar is a rename); edges by source,
target and label, never by their regenerated ids. Layout and editor-only fields are ignored unless --include-layout.

Exit codes: 0 no differences, 1 differences (or drift with --check), 2 usage, read or network error.

Examples:
  $ pathway diff pathways/support.json remote:1b2c3d4e
  $ git show HEAD~1:pathways/support.json | pathway diff - pathways/support.json --format md > comment.md
  $ pathway diff old.json new.json --format mermaid > changes.mmd
  $ pathway diff --check                 # CI: has anyone edited a pathway in the web editor?`,
    )
    .action(async (a: string | undefined, b: string | undefined, flags: DiffFlags) => {
      const { diffFormatters } = await import("../../format/diff-formatters.js");
      const color = flags.output === undefined && useColor(flags.color, io);
      const options = { ...toRemoteOptions(flags, io), includeLayout: flags.includeLayout === true };
      if (!flags.check) {
        if (a === undefined || b === undefined) throw new ExitError(EXIT.failure, "pathway diff needs two versions, e.g. `pathway diff old.json new.json` or `pathway diff file.json remote:<id>`; or --check.");
        const versions = await diffVersions(io.host, a, b, options);
        await writeOutput(io, flags.output, diffFormatters[flags.format]!(versions, { color }));
        io.setExitCode(versions.diff.equal ? EXIT.ok : EXIT.findings);
        return;
      }
      if (a !== undefined || b !== undefined) throw new ExitError(EXIT.failure, "--check compares the manifest's files with their remotes; give no files with it.");
      if (flags.format === "mermaid") throw new ExitError(EXIT.failure, "--check prints text, json or md; mermaid draws one diff at a time.");
      const progress = createProgressReporter(io, "checking");
      const checks = await checkDrift(io.host, { ...options, onProgress: progress.report }).finally(progress.stop);
      const drifted = checks.filter((c) => c.result.equal === false).length;
      const failed = checks.filter((c) => c.result.error !== undefined).length;
      let report = "";
      if (flags.format === "json") report = JSON.stringify(checks.map((c) => c.result), null, 2) + "\n";
      else {
        for (const { result, local, remote } of checks) {
          if (result.error !== undefined) io.stderr.write(`✖ ${result.file} (remote:${result.id}): ${result.error}\n`);
          else if (result.equal) {
            if (flags.format === "text") report += `✔ ${result.file} matches remote:${result.id}\n`;
          } else report += diffFormatters[flags.format]!({ diff: result.diff!, before: local, after: remote, labelA: result.file, labelB: `remote:${result.id}` }, { color }) + "\n";
        }
        const summary = `${drifted} of ${checks.length} pathway${checks.length === 1 ? "" : "s"} differ from the remote${failed ? `, ${failed} could not be checked` : ""}.`;
        report += flags.format === "md" ? `**${summary}**\n` : `${summary}\n`;
      }
      await writeOutput(io, flags.output, report);
      io.setExitCode(failed > 0 ? EXIT.failure : drifted > 0 ? EXIT.findings : EXIT.ok);
    });
}
