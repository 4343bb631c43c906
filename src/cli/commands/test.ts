// `pathway test`: runs scenario files against their pathways, prints a report (text, json, junit, tap) and coverage.
import type { Command } from "commander";
import { runScenarioFiles, type RunScenariosOptions } from "../../engine/scenarios/run-scenarios.js";
import type { TestFormatter } from "../../format/test-report.js";
import { formatTestJunit } from "../../format/junit.js";
import { formatTestTap } from "../../format/tap.js";
import { formatTestJson, formatTestStylish } from "../../format/test-report.js";
import { createProgressReporter } from "../progress.js";
import { EXIT, ExitError } from "../exit.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { useReportColor, writeOutput } from "../output.js";
import { refuseUnwatchable, watchCommand, WATCH_HELP } from "../watch.js";
import { ScenarioDependencies } from "../../engine/watch/watch-plan.js";

const FORMATS = ["text", "json", "junit", "tap"] as const;

interface TestOptions extends Omit<RunScenariosOptions, "remote">, RemoteFlags {
  format: (typeof FORMATS)[number];
  color?: boolean;
  output?: string;
  watch?: boolean;
}

async function getFormatter(name: TestOptions["format"]): Promise<TestFormatter> {
  if (name === "junit") return formatTestJunit;
  if (name === "tap") return formatTestTap;
  return name === "json" ? formatTestJson : formatTestStylish;
}

/** Registers `pathway test` on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(program.command("test"))
    .description("run scenario files (*.scenario.yaml) against their pathways: path taken, what was said, variables collected")
    .argument("[inputs...]", "scenario files, directories (searched for *.scenario.yaml/.yml/.json) or globs; default: the current directory")
    .addOption(option("format", { formats: FORMATS }))
    .addOption(option("coverage"))
    .addOption(option("minCoverage"))
    .addOption(option("decider", { in: "scenarios" }))
    .addOption(option("liveWebhooks", { in: "scenarios" }))
    .addOption(option("live", { does: "run the scenarios against the service's text chat" }))
    .addOption(option("pathwayId", { with: "--live", default: "the manifest entry of each scenario's pathway file" }))
    .addOption(option("pathwayVersion", { for: "chat", with: "--live or --compare" }))
    .addOption(option("compare"))
    .addOption(option("repeat", { and: "report its pass rate and the paths taken" }))
    .addOption(option("minPassRate", { with: "--repeat" }))
    .addOption(option("concurrency", { of: "live runs", note: "across scenarios and repeats" }))
    .addOption(option("output"))
    .addOption(option("llmBaseUrl"))
    .addOption(option("llmModel"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addOption(option("watch", { for: "the scenarios that changed and those whose pathway or mocks changed" }))
    .addHelpText(
      "after",
      `
Each scenario names its pathway (relative to the scenario file), gives the caller's turns and what to expect.
A failure shows the expected and actual values and the trace up to that point.

Live runs (--live) send each turn's user text to the service's chat with the remote pathway and check the same
expectations against its answers: said (assistant responses), node (current node, resolved through the local file),
vars, ended (completed); take: asserts that the live agent moved along that edge. Models vary: --repeat 5 runs each
scenario five times and reports its pass rate and paths; --min-pass-rate 0.8 passes a scenario at 80%.
--pathway-version tests a saved version before it is live: the chat is started with its pathway_version (draft:
the version \`pathway push --draft\` recorded in pathwaykit.manifest.json; production: no pathway_version, as the
chat's default; staging: the version the service reports in staging). The report (and JUnit properties
pathwayVersion, pathwayHash) names the version tested and the sha256 of its content.

${WATCH_HELP} With --watch, coverage is of the scenarios each run ran.

Exit codes: 0 all scenarios passed, 1 a scenario failed or coverage is below --min-coverage,
2 usage error, or a scenario (or its pathway) could not be read or is invalid, or its live chat could not start
(including a --pathway-version the service does not have, or a draft the manifest does not record);
with --watch, 0 when stopped with Ctrl-C.

Examples:
  $ pathway test pathways/scenarios/
  $ pathway test --coverage --min-coverage nodes=90,edges=80
  $ pathway test "test/**/*.scenario.yaml" --format junit -o reports/pathways.xml
  $ pathway test booking.scenario.yaml --format json | jq '.results[0].trace'
  $ PATHWAYKIT_API_KEY=... pathway test scenarios/ --live --repeat 3 --min-pass-rate 0.66
  $ pathway test booking.scenario.yaml --compare --pathway-id 3f1c...
  $ pathway test scenarios/ --live --pathway-version draft --format junit -o reports/live.xml
  $ pathway test pathways/scenarios/ --watch`,
    )
    .action(async (inputs: string[], options: TestOptions) => {
      if (!options.watch) {
        await testOnce(inputs, options, io);
        return;
      }
      refuseUnwatchable(inputs);
      if (options.live || options.compare)
        throw new ExitError(
          EXIT.failure,
          "--watch runs the scenarios offline on each save; --live and --compare chat with the service (and may cost): run them without --watch.",
        );
      const reads = new ScenarioDependencies();
      await watchCommand(io, {
        json: options.format === "json",
        toFile: options.output !== undefined && options.output !== "-",
        run: async (changes, runIo) => {
          const selection = changes && reads.plan(changes);
          const only = selection?.all === false ? selection.only : undefined;
          if (only) reads.forget(only);
          return testOnce(inputs, options, runIo, { ...(only && { only }), onRead: (scenario, file) => reads.record(scenario, file) });
        },
      });
    });
}

/** One test run (of every scenario, or a watch run's selection); false when the selection held no scenario. */
async function testOnce(inputs: string[], options: TestOptions, io: CliIo, watch: Pick<RunScenariosOptions, "only" | "onRead"> = {}): Promise<boolean> {
  const { watch: _watch, baseUrl, endpoint, timeout, retries, maxResponse, ...rest } = options;
  // A bar on a terminal while scenarios run: a live suite can take minutes.
  const progress = createProgressReporter(io, options.live || options.compare ? "running live" : "running");
  const report = await runScenarioFiles(io.host, inputs, {
    ...rest,
    ...watch,
    remote: toRemoteOptions({ baseUrl, endpoint, timeout, retries, maxResponse }, io),
    onProgress: progress.report,
  }).finally(progress.stop);
  if (watch.only && report.results.length === 0) return false;
  const formatter = await getFormatter(options.format);
  const text = formatter(report, { color: useReportColor(options.color, options.output, io), coverage: Boolean(options.coverage) });
  await writeOutput(io, options.output, text);
  if (options.output !== undefined && options.output !== "-") {
    const s = report.summary;
    io.stderr.write(
      `pathway test: ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""}; report written to ${options.output}\n`,
    );
  }
  if (report.summary.errors > 0) io.setExitCode(EXIT.failure);
  else if (report.summary.failed > 0 || (report.coverageFailures?.length ?? 0) > 0) io.setExitCode(EXIT.findings);
  return true;
}
