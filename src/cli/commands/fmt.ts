// `pathway fmt`: rewrites pathway JSON files in canonical form (atomically), or with --check lists the ones that would change.
import type { Command } from "commander";
import { Option } from "commander";
import path from "node:path";
import { formatPathwayDocument } from "../../codegen/fmt.js";
import { diagnosticFormatters, type FileResult } from "../../format/index.js";
import { EXIT, ExitError } from "../exit.js";
import { readInputs } from "../../engine/inputs.js";
import { useColor, type CliIo } from "../io.js";

interface FmtOptions {
  check?: boolean;
  format: "text" | "json";
  color?: boolean;
  ignorePattern?: string[];
}

/** What `pathway fmt --format json` prints for each file. */
export interface FmtFileResult {
  filePath: string;
  status: "formatted" | "unchanged" | "would-change" | "failed";
  diagnostics: FileResult["diagnostics"];
}

/** Registers `pathway fmt`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("fmt")
    .description("format pathway JSON files canonically (stable key order, 2-space indent, trailing newline)")
    .argument("<inputs...>", "pathway files, directories (searched for *.json), globs, or - (stdin to stdout)")
    .option("--check", "write nothing; exit 1 when a file is not in canonical form, naming it")
    .addOption(new Option("-f, --format <name>", "output format").choices(["text", "json"]).default("text"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .option("--ignore-pattern <glob...>", "skip files matching these globs when walking directories")
    .addHelpText(
      "after",
      `
The JSON value is kept exactly; only layout changes: known keys first in a fixed order (name, description, nodes,
edges; id, type, data; ...), other keys alphabetically, 2-space indent, a trailing newline. Files are replaced
atomically. Formatting twice changes nothing. Files that are not valid JSON, or that cannot be rewritten without
changing a value (a duplicate key, a number a 64-bit float cannot hold exactly), are reported and left alone.

Exit codes: 0 done (or all canonical), 1 --check found files to format, 2 a file could not be read, parsed or
rewritten exactly (the other files are still processed).

Examples:
  $ pathway fmt pathways/
  $ pathway fmt --check "pathways/**/*.json"      # in CI
  $ cat exported.json | pathway fmt - > pathway.json`,
    )
    .action(async (args: string[], options: FmtOptions) => {
      if (args.length === 0) throw new ExitError(EXIT.failure, "No files given; name pathway files, directories or globs (or - for stdin).");
      const inputs = await readInputs(io.host, "pathway", args, { ignore: options.ignorePattern });
      const results: FmtFileResult[] = [];
      const broken: FileResult[] = [];
      for (const input of inputs) {
        if (input.problem !== undefined || !input.bytes) {
          const diagnostics = [input.problem ?? { ruleId: "unreadable-file", severity: "error" as const, message: `${input.path}: cannot be read.`, pointer: "" }];
          results.push({ filePath: input.path, status: "failed", diagnostics });
          broken.push({ filePath: input.path, diagnostics });
          continue;
        }
        let formatted: ReturnType<typeof formatPathwayDocument>;
        try {
          formatted = formatPathwayDocument(input.bytes);
        } catch (error) {
          // One file that breaks the formatter must not stop the others; it is reported and left untouched.
          const message = `Internal error while formatting this file (${error instanceof Error ? error.message : String(error)}); the file was left unchanged. Please report it.`;
          const diagnostics = [{ ruleId: "internal-error", severity: "error" as const, message, pointer: "" }];
          results.push({ filePath: input.path, status: "failed", diagnostics });
          broken.push({ filePath: input.path, diagnostics });
          continue;
        }
        if (formatted.text === undefined) {
          results.push({ filePath: input.path, status: "failed", diagnostics: formatted.diagnostics });
          broken.push({ filePath: input.path, diagnostics: formatted.diagnostics, text: Buffer.from(input.bytes).toString("utf8") });
          continue;
        }
        if (input.path === "<stdin>") {
          if (!options.check) io.stdout.write(formatted.text);
          results.push({ filePath: input.path, status: formatted.changed ? (options.check ? "would-change" : "formatted") : "unchanged", diagnostics: [] });
          continue;
        }
        if (!formatted.changed) {
          results.push({ filePath: input.path, status: "unchanged", diagnostics: [] });
        } else if (options.check) {
          results.push({ filePath: input.path, status: "would-change", diagnostics: [] });
        } else {
          try {
            await io.host.writeFile(input.path, formatted.text);
          } catch (error) {
            const message = `Cannot write the formatted file (${error instanceof Error ? error.message : String(error)}); check that it is writable.`;
            const diagnostics = [{ ruleId: "unwritable-file", severity: "error" as const, message, pointer: "" }];
            results.push({ filePath: input.path, status: "failed", diagnostics });
            broken.push({ filePath: input.path, diagnostics });
            continue;
          }
          results.push({ filePath: input.path, status: "formatted", diagnostics: [] });
        }
      }
      const toStdout = !inputs.some((i) => i.path === "<stdin>") || options.check;
      if (options.format === "json") {
        if (toStdout) io.stdout.write(JSON.stringify(results, null, 2) + "\n");
        else io.stderr.write(JSON.stringify(results, null, 2) + "\n");
      } else {
        const out = toStdout ? io.stdout : io.stderr;
        for (const r of results) {
          if (r.status === "would-change") out.write(`${r.filePath}: not in canonical form; run \`pathway fmt ${r.filePath}\`\n`);
          else if (r.status === "formatted" && r.filePath !== "<stdin>") out.write(`formatted ${r.filePath}\n`);
        }
        if (broken.length > 0) {
          const color = useColor(options.color, io);
          io.stderr.write(diagnosticFormatters.stylish!(broken, { color }));
        }
        const unchanged = results.filter((r) => r.status === "unchanged").length;
        if (toStdout && unchanged === results.length) out.write(`${results.length} file${results.length === 1 ? "" : "s"} already canonical\n`);
      }
      const code = results.some((r) => r.status === "failed") ? EXIT.failure : results.some((r) => r.status === "would-change") ? EXIT.findings : EXIT.ok;
      io.setExitCode(code);
    });
}
