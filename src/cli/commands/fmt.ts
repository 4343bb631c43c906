// `pathway fmt`: rewrites pathway JSON files in canonical form (atomically), or with --check lists the ones that would change.
import { toCount } from "../../escape/count.js";
import { toJsonText } from "../../escape/json.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import { formatFiles } from "../../engine/check/format-files.js";
import { toJsonReport } from "../../format/json.js";
import { formatStylish } from "../../format/stylish.js";
import { requireInputs, EXIT } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { option } from "../options/index.js";

interface FmtOptions {
  check?: boolean;
  format: "text" | "json";
  color?: boolean;
  ignorePattern?: string[];
}

/** Registers `pathway fmt`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("fmt")
    .description("format pathway JSON files canonically (stable key order, 2-space indent, trailing newline)")
    .argument("<inputs...>", "pathway files, directories (searched for *.json), globs, or - (stdin to stdout)")
    .addOption(option("check", { fails: "a file is not in canonical form, naming it" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addOption(option("ignorePattern"))
    .addHelpText(
      "after",
      `
The JSON value is kept exactly; only layout changes: known keys first in a fixed order (name, description, nodes,
edges; id, type, data; ...), other keys alphabetically, 2-space indent, a trailing newline. Files are replaced
atomically. Formatting twice changes nothing. Files that are not valid JSON, or that cannot be rewritten without
changing a value (a duplicate key, a number a 64-bit float cannot hold exactly), are reported and left alone.
A symlink is written through (its target is formatted, the link stays); permissions and hard links are kept.

Exit codes: 0 done (or all canonical), 1 --check found files to format, 2 a file could not be read, parsed or
rewritten exactly (the other files are still processed).

Examples:
  $ pathway fmt pathways/
  $ pathway fmt --check "pathways/**/*.json"      # in CI
  $ cat exported.json | pathway fmt - > pathway.json`,
    )
    .action(async (args: string[], options: FmtOptions) => {
      requireInputs(args);
      const all = await formatFiles(io.host, args, { check: options.check, ignore: options.ignorePattern });
      for (const r of all) if (r.output !== undefined) io.stdout.write(r.output);
      const toStdout = !all.some((r) => r.filePath === "<stdin>") || options.check;
      if (options.format === "json") {
        // The per-file shape of every findings command's --format json (validate, lint, build), plus the status.
        const json = toJsonReport(all).map(({ filePath, ...counts }, i) => ({ filePath, status: all[i]!.status, ...counts }));
        (toStdout ? io.stdout : io.stderr).write(toJsonText(json));
      } else {
        const out = toStdout ? io.stdout : io.stderr;
        for (const r of all) {
          if (r.status === "would-change") out.write(`${escapeTerminalText(`${r.filePath}: not in canonical form; run \`pathway fmt ${r.filePath}\``)}\n`);
          else if (r.status === "formatted" && r.filePath !== "<stdin>") out.write(`formatted ${escapeTerminalText(r.filePath)}\n`);
        }
        const broken = all.filter((r) => r.status === "failed" || r.status === "skipped");
        if (broken.length > 0) {
          const color = useColor(options.color, io, io.stderr);
          io.stderr.write(formatStylish(broken, { color }));
        }
        const unchanged = all.filter((r) => r.status === "unchanged").length;
        if (toStdout && unchanged > 0 && unchanged === all.filter((r) => r.status !== "skipped").length)
          out.write(`${toCount(all.length, "file")} already canonical\n`);
      }
      const code = all.some((r) => r.status === "failed") ? EXIT.failure : all.some((r) => r.status === "would-change") ? EXIT.findings : EXIT.ok;
      io.setExitCode(code);
    });
}
