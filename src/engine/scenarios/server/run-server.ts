// `runServerScenarios` (pathway test --server) and `runServerGate` (publish --require-pass --server): the pushed scenarios of the files named, checked against the service's copies, run there.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { getScenarioChanges } from "../../../interop/agent-testing/changes.js";
import { getNodes } from "../../../model/pathway.js";
import type { PathwayClient, ServerScenario } from "../../../remote/index.js";
import * as sim from "../../../simulate/index.js";
import type { ServerRunReport, TestCaseReport, TestReport } from "../../../simulate/index.js";
import { summarizeResults } from "../../../simulate/test-report.js";
import { EngineError } from "../../../host/errors.js";
import type { Host } from "../../../host/host.js";
import { resolveVersion, type ResolvedVersion, type VersionSpec } from "../../project/live-version.js";
import { loadManifest, type LoadedManifest } from "../../project/manifest.js";
import { createClient, loadRemote, toEngineError, type RemoteOptions } from "../../project/remote-client.js";
import { runOnServer, type PreparedScenario, type ServerRunOptions } from "./run-on-server.js";
import { readServerScenarioFiles, type ServerScenarioFile } from "./server-files.js";

/** Options of `runServerScenarios`; all optional. */
export interface RunServerScenariosOptions extends ServerRunOptions {
  remote?: RemoteOptions;
  /** The saved version to run on: a number, `draft` (the manifest's), `production` or `staging`. Default production (no version_number, the service's default). */
  pathwayVersion?: VersionSpec;
}

/** A case of a scenario that could not run, saying why (at the file's place when there is one). */
function errorCase(
  item: Pick<ServerScenarioFile, "file" | "name" | "pathway">,
  failures: { message: string; pointer?: string; line?: number; column?: number }[],
): TestCaseReport {
  return {
    file: item.file,
    name: item.name,
    ...(item.pathway !== undefined && { pathway: item.pathway }),
    status: "error",
    durationMs: 0,
    failures: failures.map((f) => ({ pointer: "", ...f })),
    warnings: [],
    trace: [],
    mode: "server",
  };
}

/** The node ids a pushed scenario names (its start and NODE_REACHED), for the check against the version run. */
function namedNodes(item: ServerScenarioFile): string[] {
  const ids = item.draft?.assertions.filter((a) => a.type === "NODE_REACHED").map((a) => String(a.config.node_id)) ?? [];
  const start = item.draft?.body.start_node_id;
  return typeof start === "string" ? [start, ...ids] : ids;
}

/**
 * The file's scenario as the service holds it, ready to run, or the case saying why not: not pushed, deleted on the
 * service, or different there from the file (the service would run its copy, not the file).
 */
async function prepare(client: PathwayClient, item: ServerScenarioFile): Promise<PreparedScenario | TestCaseReport> {
  if (item.problems.length > 0 || !item.draft) return errorCase(item, item.problems);
  const push = `\`pathway scenarios push ${item.file}\``;
  const record = item.entry?.scenarios?.find((r) => r.name === item.name);
  if (!record) return errorCase(item, [{ message: `not pushed to the service's Agent Testing yet: run ${push} first` }]);
  let current: ServerScenario;
  try {
    current = await client.getScenario(record.id);
  } catch (error) {
    if ((error as { kind?: unknown }).kind === "not-found")
      return errorCase(item, [{ message: `the service no longer has scenario ${record.id} (deleted in the web page?): run ${push} to make it again` }]);
    throw error;
  }
  const changes = getScenarioChanges(item.draft.body, current);
  if (changes.fields.length > 0)
    return errorCase(item, [
      {
        message: `the service's scenario ${current.id} differs from the file (${changes.fields.join(", ")}): run ${push} first, or the service runs its copy instead of the file`,
      },
    ]);
  const loaded = item.loaded && sim.createSimulator(item.loaded);
  return {
    subject: {
      file: item.file,
      name: item.name,
      ...(item.pathway !== undefined && { pathway: item.pathway }),
      ...(item.locate && { locate: item.locate }),
      own: item.draft.assertions,
    },
    scenarioId: current.id,
    held: current.assertions,
    ...(loaded && {
      nodeName: (id: string) => {
        const node = loaded.nodes.get(id);
        return node && sim.getSimNodeName(node);
      },
    }),
    warnings: item.notSent.map((n) => `not checked on the service: ${n.message.replace(/; not sent$/, "")}`),
  };
}

/** The totals of a report's cases. */
function toReport(results: TestCaseReport[], started: number, server: ServerRunReport[], skipped: string[]): TestReport {
  return {
    results,
    summary: summarizeResults(results, started),
    ...(server.length > 0 && { server }),
    ...(skipped.length > 0 && { skipped }),
  };
}

/** The client, refusing to go on without a key. */
async function serverClient(host: Host, options: RemoteOptions, manifest: LoadedManifest, signal: AbortSignal | undefined): Promise<PathwayClient> {
  const client = await createClient(host, { ...options, ...(signal && { signal }) }, manifest);
  if (!client.config.apiKey)
    throw new EngineError(
      "config",
      "--server runs the scenarios on the service's Agent Testing: set PATHWAYKIT_API_KEY to the key from the service's dashboard.",
    );
  return client;
}

/**
 * Runs the persona scenarios `args` names on the service's Agent Testing: those pushed with `pushServerScenarios` and
 * unchanged since, one batch per pathway (or, with `repeat`, one simulation set) on `pathwayVersion`. A scenario not
 * pushed, changed since, or naming a node the version lacks is a case that could not run; the service's verdicts make
 * the others. The report is the one `pathway test` prints, with `server` parts. Throws EngineError for what stops it.
 */
export async function runServerScenarios(host: Host, args: readonly string[], options: RunServerScenariosOptions = {}): Promise<TestReport> {
  const started = performance.now();
  const manifest = await loadManifest(host);
  const read = await readServerScenarioFiles(host, args, manifest);
  if (read.files.length === 0)
    throw new EngineError(
      "usage",
      `${args.length ? args.join(" ") : "The working directory"} names no persona scenario files; --server runs persona scenarios pushed with \`pathway scenarios push\`.`,
    );
  const client = await serverClient(host, options.remote ?? {}, manifest, options.signal);
  const results: (TestCaseReport | undefined)[] = [];
  const groups = new Map<string, { id: string; pathway: string; slots: { index: number; item: ServerScenarioFile; prepared: PreparedScenario }[] }>();
  const runs: ServerRunReport[] = [];
  try {
    for (const item of read.files) {
      const prepared = await prepare(client, item);
      if (!("scenarioId" in prepared)) {
        results.push(prepared);
        continue;
      }
      const key = `${item.id}\n${item.pathway}`;
      if (!groups.has(key)) groups.set(key, { id: item.id!, pathway: item.pathway!, slots: [] });
      groups.get(key)!.slots.push({ index: results.length, item, prepared });
      results.push(undefined);
    }
    for (const group of groups.values()) {
      let resolved: ResolvedVersion | undefined;
      if (options.pathwayVersion !== undefined) {
        try {
          resolved = await resolveVersion(host, client, manifest, group.id, options.pathwayVersion, path.resolve(host.cwd, group.pathway));
        } catch (error) {
          if (!(error instanceof EngineError) || error.kind !== "input") throw error;
          for (const s of group.slots) results[s.index] = errorCase(s.item, [{ message: error.message }]);
          continue;
        }
      }
      // A node id the version lacks fails the run on the service ("Invalid start_node_id"): said here, before it costs a run.
      const has = resolved && new Set(getNodes(resolved.pathway).map((n) => n.node.id));
      const ready = group.slots.filter((s) => {
        const missing = has ? namedNodes(s.item).filter((id) => !has.has(id)) : [];
        if (missing.length > 0)
          results[s.index] = errorCase(s.item, [
            {
              message: `node ${missing.map((m) => JSON.stringify(m)).join(", ")} is not in version ${resolved!.tested.version ?? resolved!.tested.requested} of pathway ${group.id}: push the pathway file the scenario was written for`,
            },
          ]);
        return missing.length === 0;
      });
      if (ready.length === 0) continue;
      const ran = await runOnServer(
        client,
        { pathwayId: group.id, ...(resolved?.send !== undefined && { versionNumber: resolved.send }), ...(resolved && { tested: resolved.tested }) },
        ready.map((s) => s.prepared),
        options,
      );
      runs.push(ran.run);
      ready.forEach((s, i) => (results[s.index] = ran.cases[i]!));
    }
  } catch (error) {
    throw await toEngineError(error);
  }
  return toReport(
    results.filter((r): r is TestCaseReport => r !== undefined),
    started,
    runs,
    [...read.skipped, ...read.scripted],
  );
}

/** What a release gate runs on: the client, the manifest, the pathway, and the version about to be promoted. */
export interface ServerGateTarget {
  client: PathwayClient;
  manifest: LoadedManifest;
  id: string;
  version: number;
  /** The pathway file (absolute) whose scenarios count; the others named are left out. Default: every file of pathway `id`. */
  pathwayFile?: string;
}

/**
 * A release gate on the service: the scenarios pushed from the files `args` names (of the pathway being promoted) and
 * every enabled scenario the service marks `is_required_for_promotion` for that pathway (web page ones too), run as one
 * batch (or simulation set) on the version about to be promoted. The report is `pathway test`'s.
 */
export async function runServerGate(host: Host, target: ServerGateTarget, args: readonly string[], options: ServerRunOptions = {}): Promise<TestReport> {
  const started = performance.now();
  const read = await readServerScenarioFiles(host, args, target.manifest);
  const mine = read.files.filter(
    (f) => f.id === target.id && (target.pathwayFile === undefined || (f.pathway !== undefined && path.resolve(host.cwd, f.pathway) === target.pathwayFile)),
  );
  const results: TestCaseReport[] = [];
  const prepared: PreparedScenario[] = [];
  for (const item of mine) {
    const p = await prepare(target.client, item);
    if ("scenarioId" in p) prepared.push(p);
    else results.push(p);
  }
  const { RemoteError } = await loadRemote();
  try {
    const gates = (await target.client.listScenarios({ pathwayId: target.id })).filter(
      (s) => s.is_required_for_promotion === true && s.enabled !== false && (s.pathway_id === undefined || s.pathway_id === target.id),
    );
    for (const gate of gates.filter((g) => !prepared.some((p) => p.scenarioId === g.id))) {
      prepared.push({
        subject: { file: `the service's scenario ${gate.id}`, name: gate.name || gate.id },
        scenarioId: gate.id,
        held: gate.assertions,
        warnings: ["a promotion gate made on the service (is_required_for_promotion)"],
      });
    }
  } catch (error) {
    throw error instanceof RemoteError ? await toEngineError(error, { id: target.id }) : error;
  }
  const runs: ServerRunReport[] = [];
  if (prepared.length > 0) {
    const ran = await runOnServer(target.client, { pathwayId: target.id, versionNumber: target.version }, prepared, options).catch(async (error: unknown) => {
      throw await toEngineError(error, { id: target.id });
    });
    runs.push(ran.run);
    results.push(...ran.cases);
  }
  return toReport(results, started, runs, [...read.skipped, ...read.scripted]);
}
