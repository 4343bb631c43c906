// `pathway test`: runs scenario files against their pathways, prints a report (text, json, junit, tap) and coverage.
import type { Command } from "commander";
import { runScenarioFiles, type RunScenariosOptions } from "../../engine/scenarios/run-scenarios.js";
import { createProgressReporter } from "../progress.js";
import { EXIT, ExitError } from "../exit.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { refuseUnwatchable, watchCommand } from "../watch.js";
import { ScenarioDependencies } from "../../engine/watch/watch-plan.js";
import { TEST_HELP } from "../help/test.js";
import { TEST_FORMATS as FORMATS, writeTestReport, type TestOutputFlags } from "../testing/output.js";
import type { ServerTestFlags } from "../agent-testing/wait.js";

interface TestOptions extends Omit<RunScenariosOptions, "remote" | "modelTimeoutMs">, RemoteFlags, TestOutputFlags, ServerTestFlags {
  modelTimeout?: number;
  watch?: boolean;
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
    .addOption(option("pathwayVersion", { for: "run", with: "--live, --compare or --server" }))
    .addOption(option("compare"))
    .addOption(option("server", { for: "test" }))
    .addOption(option("explain"))
    .addOption(option("maxWait"))
    .addOption(option("pollInterval"))
    .addOption(option("repeat", { and: "report its pass rate and the paths taken" }))
    .addOption(option("minPassRate", { with: "--repeat" }))
    .addOption(option("concurrency", { of: "live and persona runs", note: "across scenarios and repeats" }))
    .addOption(option("output"))
    .addOption(option("llmBaseUrl"))
    .addOption(option("llmModel"))
    .addOption(option("callerModel"))
    .addOption(option("judgeModel"))
    .addOption(option("agentModel"))
    .addOption(option("maxTurns", { for: "personas" }))
    .addOption(option("record"))
    .addOption(option("replay"))
    .addOption(option("modelTimeout"))
    .addOption(option("tokenBudget"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addOption(option("watch", { for: "the scenarios that changed and those whose pathway or mocks changed" }))
    .addHelpText("after", TEST_HELP)
    .action(async (inputs: string[], options: TestOptions) => {
      if (options.server || options.explain) return (await import("../agent-testing/test-server.js")).testOnServer(inputs, options, io); // why: the agent-testing code loads only here
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
          // A save must not call the models: persona scenarios are played on each save only from recordings.
          return testOnce(inputs, options, runIo, {
            ...(only && { only }),
            ...(options.replay === undefined && { skipPersonas: true }),
            onRead: (scenario, file) => reads.record(scenario, file),
          });
        },
      });
    });
}

/** One test run (of every scenario, or a watch run's selection); false when the selection held no scenario. */
async function testOnce(
  inputs: string[],
  options: TestOptions,
  io: CliIo,
  watch: Pick<RunScenariosOptions, "only" | "onRead" | "skipPersonas"> = {},
): Promise<boolean> {
  const { watch: _watch, baseUrl, endpoint, timeout, retries, maxResponse, modelTimeout, ...rest } = options;
  // A bar on a terminal while scenarios run: a live suite can take minutes.
  const progress = createProgressReporter(io, options.live || options.compare ? "running live" : "running");
  const report = await runScenarioFiles(io.host, inputs, {
    ...rest,
    ...watch,
    ...(modelTimeout !== undefined && { modelTimeoutMs: modelTimeout }),
    remote: toRemoteOptions({ baseUrl, endpoint, timeout, retries, maxResponse }, io),
    onProgress: progress.report,
  }).finally(progress.stop);
  if (watch.only && report.results.length === 0) return false;
  await writeTestReport(io, report, options);
  return true;
}
