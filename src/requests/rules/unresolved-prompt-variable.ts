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
    description:
      "Every `{{variable}}` in `first_sentence`, `task` and `voicemail_message` is a `request_data` key (in a batch: a key of every row), a `dynamic_data` name or a system variable (POST /v1/calls: request_data).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    messages: {
      notRequestData:
        '{{{{vName}}}} in {{field}} is not a request_data key{{detail}}, a dynamic_data name or a system variable, so it is spoken literally; add "{{vRoot}}" to request_data.',
      moreNotSupplied:
        "{{restLength}} more {{variables}} in {{field}} are not supplied either ({{roots}}{{detail}}), so they are spoken literally; add them to request_data.",
    },
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
        report({
          pointer: at(field),
          messageId: "notRequestData",
          data: { vName: v.name, field, detail: kind === "batch" ? " or a key of every call_data row" : "", vRoot: v.root },
        });
      }
      // The output stays bounded whatever the field holds: the rest are counted in one finding, not listed one by one.
      const rest = missing.slice(MAX_PER_FIELD);
      if (rest.length > 0) {
        const roots = [...new Set(rest.map((v) => v.root))];
        report({
          pointer: at(field),
          messageId: "moreNotSupplied",
          data: {
            restLength: rest.length,
            field,
            roots: roots
              .slice(0, 5)
              .map((r) => `"${r}"`)
              .join(", "),
            detail: roots.length > 5 ? ", ..." : "",
          },
        });
      }
    }
  },
});
