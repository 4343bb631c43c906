// `pathway test --server`: flags -> runServerScenarios (the pushed scenarios, run on the service's Agent Testing, Ctrl-C stopping the wait) -> the test report -> exit code.
import { runServerScenarios } from "../../engine/scenarios/server/run-server.js";
import type { VersionSpec } from "../../engine/project/version-spec.js";
import { EXIT, ExitError } from "../exit.js";
import { toPollOptions, withInterrupt, type ServerTestFlags } from "./wait.js";
import type { CliIo } from "../io.js";
import { toRemoteOptions, type RemoteFlags } from "../remote-options.js";
import { writeTestReport, type TestOutputFlags } from "../testing/output.js";

/** What `pathway test --server` reads of its flags. */
type Flags = ServerTestFlags & TestOutputFlags & RemoteFlags & { pathwayVersion?: VersionSpec; repeat?: number; minPassRate?: number };

/** Flags of runs made here (offline, live, with models), by the attribute commander sets, and how the user typed them. */
const HERE_ONLY: Record<string, string> = {
  live: "--live",
  compare: "--compare",
  watch: "--watch",
  coverage: "--coverage",
  minCoverage: "--min-coverage",
  decider: "--decider",
  liveWebhooks: "--live-webhooks",
  pathwayId: "--pathway-id",
  callerModel: "--caller-model",
  agentModel: "--agent-model",
  judgeModel: "--judge-model",
  record: "--record",
  replay: "--replay",
};

/** Runs the scenarios `inputs` names on the service and writes the report; a flag of runs made here is a usage error. */
export async function testOnServer(inputs: string[], flags: Flags, io: CliIo): Promise<void> {
  if (!flags.server) throw new ExitError(EXIT.failure, "--explain asks the service to analyse the runs of --server: add --server.");
  const set = flags as unknown as Record<string, unknown>;
  const given = Object.entries(HERE_ONLY)
    .filter(([key]) => set[key] !== undefined && set[key] !== false)
    .map(([, flag]) => flag);
  if (given.length > 0)
    throw new ExitError(
      EXIT.failure,
      `--server runs the scenarios on the service's Agent Testing; ${given.join(", ")} ${given.length === 1 ? "is" : "are"} for runs made here: leave ${given.length === 1 ? "it" : "them"} out.`,
    );
  const { baseUrl, timeout, retries, maxResponse } = flags;
  const report = await withInterrupt(io, "no longer waiting for the service (its runs go on there); reporting what it has said so far", (signal) =>
    runServerScenarios(io.host, inputs, {
      remote: toRemoteOptions({ baseUrl, timeout, retries, maxResponse }, io),
      ...(flags.pathwayVersion !== undefined && { pathwayVersion: flags.pathwayVersion }),
      ...(flags.repeat !== undefined && { repeat: flags.repeat }),
      ...(flags.minPassRate !== undefined && { minPassRate: flags.minPassRate }),
      explain: flags.explain === true,
      ...toPollOptions(io, flags, signal),
    }),
  );
  await writeTestReport(io, report, flags);
}
