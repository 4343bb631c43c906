// `pathway build`: flags -> buildModules -> what was written (stderr) and the findings report -> exit code.
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import { buildModules } from "../../engine/author/build-modules.js";
import { validationRuleMetas } from "../../engine/check/rule-catalogue.js";
import { FINDINGS_FORMATS, reportFindings, type CheckCommandOptions } from "../check-files.js";
import { EXIT, requireInputs } from "../exit.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";

interface BuildOptions extends CheckCommandOptions {
  check?: boolean;
}

const VERBS = {
  written: "wrote",
  unchanged: "unchanged",
  "up-to-date": "up to date",
  "out-of-date": "OUT OF DATE",
  invalid: "not built",
  failed: "failed",
  skipped: "skipped",
} as const;

/** Registers `pathway build`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("build")
    .description("build TypeScript pathway modules into canonical pathway JSON (validated; --check for CI)")
    .argument("<entries...>", "modules whose default export is a pathway builder (or a built pathway); directories are searched for *.pathway.ts")
    .addOption(option("output", { writes: "the JSON files into this directory", value: "dir", default: "next to each module" }))
    .addOption(option("out"))
    .addOption(option("check", { fails: "a JSON file on disk differs from what its module builds" }))
    .addOption(option("format", { formats: FINDINGS_FORMATS, of: "the findings" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addOption(option("maxWarnings"))
    .addOption(option("quiet"))
    .addHelpText(
      "after",
      `
Each module's default export is built, validated with the same rules as \`pathway validate\`, and written as
canonical JSON (stable key order, 2-space indent, trailing newline) to <name>.json: pathways/x.pathway.ts
becomes pathways/x.json. Findings point at the TypeScript line that declared the node or edge.
Nothing is written for a module whose pathway has errors.

Exit codes: 0 built (warnings allowed), 1 errors or (with --check) JSON out of date, 2 a module could not be found,
loaded or run (the others are still built).

Examples:
  $ pathway build pathways/appointment-booking.pathway.ts
  $ pathway build pathways/ -o dist/pathways
  $ pathway build pathways/ --check        # in CI: fail when the committed JSON is stale`,
    )
    .action(async (args: string[], options: BuildOptions) => {
      requireInputs(args);
      const { entries, files } = await buildModules(io.host, args, { outDir: options.output, check: options.check });
      if (options.format === "text")
        for (const r of entries)
          io.stderr.write(
            escapeTerminalText(`${VERBS[r.status]}: ${r.output ?? r.entry}${r.status === "out-of-date" ? ` (differs from what ${r.entry} builds)` : ""}`) +
              "\n",
          );
      // The findings report goes to stdout: -o names where the JSON goes.
      const code = await reportFindings(files, { ...options, output: undefined }, io, validationRuleMetas);
      io.setExitCode(entries.some((r) => r.status === "failed") ? EXIT.failure : entries.some((r) => r.status === "out-of-date") ? EXIT.findings : code);
    });
}
