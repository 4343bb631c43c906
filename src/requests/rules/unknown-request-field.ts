// A field the seed does not list that is a few edits from one it does (`request_dta`) is likely a typo: its value may be lost.
import { at, show } from "../helpers.js";
import { getUndocumentedFields } from "../fields.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "unknown-request-field",
    description:
      "A request field (or retry, pronunciation_guide or dynamic_data field) the API reference does not list but that is close to one it does is reported with the nearest name (`request_dta` -> `request_data`).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound", "purchase", "batch-v2"],
    messages: {
      unknownRequestField: '{{fWhat}} has the field {{fKey}}, which the API reference does not list for {{fPlace}}; did you mean "{{fNear}}"?',
    },
  },
  check({ kind, body }, report) {
    for (const f of getUndocumentedFields(kind, body)) {
      if (f.near === undefined) continue;
      report({ pointer: at(...f.path), messageId: "unknownRequestField", data: { fWhat: f.what, fKey: show(f.key), fPlace: f.place, fNear: f.near } });
    }
  },
});
