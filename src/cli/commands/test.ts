// `pathway test`: runs scenario files against their pathways, prints a report (stylish, json, junit, tap) and coverage.
import type { Command } from "commander";
import { Option } from "commander";
import { runScenarioFiles, type RunScenariosOptions } from "../../engine/run-scenarios.js";
import type { TestFormatter } from "../../format/test-report.js";
import { EXIT } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { writeOutput } from "../output.js";

const FORMATS = ["stylish", "json", "junit", "tap"] as const;

interface TestOptions extends RunScenariosOptions {
  format: (typeof FORMATS)[number];
  color?: boolean;
  output?: string;
}

async function getFormatter(name: TestOptions["format"]): Promise<TestFormatter> {
  if (name === "junit") return (await import("../../format/junit.js")).formatTestJunit;
  if (name === "tap") return (await import("../../format/tap.js")).formatTestTap;
  const m = await import("../../format/test-report.js");
  return name === "json" ? m.formatTestJson : m.formatTestStylish;
}

/** Registers `pathway test` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("test")
    .description("run scenario files (*.scenario.yaml) against their pathways: path taken, what was said, variables collected")
    .argument("[inputs...]", "scenario files, directories (searched for *.scenario.yaml/.yml/.json) or globs; default: the current directory")
    .addOption(new Option("-f, --format <name>", "report format").choices(FORMATS).default("stylish"))
    .option("--coverage", "print node, edge and global-entry coverage per pathway (untested kept apart from unreachable)")
    .option("--min-coverage <spec>", "fail (exit 1) below these percentages, e.g. nodes=90,edges=80,globals=100")
    .addOption(new Option("--decider <name>", "decide turns without take: this way in every scenario").choices(["scripted", "keyword", "llm"]))
    .option("--live", "call real webhook URLs for webhooks the scenario does not mock (off by default: mocks only)")
    .option("-o, --output <file>", "write the report to this file (atomically) instead of stdout")
    .option("--llm-base-url <url>", "OpenAI-compatible endpoint for the llm decider (default PATHWAYKIT_LLM_BASE_URL)")
    .option("--llm-model <name>", "model for the llm decider (default PATHWAYKIT_LLM_MODEL); the key comes from PATHWAYKIT_LLM_API_KEY")
    .option("--color", "force colours")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Each scenario names its pathway (relative to the scenario file), gives the caller's turns and what to expect.
A failure shows the expected and actual values and the trace up to that point.

Exit codes: 0 all scenarios passed, 1 a scenario failed or coverage is below --min-coverage,
2 usage error, or a scenario (or its pathway) could not be read or is invalid.

Examples:
  $ pathway test pathways/scenarios/
  $ pathway test --coverage --min-coverage nodes=90,edges=80
  $ pathway test "test/**/*.scenario.yaml" --format junit -o reports/pathways.xml
  $ pathway test booking.scenario.yaml --format json | jq '.results[0].trace'`,
    )
    .action(async (inputs: string[], options: TestOptions) => {
      const report = await runScenarioFiles(io.host, inputs, options);
      const formatter = await getFormatter(options.format);
      const text = formatter(report, { color: options.output ? options.color === true : useColor(options.color, io), coverage: Boolean(options.coverage) });
      await writeOutput(io, options.output, text);
      if (options.output !== undefined && options.output !== "-") {
        const s = report.summary;
        io.stderr.write(`pathway test: ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""}; report written to ${options.output}\n`);
      }
      if (report.summary.errors > 0) io.setExitCode(EXIT.failure);
      else if (report.summary.failed > 0 || (report.coverageFailures?.length ?? 0) > 0) io.setExitCode(EXIT.findings);
    });
}
