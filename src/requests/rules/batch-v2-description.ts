// A v2 batch's `description` is documented as at most 60 characters; what the service does with a longer one is not.
import { BATCH_V2_DESCRIPTION_MAX } from "../models.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "batch-v2-description",
    description: `A v2 batch's \`description\` is a string of at most ${BATCH_V2_DESCRIPTION_MAX} characters (POST /v2/batches/create: description); what the service does with a longer one is not documented.`,
    defaultSeverity: "warning",
    set: "request",
    kinds: ["batch-v2"],
    fields: ["description"],
    messages: {
      notString: "description is {{value}}; write it as a string of at most {{max}} characters (POST /v2/batches/create: description).",
      tooLong:
        "description has {{length}} characters, over the {{max}} POST /v2/batches/create documents; what the service does with a longer one is not documented, so shorten it.",
    },
  },
  check({ body }, report) {
    const text = body.description;
    if (text === undefined || text === null) return;
    if (typeof text !== "string")
      return report({ pointer: at("description"), messageId: "notString", data: { value: show(text), max: BATCH_V2_DESCRIPTION_MAX } });
    const length = Array.from(text).length;
    if (length > BATCH_V2_DESCRIPTION_MAX) report({ pointer: at("description"), messageId: "tooLong", data: { length, max: BATCH_V2_DESCRIPTION_MAX } });
  },
});
