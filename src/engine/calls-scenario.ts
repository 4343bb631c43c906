// `scenarios from-call`: one scenario file per mapped call record, beside the others, with personal data masked by default.
import path from "node:path";
import { mapCallToPathway, toCallScenario } from "../calls/index.js";
import { createFlowModel } from "../graph/flow.js";
import { toScenarioYaml } from "../simulate/scenario-yaml.js";
import { forEachCallRecord, loadCallsPathway, type CallReadSummary } from "./calls-read.js";
import { toCallFileName } from "./calls-fetch.js";
import { EngineError } from "../host/errors.js";
import type { Host } from "../host/host.js";
import { displayPath } from "./project/inputs.js";
import { toRealPath } from "../host/real-path.js";
import { findScenarioSchemaRef } from "./scenario-schema-ref.js";

/** Options of `writeCallScenarios`. */
export interface CallScenarioFilesOptions {
  output: string;
  pathwayId?: string;
  /** Mask phone numbers and emails (default true). */
  mask?: boolean;
  /** Overwrite scenario files that exist (default false: such a call is skipped and listed). */
  force?: boolean;
}

/** What was written, what was not and why, and the turns that could not be reconstructed. */
export interface CallScenarioFiles {
  /** Per file: the turns that could not be reconstructed (`gaps`) and what was assumed (`notes`). */
  files: { callId: string; file: string; gaps: string[]; notes: string[] }[];
  skipped: { callId: string; reason: string }[];
  read: CallReadSummary;
}

const HEADER = "Made by `pathway scenarios from-call` from a recorded call: the caller's words, along the path the call took.";

/** Maps each record onto the pathway and writes `<output>/call-<call id>.scenario.yaml` for each mapped one. */
export async function writeCallScenarios(host: Host, pathwayArg: string, inputs: readonly string[], options: CallScenarioFilesOptions): Promise<CallScenarioFiles> {
  if (pathwayArg === "-") throw new EngineError("usage", "scenarios name their pathway by path, so it cannot come from stdin; name the pathway file.");
  const target = await loadCallsPathway(host, pathwayArg, options.pathwayId);
  const flow = createFlowModel(target.pathway);
  const dir = path.resolve(host.cwd, options.output);
  const pathwayRef = path.relative(await toRealPath(host, dir), await toRealPath(host, path.resolve(host.cwd, pathwayArg))).split(path.sep).join("/");
  const schema = await findScenarioSchemaRef(host, dir);
  const header = schema === undefined ? HEADER : `yaml-language-server: $schema=${schema}\n${HEADER}`;
  const pending: { callId: string; file: string; text: string; gaps: string[]; notes: string[] }[] = [];
  const skipped: CallScenarioFiles["skipped"] = [];
  const read = await forEachCallRecord(host, inputs, (record) => {
    const mapped = mapCallToPathway(record, flow, target.pathwayId === undefined ? {} : { pathwayId: target.pathwayId });
    if (mapped.status === "unmapped") return void skipped.push({ callId: record.callId, reason: mapped.reason ?? "not mapped" });
    const { scenario, gaps, notes } = toCallScenario(mapped, flow, { pathwayRef, ...(record.requestData ? { requestData: record.requestData } : {}), mask: options.mask !== false });
    for (const u of mapped.unmapped) gaps.push(`not in the scenario: ${u.message}`);
    pending.push({ callId: record.callId, file: path.join(dir, `call-${toCallFileName(record.callId).replace(/\.json$/, "")}.scenario.yaml`), text: toScenarioYaml(scenario, header), gaps, notes });
  });
  const files: CallScenarioFiles["files"] = [];
  for (const p of pending) {
    if (!options.force && (await host.stat(p.file)) !== undefined) {
      skipped.push({ callId: p.callId, reason: `${displayPath(host.cwd, p.file)} exists (--force overwrites it)` });
      continue;
    }
    await host.writeFile(p.file, p.text);
    files.push({ callId: p.callId, file: displayPath(host.cwd, p.file), gaps: p.gaps, notes: p.notes });
  }
  return { files, skipped, read };
}
