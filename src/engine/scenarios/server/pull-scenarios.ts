// `pullServerScenarios`: writes the scenarios made in the service's web page for a pathway back as persona scenario files, and records them so that a push updates them.
import path from "node:path";
import { fromServerScenario } from "../../../interop/agent-testing/from-server.js";
import type { NodeRef } from "../../../interop/agent-testing/to-server.js";
import { escapeTerminalLine } from "../../../escape/terminal.js";
import * as sim from "../../../simulate/index.js";
import { toScenarioYaml } from "../../../simulate/scenario-yaml.js";
import { EngineError } from "../../../host/errors.js";
import type { Host } from "../../../host/host.js";
import { displayPath } from "../../project/inputs.js";
import { loadManifest, saveManifest, toManifestPath } from "../../project/manifest.js";
import { resolvePathwayArgument } from "../../project/pathway-argument.js";
import { createClient, toEngineError, type RemoteOptions } from "../../project/remote-client.js";
import { prepareGeneration, writeGeneration } from "../generate-scenario-files.js";
import { recordScenario } from "./push-scenarios.js";

/** Options of `pullServerScenarios`. */
export interface PullScenariosOptions {
  /** The folder the files are written into (created when missing). */
  output: string;
  /** Overwrite files that exist. Default false: nothing is written when one would be. */
  force?: boolean;
  remote?: RemoteOptions;
}

/** What `pathway scenarios pull --format json` prints. `ok` false: a scenario on the service could not be written as a file. */
export interface PullScenariosReport {
  ok: boolean;
  pathway: string;
  pathwayId: string;
  /** Files written, each with the service's scenario and the assertions it could not hold. */
  written: { file: string; name: string; id: string; notWritten: string[] }[];
  /** Scenarios not written: already pushed from a file, or none can hold them. */
  skipped: { name: string; id: string; reason: string }[];
}

/** A file-name part from a scenario's name: lower case, dashes, at most 60 characters. */
function toSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The header of a pulled file: where it came from, and what it could not hold (text from the service made inert). */
function toHeader(schema: string | undefined, id: string, notWritten: readonly string[]): string {
  const lines = [
    ...(schema === undefined ? [] : [schema]),
    `Pulled from the service's Agent Testing (scenario ${escapeTerminalLine(id)}) by \`pathway scenarios pull\`.`,
    "This file is now the source of truth: edit it here and run `pathway scenarios push` to update the service.",
    ...(notWritten.length === 0
      ? []
      : [
          "Assertions on the service a scenario file cannot hold (a push refuses to remove them without --force):",
          ...notWritten.map((n) => `- ${escapeTerminalLine(n).slice(0, 300)}`),
        ]),
  ];
  return lines.join("\n");
}

/**
 * Writes each scenario the service holds for the pathway of `pathwayArg` (a file tracked in the manifest) and that no
 * file pushed, as `<name>.scenario.yaml` in `options.output` (see fromServerScenario), and records it in the file's
 * manifest entry. Throws EngineError for what stops it (an untracked file, no key, the network, files in the way).
 */
export async function pullServerScenarios(host: Host, pathwayArg: string, options: PullScenariosOptions): Promise<PullScenariosReport> {
  const manifest = await loadManifest(host);
  const target = await resolvePathwayArgument(host, pathwayArg, { manifest });
  if (target.file === undefined || !target.entry)
    throw new EngineError(
      "usage",
      `${pathwayArg}: name the pathway file tracked in pathwaykit.manifest.json; the scenario files written name it with pathway:.`,
    );
  const { id, entry } = target;
  const generation = await prepareGeneration(host, target.file, options.output);
  const simulator = sim.createSimulator(generation.pathway);
  const toRef = (node: ReturnType<typeof sim.findNode>): NodeRef | undefined =>
    node && { id: node.id, ...(sim.getSimNodeName(node) !== undefined && { name: sim.getSimNodeName(node) }) };
  const context = {
    pathway: generation.pathwayRef,
    nodeById: (nodeId: string) => toRef(simulator.nodes.get(nodeId)),
    resolveNode: (ref: string) => toRef(sim.findNode(simulator, ref)),
  };
  const client = await createClient(host, options.remote ?? {}, manifest);
  if (!client.config.apiKey)
    throw new EngineError("config", "Pulling scenarios reads the service's Agent Testing: set PATHWAYKIT_API_KEY to the key from the service's dashboard.");
  let listed: Awaited<ReturnType<typeof client.listScenarios>>;
  try {
    listed = (await client.listScenarios({ pathwayId: id })).filter((s) => s.pathway_id === undefined || s.pathway_id === id);
  } catch (error) {
    throw await toEngineError(error, { id });
  }
  const schemaLine = generation.header.startsWith("yaml-language-server:") ? generation.header.split("\n")[0] : undefined;
  const report: PullScenariosReport = { ok: true, pathway: target.file, pathwayId: id, written: [], skipped: [] };
  const writes: [string, () => string][] = [];
  const taken = new Set<string>();
  for (const server of listed) {
    const record = entry.scenarios?.find((r) => r.id === server.id);
    if (record && (await host.stat(path.resolve(manifest.dir, record.file)))?.kind === "file") {
      report.skipped.push({ name: server.name, id: server.id, reason: `pushed from ${displayPath(host.cwd, path.resolve(manifest.dir, record.file))}` });
      continue;
    }
    const pulled = fromServerScenario(server, context);
    if ("skipped" in pulled) {
      report.ok = false;
      report.skipped.push({ name: server.name, id: server.id, reason: pulled.skipped });
      continue;
    }
    const stem = toSlug(server.name) || `scenario-${toSlug(server.id) || "service"}`;
    let name = stem;
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`;
    taken.add(name);
    const file = path.join(generation.dir, `${name}.scenario.yaml`);
    writes.push([file, () => toScenarioYaml(pulled.scenario, toHeader(schemaLine, server.id, pulled.notWritten))]);
    report.written.push({ file: displayPath(host.cwd, file), name: pulled.scenario.name?.trim() || name, id: server.id, notWritten: pulled.notWritten });
  }
  await writeGeneration(host, generation.dir, writes, options.force);
  for (const [i, w] of report.written.entries())
    recordScenario(host, manifest, entry.file, { name: w.name, id: w.id, file: toManifestPath(manifest, host.cwd, writes[i]![0]) });
  if (report.written.length > 0) await saveManifest(host, manifest);
  return report;
}
