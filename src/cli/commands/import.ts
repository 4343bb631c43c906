// `pathway import`: flags -> importPathway -> the module (stdout or -o) and notes on stderr -> exit code.
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import { importPathway } from "../../engine/author/import-pathway.js";
import { formatStylish } from "../../format/stylish.js";
import { EXIT, ExitError } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { option } from "../options/index.js";

interface ImportOptions {
  output?: string;
  force?: boolean;
  importFrom: string;
  color?: boolean;
}

/** The closing sentence for an input that could not be imported, by the rule of its first finding (else a parse error). */
const IMPORT_FAILURES: Record<string, string> = {
  "unreadable-file": "cannot be read",
  "duplicate-key": "repeats a key in the same object (importing it would keep only the last value)",
  "nesting-depth": "nests deeper than pathwaykit reads",
  "not-a-pathway": "is not a pathway",
};

/** Registers `pathway import`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("import")
    .description("generate builder TypeScript from a pathway JSON file (round trip: build gives back the same JSON)")
    .argument("<input>", "pathway JSON file, or - for stdin")
    .addOption(option("output", { writes: "the module to this file", value: "file.ts", default: "stdout", note: "an existing file needs --force" }))
    .addOption(option("out"))
    .addOption(option("force", { does: "overwrite the -o file when it exists" }))
    .addOption(option("importFrom"))
    .addOption(option("color", { in: "error output" }))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
The generated module default-exports a builder: helpers (defaultNode, endCall, transfer, knowledgeBase, webhook,
node) where they fit, long texts as named template-literal constants, and every field without a helper carried
through the typed escape hatches (data, fields, rawNode, rawEntry, rawEdge), so nothing is lost.
\`pathway build\` on the result writes back the same JSON value in canonical form.

Exit codes: 0 written, 2 the input cannot be read or is not a JSON pathway object, or -o names an existing file
without --force.

Examples:
  $ pathway import exported.json -o pathways/support.pathway.ts
  $ curl -s "$URL" | pathway import - > pathway.ts
  $ pathway import pathway.json --import-from ../src/builder/index.js`,
    )
    .action(async (input: string, options: ImportOptions) => {
      const output = options.output;
      const result = await importPathway(io.host, input, { importFrom: options.importFrom, output: output === "-" ? undefined : output, force: options.force });
      if (result.code === undefined) {
        // stdout may be the destination of the code, so the findings go to stderr.
        const color = useColor(options.color, io, io.stderr);
        io.stderr.write(
          formatStylish([{ filePath: result.path, diagnostics: result.diagnostics, ...(result.text !== undefined && { text: result.text }) }], { color }),
        );
        const rule = result.diagnostics[0]?.ruleId;
        const what = IMPORT_FAILURES[rule ?? ""] ?? "cannot be parsed as JSON";
        throw new ExitError(EXIT.failure, `${result.path} ${what}; fix the problem above, then import again.`, "input");
      }
      if (result.written !== undefined) io.stderr.write(`wrote ${escapeTerminalText(result.written)}\n`);
      else io.stdout.write(result.code);
      if (result.errorCount + result.warningCount > 0) {
        io.stderr.write(
          `note: ${result.path} has ${result.errorCount} error(s) and ${result.warningCount} warning(s); \`pathway build\` reports them at the TypeScript line that declares each node or edge.\n`,
        );
      }
    });
}
