// A v2 batch's calls checked as what they are, POST /v1/calls bodies: each call object over `global`, with the call rules.
import type { Diagnostic } from "../diagnostics/index.js";
import { parsePointer, toPointer } from "../diagnostics/index.js";
import { isObject, type JsonObject } from "../model/pathway.js";
import { runRules, type RuleSetting, type RuleMeta } from "../rules/index.js";
import type { RequestContext, RequestPathway, RequestRule } from "./rule.js";

/** Calls whose findings are listed one by one per finding before the rest are counted (a batch may hold thousands). */
const MAX_CALLS_LISTED = 10;

/** What checking one merged call needs from the request check: the rules, their settings, "now" and the pathway. */
export interface BatchV2CallCheck {
  rules: readonly RequestRule[];
  settingFor: (meta: RuleMeta) => RuleSetting;
  now: Date;
  /** The pathway the calls use, walked from a start node (`start_node_id`), when one was given. */
  pathwayFor?: (startNodeId: string | undefined) => RequestPathway;
}

/**
 * One call of the batch as `POST /v1/calls` would get it: `global`'s fields, then the call object's own (how the two
 * combine is not documented; a call object's own value is read first, and `request_data` objects are merged key by
 * key, so no variable either gives is called missing). `b_cid` is the v2 call object's own field, not a call's.
 */
function mergeCall(global: JsonObject, call: JsonObject): JsonObject {
  const merged: JsonObject = { ...global, ...call };
  delete merged.b_cid;
  if (isObject(global.request_data) && isObject(call.request_data)) merged.request_data = { ...global.request_data, ...call.request_data };
  return merged;
}

/** Where a finding about the merged call belongs in the file: the call object's field, else `global`'s, else the call object. */
function placeIn(pointer: string, global: JsonObject, call: JsonObject, index: number): string {
  const path = parsePointer(pointer);
  const field = path[0];
  if (field === undefined) return toPointer(["call_objects", index]);
  if (Object.hasOwn(call, field)) {
    // A request_data key only global gives is global's, though the merged call holds both objects' keys.
    const key = path[1];
    const fromGlobal =
      field === "request_data" &&
      key !== undefined &&
      isObject(call.request_data) &&
      !Object.hasOwn(call.request_data, key) &&
      isObject(global.request_data) &&
      Object.hasOwn(global.request_data, key);
    return toPointer(fromGlobal ? ["global", ...path] : ["call_objects", index, ...path]);
  }
  if (Object.hasOwn(global, field)) return toPointer(["global", ...path]);
  return toPointer(["call_objects", index]);
}

/**
 * Checks every call of a v2 batch with the call rules (`batch-v2-global` says what `global` lacks, so the call rule's
 * "neither task nor pathway_id" is left to it). A finding about `global` is reported once; one about a call object is
 * reported for the first ten calls that have it, and the tenth says how many more have it too.
 */
export function checkBatchV2Calls(body: JsonObject, check: BatchV2CallCheck): Diagnostic[] {
  const global = isObject(body.global) ? body.global : {};
  const calls = Array.isArray(body.call_objects) ? body.call_objects : [];
  const seen = new Set<string>();
  const perCall = new Map<string, { listed: Diagnostic[]; more: number }>();
  const out: Diagnostic[] = [];
  const pathways = new Map<string | undefined, RequestPathway>();
  calls.forEach((call, index) => {
    if (!isObject(call)) return;
    const merged = mergeCall(global, call);
    const usesPathway = typeof merged.pathway_id === "string" && merged.pathway_id.trim() !== "";
    const start = typeof merged.start_node_id === "string" ? merged.start_node_id : undefined;
    let pathway: RequestPathway | undefined;
    if (usesPathway && check.pathwayFor) {
      pathway = pathways.get(start);
      if (!pathway) pathways.set(start, (pathway = check.pathwayFor(start)));
    }
    const context: RequestContext = { kind: "call", body: merged, now: check.now, ...(pathway && { pathway }) };
    for (const d of runRules(context, check.rules, check.settingFor)) {
      if (d.ruleId === "missing-instructions" && d.pointer === "") continue;
      const pointer = placeIn(d.pointer, global, call, index);
      const placed = { ...d, pointer };
      if (pointer.startsWith("/global")) {
        const key = `${d.ruleId}\u0000${pointer}\u0000${d.message}`;
        if (!seen.has(key)) out.push(placed);
        seen.add(key);
        continue;
      }
      const key = `${d.ruleId}\u0000${pointer.replace(/^\/call_objects\/\d+/, "")}\u0000${d.message}`;
      const group = perCall.get(key) ?? { listed: [], more: 0 };
      perCall.set(key, group);
      if (group.listed.length < MAX_CALLS_LISTED) group.listed.push(placed);
      else group.more++;
    }
  });
  for (const { listed, more } of perCall.values()) {
    if (more > 0)
      listed[listed.length - 1] = {
        ...listed[listed.length - 1]!,
        message: `${listed[listed.length - 1]!.message} The same holds for ${more} more of call_objects.`,
      };
    out.push(...listed);
  }
  return out;
}
