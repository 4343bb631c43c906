// `pathway diff`: flags -> diffVersions or checkDrift -> a diff formatter -> exit code (0 equal, 1 differences).
import { toCount } from "../../escape/count.js";
import { toJsonText } from "../../escape/json.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import { checkDrift, diffVersions, parseChangeKinds } from "../../engine/release/diff-versions.js";
import { cutMarkdown, diffFormatters } from "../../format/diff-formatters.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { useReportColor, writeOutput } from "../output.js";
import { createProgressReporter } from "../progress.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

const FORMATS = ["text", "json", "mermaid", "md"];

interface DiffFlags extends RemoteFlags {
  format: string;
  output?: string;
  includeLayout?: boolean;
  check?: boolean;
  color?: boolean;
  context: number | "all";
  only?: string;
  maxChars: number;
}

/** A file name as a shell word: quoted when it holds anything but plain characters. */
function toShellWord(text: string): string {
  return /^[\w./:@=+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("diff")
      .description("show what changed between two pathway versions: nodes, edges and fields, not JSON lines")
      .argument("[a]", "first version: a file, - for stdin, remote:<id>, remote:<id>@<n> or remote:<id>@latest")
      .argument("[b]", "second version: a file, - for stdin, remote:<id>, remote:<id>@<n> or remote:<id>@latest"),
  )
    .addOption(option("format", { formats: FORMATS }))
    .addOption(option("output"))
    .addOption(option("includeLayout", { does: "compare" }))
    .addOption(option("context", { around: "text" }))
    .addOption(option("only"))
    .addOption(option("maxChars"))
    .addOption(option("check", { does: "compare every file in pathwaykit.manifest.json with its remote pathway", fails: "one differs (drift check for CI)" }))
    .addOption(option("concurrency", { of: "downloads", with: "--check" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Nodes are matched by id (a node whose id changed but whose content is similar is a rename); edges by source,
target and label, never by their regenerated ids. Layout and editor-only fields are ignored unless --include-layout.
Long text is compared by lines (by sentences when it is one line) and only changed hunks are shown, with
--context units around them and the changed words marked; text that holds JSON on both sides (webhook bodies) is
compared as JSON. Each change has a kind (--only filters by it); likely losses (a label, an extractVars entry or
a route removed, a removed node still pointed at) are listed. Header values, credential keys, URL credentials and
query secrets are masked in every format, old and new. --format md fits a pull-request comment: past
--max-chars (GitHub's 65536 by default) the largest details are cut and a note says so.

Exit codes: 0 no differences, 1 differences (or drift with --check), 2 usage, read or network error.

Examples:
  $ pathway diff pathways/support.json remote:1b2c3d4e
  $ git show HEAD~1:pathways/support.json | pathway diff - pathways/support.json --format md > comment.md
  $ pathway diff old.json new.json --format mermaid > changes.mmd
  $ pathway diff remote:1b2c3d4e@3 remote:1b2c3d4e@5 --only routing,variables
  $ pathway diff old.json new.json --context 1
  $ pathway diff --check                 # CI: has anyone edited a pathway in the web editor?`,
    )
    .action(async (a: string | undefined, b: string | undefined, flags: DiffFlags) => {
      const color = useReportColor(flags.color, flags.output, io);
      const only = await parseChangeKinds(flags.only);
      const options = { ...toRemoteOptions(flags, io), includeLayout: flags.includeLayout === true, context: flags.context, ...(only && { only }) };
      const formatOptions = { color, maxChars: flags.maxChars, ...(only && { only }) };
      if (!flags.check) {
        if (a === undefined || b === undefined)
          throw new ExitError(
            EXIT.failure,
            "pathway diff needs two versions, e.g. `pathway diff old.json new.json` or `pathway diff file.json remote:<id>`; or --check.",
          );
        const versions = await diffVersions(io.host, a, b, options);
        const fullDiffCommand = `pathway diff ${toShellWord(versions.labelA)} ${toShellWord(versions.labelB)} --format md --max-chars 0${only ? ` --only ${only.join(",")}` : ""}`;
        await writeOutput(io, flags.output, diffFormatters[flags.format]!(versions, { ...formatOptions, fullDiffCommand }));
        io.setExitCode(versions.diff.equal ? EXIT.ok : EXIT.findings);
        return;
      }
      if (a !== undefined || b !== undefined)
        throw new ExitError(EXIT.failure, "--check compares the manifest's files with their remotes; give no files with it.");
      if (flags.format === "mermaid") throw new ExitError(EXIT.failure, "--check prints text, json or md; mermaid draws one diff at a time.");
      const progress = createProgressReporter(io, "checking");
      const checks = await checkDrift(io.host, { ...options, onProgress: progress.report }).finally(progress.stop);
      const drifted = checks.filter((c) => c.result.equal === false).length;
      const failed = checks.filter((c) => c.result.error !== undefined).length;
      let report = "";
      if (flags.format === "json") report = toJsonText(checks.map((c) => c.result));
      else {
        for (const { result, local, remote } of checks) {
          if (result.error !== undefined) io.stderr.write(`${escapeTerminalText(`✖ ${result.file} (remote:${result.id}): ${result.error.message}`)}\n`);
          else if (result.equal) {
            if (flags.format === "text") report += `${escapeTerminalText(`✔ ${result.file} matches remote:${result.id}`)}\n`;
          } else {
            // One comment holds every drifted file: each gets an equal share of --max-chars (less a line for the total).
            const share = flags.maxChars > 0 ? Math.max(1, Math.floor((flags.maxChars - 200) / Math.max(1, drifted))) : 0;
            const fullDiffCommand = `pathway diff ${toShellWord(result.file)} remote:${toShellWord(result.id)} --format md --max-chars 0`;
            report +=
              `${diffFormatters[flags.format]!(
                { diff: result.diff!, before: local, after: remote, labelA: result.file, labelB: `remote:${result.id}` },
                { ...formatOptions, maxChars: share, fullDiffCommand },
              )}\n`;
          }
        }
        const summary = `${drifted} of ${toCount(checks.length, "pathway")} ${drifted === 1 ? "differs" : "differ"} from the remote${failed ? `, ${failed} could not be checked` : ""}.`;
        report += flags.format === "md" ? `**${summary}**\n` : `${summary}\n`;
        // The shares leave room for the summary; a limit too small for even that is still never exceeded.
        if (flags.format === "md") report = cutMarkdown(report, flags.maxChars, "pathway diff --check --format md --max-chars 0");
      }
      await writeOutput(io, flags.output, report);
      io.setExitCode(failed > 0 ? EXIT.failure : drifted > 0 ? EXIT.findings : EXIT.ok);
    });
}
