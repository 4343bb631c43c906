// A field the seed does not list is usually a typo (`request_dta`): the service ignores it, so the value is silently lost.
import { isObject } from "../../model/pathway.js";
import { DynamicDataItemSchema, getKnownFields, PronunciationItemSchema, ResponseDataItemSchema, RetrySchema } from "../models.js";
import { at, closestName } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

const RETRY = Object.keys(RetrySchema.shape);
const PRONUNCIATION = Object.keys(PronunciationItemSchema.shape);
const DYNAMIC = Object.keys(DynamicDataItemSchema.shape);
const RESPONSE = Object.keys(ResponseDataItemSchema.shape);

export default defineRequestRule({
  meta: {
    id: "unknown-request-field",
    description: "Request fields (and retry, pronunciation_guide and dynamic_data fields) are ones the seed lists; an unknown one is reported with the nearest known name (`request_dta` -> `request_data`).",
    defaultSeverity: "warning",
    kinds: ["call", "batch", "inbound", "purchase"],
  },
  check({ kind, body }, report) {
    const check = (value: unknown, known: readonly string[], path: (string | number)[], what: string) => {
      if (!isObject(value)) return;
      for (const key of Object.keys(value)) {
        if (known.includes(key)) continue;
        const near = closestName(key, known);
        report({ pointer: at(...path, key), message: `${what} has the unknown field "${key}"${near ? `; did you mean "${near}"?` : ", which the service ignores; remove it or check its name in the seed's field list."}` });
      }
    };
    check(body, getKnownFields(kind), [], `The ${kind} request`);
    if (kind === "purchase") return;
    check(body.retry, RETRY, ["retry"], "retry");
    if (Array.isArray(body.pronunciation_guide)) body.pronunciation_guide.forEach((item, i) => check(item, PRONUNCIATION, ["pronunciation_guide", i], `pronunciation_guide[${i}]`));
    const dynamic = Array.isArray(body.dynamic_data) ? body.dynamic_data.map((d, i) => [d, ["dynamic_data", i]] as const) : [[body.dynamic_data, ["dynamic_data"]] as const];
    for (const [item, path] of dynamic) {
      check(item, DYNAMIC, [...path], "dynamic_data item");
      if (isObject(item) && Array.isArray(item.response_data)) item.response_data.forEach((r, j) => check(r, RESPONSE, [...path, "response_data", j], "response_data item"));
    }
  },
});
