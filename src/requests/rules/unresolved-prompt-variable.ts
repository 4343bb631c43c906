// {{variables}} in first_sentence, task and voicemail_message are filled from request_data (seed 2.6) or the system.
import { isObject } from "../../model/pathway.js";
import { at, getDynamicDataNames, getTemplateVariables } from "../helpers.js";
import { isSupplied } from "../pathway-variables.js";
import { defineRequestRule } from "../rule.js";

/** Findings listed one by one per field; past this many unsupplied variables, one more finding counts the rest. */
const MAX_PER_FIELD = 20;

export default defineRequestRule({
  meta: {
    id: "unresolved-prompt-variable",
    description: "Every `{{variable}}` in `first_sentence`, `task` and `voicemail_message` is a `request_data` key (in a batch: a key of every row), a `dynamic_data` name or a system variable (seed 2.6).",
    defaultSeverity: "error",
    kinds: ["call", "batch"],
  },
  check({ kind, body }, report) {
    const supplied = new Set([...(isObject(body.request_data) ? Object.keys(body.request_data) : []), ...getDynamicDataNames(body)]);
    if (kind === "batch" && Array.isArray(body.call_data)) {
      const rows = body.call_data.filter(isObject);
      if (rows.length > 0) for (const key of Object.keys(rows[0]!)) if (rows.every((r) => key in r)) supplied.add(key);
    }
    for (const field of ["first_sentence", "task", "voicemail_message"]) {
      const text = body[field];
      if (typeof text !== "string") continue;
      const missing = getTemplateVariables(text).filter((v) => !isSupplied(v.name, supplied));
      for (const v of missing.slice(0, MAX_PER_FIELD)) {
        report({ pointer: at(field), message: `{{${v.name}}} in ${field} is not a request_data key${kind === "batch" ? " or a key of every call_data row" : ""}, a dynamic_data name or a system variable, so it is spoken literally; add "${v.root}" to request_data.` });
      }
      // The output stays bounded whatever the field holds: the rest are counted in one finding, not listed one by one.
      const rest = missing.slice(MAX_PER_FIELD);
      if (rest.length > 0) {
        const roots = [...new Set(rest.map((v) => v.root))];
        report({ pointer: at(field), message: `${rest.length} more {{variables}} in ${field} are not supplied either (${roots.slice(0, 5).map((r) => `"${r}"`).join(", ")}${roots.length > 5 ? ", ..." : ""}), so they are spoken literally; add them to request_data.` });
      }
    }
  },
});
