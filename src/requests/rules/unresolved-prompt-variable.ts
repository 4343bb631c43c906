// {{variables}} in first_sentence, task and voicemail_message are filled from request_data (seed 2.6) or the system.
import { isObject } from "../../model/pathway.js";
import { at, getDynamicDataNames, getTemplateVariables } from "../helpers.js";
import { isSupplied } from "../pathway-variables.js";
import { defineRequestRule } from "../rule.js";

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
      for (const v of getTemplateVariables(text)) {
        if (isSupplied(v.name, supplied)) continue;
        report({ pointer: at(field), message: `{{${v.name}}} in ${field} is not a request_data key${kind === "batch" ? " or a key of every call_data row" : ""}, a dynamic_data name or a system variable, so it is spoken literally; add "${v.root}" to request_data.` });
      }
    }
  },
});
