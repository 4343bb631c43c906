// `pathway convert`: flags -> convertPathway -> the converted text (stdout or -o), the losses on stderr -> exit code.
import { toJsonText } from "../../escape/json.js";
import { toCount } from "../../escape/count.js";
import type { Command } from "commander";
import { convertPathway, type ConvertFormat } from "../../engine/author/convert-pathway.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { formatStylish } from "../../format/stylish.js";
import { EXIT, ExitError } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { option } from "../options/index.js";

interface ConvertOptions {
  to?: ConvertFormat;
  output?: string;
  force?: boolean;
  allowLoss?: boolean;
  format: "text" | "json";
  color?: boolean;
}

/** Registers `pathway convert`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("convert")
    .description("convert between a bland-cli project (bland-pathway.yaml) and pathway JSON, listing what the target format cannot carry")
    .argument("<input>", "a bland-cli project folder or its pathway file, or a pathway JSON file (- for stdin)")
    .addOption(option("to", { formats: ["json", "bland-cli"] }))
    .addOption(
      option("output", {
        writes: "a JSON file, or the bland-cli project folder (bland-pathway.yaml and .blandrc)",
        value: "path",
        default: "the converted pathway file to stdout",
        note: "an existing file, or a folder that is not empty, needs --force",
      }),
    )
    .addOption(option("force", { does: "write over an existing -o file, or into a folder that is not empty" }))
    .addOption(option("allowLoss"))
    .addOption(option("format", { formats: ["text", "json"], of: "the result" }))
    .addOption(option("color", { in: "error output" }))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
From a bland-cli project, the JSON is the pathway \`bland pathway push\` sends (its start node, node types and field
names, as bland-cli reads them), each node's name as its id; the losses are the keys push never sends (global.voice,
version, text:, ...). From pathway JSON, the project is what \`bland pathway pull\` would write: the losses are what its
file cannot hold (types kept only at a node's top level, nodes sharing a name, top-level edge labels, static text,
webhook settings, node ids, which bland-cli makes anew on every push). With losses, -o writes nothing unless
--allow-loss is given. Test cases are not converted: \`pathway lint\` checks them where they are.

Exit codes: 0 converted (or printed), 1 nothing written because of losses, 2 the input is no pathway or bland-cli
refuses it, or -o would replace something without --force.

Examples:
  $ pathway convert my-project/ -o pathway.json
  $ pathway convert pathway.json --to bland-cli -o my-project --allow-loss`,
    )
    .action(async (input: string, options: ConvertOptions) => {
      const result = await convertPathway(io.host, input, {
        ...(options.to && { to: options.to }),
        ...(options.output !== undefined && options.output !== "-" && { output: options.output }),
        force: options.force,
        allowLoss: options.allowLoss,
      });
      if (options.format === "json") {
        // One document: the result says the problems and the refusal itself, so the exit code alone goes with it.
        io.stdout.write(toJsonText(result));
        io.setExitCode(result.problems.length > 0 ? EXIT.failure : result.refused ? EXIT.findings : EXIT.ok);
        return;
      } else {
        const color = useColor(options.color, io, io.stderr);
        const findings = [...result.problems, ...result.losses];
        if (findings.length > 0)
          io.stderr.write(
            formatStylish([{ filePath: result.path, diagnostics: findings, ...(result.inputText !== undefined && { text: result.inputText }) }], { color }),
          );
        if (result.text !== undefined && options.output === undefined) io.stdout.write(result.text);
        for (const file of result.written) io.stderr.write(`wrote ${escapeTerminalText(file)}\n`);
      }
      if (result.problems.length > 0)
        throw new ExitError(EXIT.failure, `${result.path} cannot be converted; fix the problem above, then convert again.`, "input");
      if (result.refused) {
        throw new ExitError(
          EXIT.findings,
          `nothing written: ${toCount(result.losses.length, "thing")} above would be lost in ${result.to === "json" ? "pathway JSON" : "a bland-cli project"}; pass --allow-loss to write anyway.`,
          "input",
        );
      }
    });
}
