// `pathway fetch`: flags -> fetchPathways -> one line per pathway (or JSON) -> exit code.
import { toJsonText } from "../../escape/json.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { toCount } from "../../escape/count.js";
import type { Command } from "commander";
import { fetchPathways } from "../../engine/release/fetch-pathways.js";
import { EXIT } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import pc from "picocolors";
import { createProgressReporter } from "../progress.js";
import { option } from "../options/index.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface FetchFlags extends RemoteFlags {
  force?: boolean;
  output?: string;
  outDir: string;
  manifest: boolean;
  format: string;
  color?: boolean;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("fetch")
      .description("download remote pathways into canonical JSON files and record them in pathwaykit.manifest.json")
      .argument("[ids...]", "pathway ids (or <id>@<n>, <id>@latest for a saved version); none re-fetches every pathway in the manifest"),
  )
    .addOption(option("output", { writes: "the pathway to this file (one id only)", note: "- prints it to stdout" }))
    .addOption(option("force", { does: "overwrite files with local edits (by default they are left as they are and reported)" }))
    .addOption(option("outDir"))
    .addOption(option("concurrency", { of: "downloads" }))
    .addOption(option("manifest"))
    .addOption(option("format", { formats: ["text", "json"], note: "with -o - the outcome report goes to stderr" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
The API key comes from $PATHWAYKIT_API_KEY (sent raw in the authorization header). A file is replaced only by a
complete, checked download: a failed fetch leaves it byte for byte as it was. A file whose content no longer
matches the hash recorded in the manifest at the last fetch or push (local edits), or an existing file fetch never
wrote, is not overwritten unless --force: fetch reports it, fetches the others, and exits 1; see the edits with
\`pathway diff <file> remote:<id>\`. A file the manifest records for another pathway id is never written, --force
or not. With -o - stdout holds only the pathway; the report (text or --format json) goes to stderr.

Exit codes: 0 all fetched, 1 some files skipped because of local edits, 2 usage error, any download failed, or a file
that belongs to another pathway.

Examples:
  $ export PATHWAYKIT_API_KEY=sk-...
  $ pathway fetch 1b2c3d4e -o pathways/support.json
  $ pathway fetch 1b2c3d4e 5f6a7b8c --out-dir pathways
  $ pathway fetch                       # refresh every pathway in the manifest
  $ pathway fetch 1b2c3d4e@3 -o old.json   # a saved version (see \`pathway versions\`)
  $ pathway fetch 1b2c3d4e -o - | jq '.nodes | length'`,
    )
    .action(async (ids: string[], flags: FetchFlags) => {
      const progress = createProgressReporter(io, "fetching");
      const outcomes = await fetchPathways(io.host, ids, {
        ...toRemoteOptions(flags, io),
        output: flags.output,
        outDir: flags.outDir,
        manifest: flags.manifest,
        force: flags.force === true,
        onProgress: progress.report,
      }).finally(() => progress.stop());
      // With -o - stdout holds the pathway itself, so the report goes to stderr: stdout stays one JSON document.
      const out = flags.output === "-" ? io.stderr : io.stdout;
      for (const o of outcomes) if (o.text !== undefined) io.stdout.write(o.text);
      if (flags.format === "json") out.write(toJsonText(outcomes.map(({ text: _text, ...o }) => o)));
      else {
        // Each stream coloured by its own terminal: stdout is often a file or pipe while stderr is still the screen.
        const outColors = pc.createColors(useColor(flags.color, io, out));
        const errColors = pc.createColors(useColor(flags.color, io, io.stderr));
        for (const o of outcomes) {
          for (const w of o.warnings) io.stderr.write(`pathway: ${errColors.yellow("warning:")} ${escapeTerminalText(w)}\n`);
          if (o.ok)
            out.write(
              `${outColors.green("✔")} ${escapeTerminalText(`${o.id} → ${o.file} (${toCount(o.nodes ?? 0, "node")}, ${toCount(o.edges ?? 0, "edge")})`)}\n`,
            );
          else if (o.skipped) io.stderr.write(`${errColors.yellow("⚠")} ${escapeTerminalText(`skipped ${o.file}: ${o.error!.message}`)}\n`);
          else io.stderr.write(`${errColors.red("✖")} ${escapeTerminalText(`${o.id}: ${o.error!.message}`)}\n`);
        }
      }
      const failed = outcomes.some((o) => !o.ok && !o.skipped);
      io.setExitCode(failed ? EXIT.failure : outcomes.some((o) => o.skipped) ? EXIT.findings : EXIT.ok);
    });
}
