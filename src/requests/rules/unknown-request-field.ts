// A field the seed does not list that is a few edits from one it does (`request_dta`) is likely a typo: its value may be lost.
import { at, show } from "../helpers.js";
import { getUndocumentedFields } from "../fields.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "unknown-request-field",
    description: "A request field (or retry, pronunciation_guide or dynamic_data field) the seed does not list but that is close to one it does is reported with the nearest name (`request_dta` -> `request_data`).",
    defaultSeverity: "warning",
    kinds: ["call", "batch", "inbound", "purchase"],
  },
  check({ kind, body }, report) {
    for (const f of getUndocumentedFields(kind, body)) {
      if (f.near === undefined) continue;
      report({ pointer: at(...f.path), message: `${f.what} has the field ${show(f.key)}, which is not in the seed; did you mean "${f.near}"?` });
    }
  },
});
