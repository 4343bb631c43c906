// `pathway analyze`: flags -> analyzeFile -> summary (text or JSON) -> exit code.
import { toJsonText } from "../../escape/json.js";
import type { Command } from "commander";
import { analyzeFile } from "../../engine/review/analyze-file.js";
import { formatAnalysis } from "../../format/analysis.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { useReportColor, writeOutput } from "../output.js";

/** Registers `pathway analyze` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("analyze")
    .description("summarise one pathway: counts by type, start, globals, terminals, unreachable nodes, dead ends, traps, depth and variables")
    .argument("<file>", "a pathway file, or - for stdin")
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("output", { report: "the summary" }))
    .addOption(option("config", { for: "declared variables" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
Declared request_data and extra system variables come from pathway.config.json ("variables").
Exit codes: 0 analysed, 2 usage error, unreadable file, or a file that is not a pathway.

Examples:
  $ pathway analyze pathway.json
  $ pathway analyze pathway.json --format json | jq .unreachable`,
    )
    .action(async (file: string, options: { format: string; output?: string; config?: string; color?: boolean }) => {
      // A file that cannot be analysed ends the run; under --format json main prints the error document.
      const analyzed = await analyzeFile(io.host, file, { config: options.config });
      const color = useReportColor(options.color, options.output, io);
      const text = options.format === "json" ? toJsonText(analyzed.analysis) : formatAnalysis(analyzed.analysis, { names: analyzed.names, color });
      await writeOutput(io, options.output, text);
      io.setExitCode(EXIT.ok);
    });
}
