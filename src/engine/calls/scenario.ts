// `scenarios from-call`: one scenario file per mapped call record, beside the others, with personal data masked by default.
import path from "node:path";
import { mapCallToPathway, toCallScenario } from "../../calls/index.js";
import { createFlowModel } from "../../graph/flow.js";
import { toScenarioYaml } from "../../simulate/scenario-yaml.js";
import { forEachCallRecord, loadCallsPathway, type CallReadSummary } from "./read.js";
import { createIdFiles } from "../project/id-files.js";
import { loadScenario } from "../../simulate/scenario.js";
import { EngineError } from "../../host/errors.js";
import { DEFAULT_MAX_SCENARIO_FILES } from "./limits.js";
import type { Host } from "../../host/host.js";
import { toRealPath } from "../../host/real-path.js";
import { findScenarioSchemaRef } from "../scenarios/scenario-schema-ref.js";

/** Options of `writeCallScenarios`. */
export interface CallScenarioFilesOptions {
  output: string;
  pathwayId?: string;
  /** Mask phone numbers and emails (default true). */
  mask?: boolean;
  /** Overwrite a call's scenario file that exists (default false: such a call is skipped and listed). Another call's file is never overwritten. */
  force?: boolean;
  /** Most files written in one run (default 1,000); the calls past it are counted in `leftOut`. */
  maxFiles?: number;
}

export { DEFAULT_MAX_SCENARIO_FILES } from "./limits.js";

/** What was written, what was not and why, and the turns that could not be reconstructed. */
export interface CallScenarioFiles {
  /** Per file: the turns that could not be reconstructed (`gaps`) and what was assumed (`notes`). */
  files: { callId: string; file: string; gaps: string[]; notes: string[] }[];
  skipped: { callId: string; reason: string }[];
  /** Calls that mapped but were not written because `maxFiles` files were already due. */
  leftOut: number;
  read: CallReadSummary;
}

const HEADER = "Made by `pathway scenarios from-call` from a recorded call: the caller's words, along the path the call took.";

/** The call a scenario file was made from, by its name (`call <id>`), or undefined for a file that is not such a scenario. */
function callIdOfScenario(bytes: Uint8Array): string | undefined {
  const loaded = loadScenario(new TextDecoder().decode(bytes));
  const name = loaded.ok ? loaded.scenario.name : undefined;
  return name?.startsWith("call ") ? name.slice("call ".length) : undefined;
}

/**
 * Maps each record onto the pathway and writes `<output>/call-<call id>.scenario.yaml` for each mapped one, at most
 * `maxFiles` of them. The id is in the name as `calls fetch` writes it (a uuid as it is, `a/b` as `a%2Fb`), so two calls
 * never share a file, and a file already there that was made from another call is never written over.
 */
export async function writeCallScenarios(
  host: Host,
  pathwayArg: string,
  inputs: readonly string[],
  options: CallScenarioFilesOptions,
): Promise<CallScenarioFiles> {
  if (pathwayArg === "-") throw new EngineError("usage", "scenarios name their pathway by path, so it cannot come from stdin; name the pathway file.");
  const target = await loadCallsPathway(host, pathwayArg, options.pathwayId);
  const flow = createFlowModel(target.pathway);
  const dir = path.resolve(host.cwd, options.output);
  const pathwayRef = path
    .relative(await toRealPath(host, dir), await toRealPath(host, path.resolve(host.cwd, pathwayArg)))
    .split(path.sep)
    .join("/");
  const schema = await findScenarioSchemaRef(host, dir);
  const header = schema === undefined ? HEADER : `yaml-language-server: $schema=${schema}\n${HEADER}`;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_SCENARIO_FILES;
  const pending: { callId: string; text: string; gaps: string[]; notes: string[] }[] = [];
  const skipped: CallScenarioFiles["skipped"] = [];
  let leftOut = 0;
  const read = await forEachCallRecord(host, inputs, (record) => {
    const mapped = mapCallToPathway(record, flow, target.pathwayId === undefined ? {} : { pathwayId: target.pathwayId });
    if (mapped.status === "unmapped") return void skipped.push({ callId: record.callId, reason: mapped.reason ?? "not mapped" });
    // Past the cap nothing is kept: the texts wait in memory until every input is read.
    if (pending.length >= maxFiles) return void leftOut++;
    const { scenario, gaps, notes } = toCallScenario(mapped, flow, {
      pathwayRef,
      ...(record.requestData ? { requestData: record.requestData } : {}),
      mask: options.mask !== false,
    });
    for (const u of mapped.unmapped) gaps.push(`not in the scenario: ${u.message}`);
    pending.push({ callId: record.callId, text: toScenarioYaml(scenario, header), gaps, notes });
  });
  const scenarioFiles = createIdFiles(host, {
    dir,
    prefix: "call-",
    extension: ".scenario.yaml",
    idIn: callIdOfScenario,
    describe: (id) => `the scenario of call ${id}`,
  });
  const files: CallScenarioFiles["files"] = [];
  for (const p of pending) {
    const outcome = await scenarioFiles.write(p.callId, p.text, options.force === true);
    if (outcome.status === "exists") skipped.push({ callId: p.callId, reason: `${outcome.file} exists (--force overwrites it)` });
    else if (outcome.status === "refused") skipped.push({ callId: p.callId, reason: outcome.message });
    else files.push({ callId: p.callId, file: outcome.file, gaps: p.gaps, notes: p.notes });
  }
  return { files, skipped, leftOut, read };
}
