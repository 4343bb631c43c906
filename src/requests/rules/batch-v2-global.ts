// A v2 batch's `global` holds what every call shares: it must name the instructions (task or pathway_id) and no number.
import { isObject } from "../../model/pathway.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export default defineRequestRule({
  meta: {
    id: "batch-v2-global",
    description: "A v2 batch has a `global` object with `task` or `pathway_id` and without `phone_number` (POST /v2/batches/create: global).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["batch-v2"],
    fields: ["global"],
    messages: {
      missing: 'The v2 batch has no "global"; add the settings every call shares, with a "task" or a "pathway_id" (POST /v2/batches/create: global).',
      notObject: "global is {{value}}; write it as an object of the settings every call shares (POST /v2/batches/create: global).",
      noInstructions: 'global has neither "task" nor "pathway_id"; add the prompt or the pathway every call follows (POST /v2/batches/create: global).',
      phoneNumber: 'global has a "phone_number", which POST /v2/batches/create does not allow there; put each number in its entry of call_objects.',
    },
  },
  check({ body }, report) {
    const global = body.global;
    if (global === undefined) return report({ pointer: "", messageId: "missing", data: {} });
    if (!isObject(global)) return report({ pointer: at("global"), messageId: "notObject", data: { value: show(global) } });
    if (blank(global.task) && blank(global.pathway_id)) report({ pointer: at("global"), messageId: "noInstructions", data: {} });
    if (Object.hasOwn(global, "phone_number")) report({ pointer: at("global", "phone_number"), messageId: "phoneNumber", data: {} });
  },
});
