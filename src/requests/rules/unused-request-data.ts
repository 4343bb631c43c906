// request_data keys the pathway never reads are probably misnamed (a case or spelling mismatch) or left over.
import { isObject } from "../../model/pathway.js";
import { at, closestName, getTemplateVariables } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "unused-request-data",
    description: "Each `request_data` key is read by the pathway or by first_sentence, task or voicemail_message (a note: it may be misnamed).",
    defaultSeverity: "info",
    set: "request",
    kinds: ["call", "batch"],
    messages: {
      unusedRequestData: 'request_data "{{key}}" is never read by the pathway {{pathwayWhere}}{{detail}}',
    },
  },
  check({ body, pathway }, report) {
    if (!pathway || !isObject(body.request_data)) return;
    const read = new Set(pathway.reads);
    for (const field of ["first_sentence", "task", "voicemail_message"]) {
      const text = body[field];
      if (typeof text === "string") for (const v of getTemplateVariables(text)) read.add(v.root);
    }
    for (const key of Object.keys(body.request_data)) {
      if (read.has(key)) continue;
      const near = closestName(key, [...read]);
      report({
        pointer: at("request_data", key),
        messageId: "unusedRequestData",
        data: {
          key,
          pathwayWhere: pathway.where,
          detail: near ? `; it reads {{${near}}}: is this the same name?` : `; the agent still sees it, but no {{${key}}} uses it.`,
        },
      });
    }
  },
});
