// `pathway analyze`: a summary of one pathway's graph (counts, start, globals, terminals, problems, variables).
import type { Command } from "commander";
import { Option } from "commander";
import path from "node:path";
import { getPathwayAnalysis } from "../../graph/index.js";
import { allRuleMetas, getFileLintSettings } from "../../lint/index.js";
import { formatAnalysis } from "../../format/analysis.js";
import { getNodes, isObject, nodeData, type Pathway } from "../../model/index.js";
import { parseDocument } from "../../parse/index.js";
import { EXIT, ExitError } from "../exit.js";
import { collectInputs } from "../inputs.js";
import type { CliIo } from "../io.js";
import { createLintConfigLoader, toRelativePosix } from "../lint-config-files.js";

/** Registers `pathway analyze` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("analyze")
    .description("summarise one pathway: counts by type, start, globals, terminals, unreachable nodes, dead ends, traps, depth and variables")
    .argument("<file>", "a pathway file, or - for stdin")
    .addOption(new Option("-f, --format <name>", "output format").choices(["text", "json"]).default("text"))
    .option("-c, --config <file>", "config file for declared variables (default: the nearest pathway.config.json)")
    .addHelpText(
      "after",
      `
Declared request_data and extra system variables come from pathway.config.json ("variables").
Exit codes: 0 analysed, 2 usage error, unreadable file, or a file that is not a pathway.

Examples:
  $ pathway analyze pathway.json
  $ pathway analyze pathway.json --format json | jq .unreachable`,
    )
    .action(async (file: string, options: { format: string; config?: string }) => {
      const [input] = await collectInputs([file], { stdin: io.stdin, cwd: io.cwd });
      if (!input || input.error !== undefined || !input.bytes) throw new ExitError(EXIT.failure, input?.error ?? `${file}: cannot be read.`);
      const parsed = parseDocument(input.bytes);
      if (!parsed.ok) {
        const d = parsed.diagnostics.find((x) => x.severity === "error") ?? parsed.diagnostics[0];
        const where = d?.range ? `:${d.range.start.line}:${d.range.start.column}` : "";
        throw new ExitError(EXIT.failure, `${input.path}${where}: ${d?.message ?? "cannot be parsed"} (run pathway validate for details).`);
      }
      if (!isObject(parsed.value) || !Array.isArray(parsed.value.nodes)) {
        throw new ExitError(EXIT.failure, `${input.path}: not a pathway (expected a JSON object with a "nodes" array); run pathway validate for details.`);
      }
      const absolute = input.path === "<stdin>" ? undefined : path.resolve(io.cwd, input.path);
      const { config, root } = await createLintConfigLoader({ cwd: io.cwd, explicit: options.config, rules: allRuleMetas })(absolute);
      const settings = getFileLintSettings(config, absolute === undefined ? "<stdin>" : toRelativePosix(root, absolute));
      const pathway = parsed.value as Pathway;
      const analysis = getPathwayAnalysis(pathway, { declaredVariables: settings.requestData, systemVariables: settings.systemVariables });
      if (options.format === "json") {
        io.stdout.write(JSON.stringify(analysis, null, 2) + "\n");
      } else {
        const names: Record<string, string> = Object.create(null) as Record<string, string>;
        for (const { node } of getNodes(pathway)) {
          const name = nodeData(node).name;
          if (typeof name === "string" && name.trim() !== "" && !(node.id in names)) names[node.id] = name;
        }
        io.stdout.write(formatAnalysis(analysis, { names }));
      }
      io.setExitCode(EXIT.ok);
    });
}
