// `pathway analyze`: a summary of one pathway's graph (counts, start, globals, terminals, problems, variables).
import type { Command } from "commander";
import { Option } from "commander";
import path from "node:path";
import { getPathwayAnalysis } from "../../graph/index.js";
import { allRuleMetas, getFileLintSettings } from "../../lint/index.js";
import { formatAnalysis } from "../../format/analysis.js";
import { getNodes, nodeData } from "../../model/index.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { requirePathway } from "../../engine/load-pathway.js";
import { createLintConfigLoader, toRelativePosix } from "../../engine/config.js";
import { isEngineError } from "../../engine/errors.js";

/** Registers `pathway analyze` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("analyze")
    .description("summarise one pathway: counts by type, start, globals, terminals, unreachable nodes, dead ends, traps, depth and variables")
    .argument("<file>", "a pathway file, or - for stdin")
    .addOption(new Option("-f, --format <name>", "output format").choices(["text", "json"]).default("text"))
    .option("-c, --config <file>", "config file for declared variables (default: the nearest pathway.config.json)")
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Declared request_data and extra system variables come from pathway.config.json ("variables").
Exit codes: 0 analysed, 2 usage error, unreadable file, or a file that is not a pathway.

Examples:
  $ pathway analyze pathway.json
  $ pathway analyze pathway.json --format json | jq .unreachable`,
    )
    .action(async (file: string, options: { format: string; config?: string; color?: boolean }) => {
      let loaded: Awaited<ReturnType<typeof requirePathway>>;
      try {
        loaded = await requirePathway(io.host, file);
      } catch (error) {
        // Whoever asked for JSON reads stdout, so the error goes there too, as JSON.
        if (options.format === "json" && isEngineError(error)) io.stdout.write(JSON.stringify({ filePath: file === "-" ? "<stdin>" : file, error: error.message }, null, 2) + "\n");
        throw error;
      }
      const absolute = loaded.path === "<stdin>" ? undefined : path.resolve(io.cwd, loaded.path);
      const { config, root } = await createLintConfigLoader(io.host, { explicit: options.config, rules: allRuleMetas })(absolute);
      const settings = getFileLintSettings(config, absolute === undefined ? "<stdin>" : toRelativePosix(root, absolute));
      const pathway = loaded.pathway;
      const analysis = getPathwayAnalysis(pathway, { declaredVariables: settings.requestData, systemVariables: settings.systemVariables });
      if (options.format === "json") {
        io.stdout.write(JSON.stringify(analysis, null, 2) + "\n");
      } else {
        const names: Record<string, string> = Object.create(null) as Record<string, string>;
        for (const { node } of getNodes(pathway)) {
          const name = nodeData(node).name;
          if (typeof name === "string" && name.trim() !== "" && !(node.id in names)) names[node.id] = name;
        }
        io.stdout.write(formatAnalysis(analysis, { names, color: useColor(options.color, io) }));
      }
      io.setExitCode(EXIT.ok);
    });
}
