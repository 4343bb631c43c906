// A v2 batch's `call_objects` is a list of objects, one call each (each a POST /v1/calls body, checked as one).
import { isObject } from "../../model/pathway.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "batch-v2-call-objects",
    description: "A v2 batch has `call_objects`: a non-empty list of objects, one `POST /v1/calls` body per call (POST /v2/batches/create: call_objects).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["batch-v2"],
    fields: ["call_objects"],
    messages: {
      missing: 'The v2 batch has no "call_objects"; add one object per call, each with its "phone_number" (POST /v2/batches/create: call_objects).',
      notList: "call_objects is {{value}}; write it as a list of objects, one per call (POST /v2/batches/create: call_objects).",
      empty: 'call_objects is empty, so the batch places no call; add one object per call with its "phone_number".',
      notObject: 'call_objects[{{index}}] is {{value}}; write each call as an object with its "phone_number" (POST /v2/batches/create: call_objects).',
    },
  },
  check({ body }, report) {
    const calls = body.call_objects;
    if (calls === undefined) return report({ pointer: "", messageId: "missing", data: {} });
    if (!Array.isArray(calls)) return report({ pointer: at("call_objects"), messageId: "notList", data: { value: show(calls) } });
    if (calls.length === 0) return report({ pointer: at("call_objects"), messageId: "empty", data: {} });
    calls.forEach((call, index) => {
      if (!isObject(call)) report({ pointer: at("call_objects", index), messageId: "notObject", data: { index, value: show(call) } });
    });
  },
});
