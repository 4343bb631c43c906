// A batch's call_data is a non-empty list of objects, each with a phone_number (seed 4.3).
import { isObject } from "../../model/pathway.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "batch-call-data",
    description: "A batch's `call_data` is a non-empty list of objects, each with a `phone_number` (POST /v1/batches: call_data).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["batch"],
    fields: ["call_data"],
    messages: {
      noRows: 'The batch {{detail}}; add one object per call, e.g. [{"phone_number": "+14155550123", "name": "Ada"}] (POST /v1/batches: call_data).',
      rowNotObject: "call_data[{{index}}] is {{row}}; each row is an object with a phone_number and the call's variables.",
      rowWithoutPhone: 'call_data[{{index}}] has no "phone_number"; every row needs the number to call (POST /v1/batches: call_data).',
    },
  },
  check({ body }, report) {
    const rows = body.call_data;
    if (!Array.isArray(rows) || rows.length === 0) {
      report({
        pointer: rows === undefined ? "" : at("call_data"),
        messageId: "noRows",
        data: { detail: rows === undefined ? 'has no "call_data"' : Array.isArray(rows) ? "has an empty call_data" : `call_data is ${show(rows)}` },
      });
      return;
    }
    rows.forEach((row, i) => {
      if (!isObject(row)) report({ pointer: at("call_data", i), messageId: "rowNotObject", data: { index: i, row: show(row) } });
      else if (row.phone_number === undefined) report({ pointer: at("call_data", i), messageId: "rowWithoutPhone", data: { index: i } });
    });
  },
});
