// `pathway scenarios generate`: writes editable scenario skeletons whose scripted steps visit every reachable edge.
import { toCount } from "../../escape/count.js";
import { toJsonText } from "../../escape/json.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import pc from "picocolors";
import { generateScenarioFiles } from "../../engine/scenarios/generate-scenario-files.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { option } from "../options/index.js";
import { registerScenariosFromCall } from "../scenarios-from-call.js";

interface GenerateOptions {
  output: string;
  maxTurns?: number;
  maxScenarios?: number;
  force?: boolean;
  format: "text" | "json";
  color?: boolean;
}

/** Registers `pathway scenarios generate` on the program. */
export function register(program: Command, io: CliIo): void {
  const scenarios = program
    .command("scenarios")
    .description("work with scenario files (see pathway test)")
    .addHelpText(
      "after",
      `
Exit codes: 0 and 1 as the subcommand says (see its --help), 2 usage error: no subcommand, or an unknown one.

Examples:
  $ pathway scenarios generate pathways/appointment-booking.json -o pathways/scenarios/appointment-booking
  $ pathway scenarios generate --help`,
    );
  scenarios
    .command("generate")
    .description("write scenario skeletons with scripted take: steps that together visit every reachable edge and global node")
    .argument("<pathway>", "the pathway file")
    .addOption(option("output", { writes: "<pathway>-<n>.scenario.yaml files into this directory", value: "dir", required: true }))
    .addOption(option("maxTurns"))
    .addOption(option("maxScenarios"))
    .addOption(option("force", { does: "overwrite scenario files that already exist" }))
    .addOption(option("format", { formats: ["text", "json"] }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
The scenarios are few and short (greedy: keep taking an edge not yet taken). Each one is run on the simulator while
it is generated, so it passes as written; edit the user lines and add vars: and expectations.

Exit codes: 0 written, 1 some reachable edges could not be covered (the rest are written), 2 usage or I/O error.

Examples:
  $ pathway scenarios generate pathways/appointment-booking.json -o pathways/scenarios/appointment-booking
  $ pathway test pathways/scenarios/appointment-booking --coverage`,
    )
    .action(async (pathwayArg: string, options: GenerateOptions) => {
      const generated = await generateScenarioFiles(io.host, pathwayArg, options);
      const { files: written, dir } = generated;
      if (options.format === "json") {
        io.stdout.write(toJsonText({ files: written, scenarios: generated.scenarios, uncovered: generated.uncovered }));
      } else {
        const c = pc.createColors(useColor(options.color, io));
        const turns = generated.scenarios.reduce((n, s) => n + s.turns.length, 0);
        io.stdout.write(`${c.green("Wrote")} ${toCount(written.length, "scenario")} (${toCount(turns, "turn")}) to ${escapeTerminalText(dir)}\n`);
        for (const f of written) io.stdout.write(`  ${escapeTerminalText(f)}\n`);
        for (const u of generated.uncovered.slice(0, 20))
          io.stdout.write(`  ${c.yellow("not covered:")} ${escapeTerminalText(`${u.kind} ${u.id}: ${u.reason}`)}\n`);
        if (generated.uncovered.length > 20) io.stdout.write(`  ... and ${generated.uncovered.length - 20} more (--format json lists them all)\n`);
      }
      if (generated.uncovered.length > 0) io.setExitCode(EXIT.findings);
    });
  registerScenariosFromCall(scenarios, io);
}
