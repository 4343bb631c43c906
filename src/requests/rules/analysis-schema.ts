// `analysis_schema` maps a result field to a type or format hint such as email, string, boolean (seed 4.1).
import { isObject } from "../../model/pathway.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "analysis-schema",
    description:
      "`analysis_schema` is an object mapping each field name to a non-empty type or format hint (email, string, boolean, a date-time format; POST /v1/calls: analysis_schema).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["analysis_schema"],
    messages: {
      notObject: 'analysis_schema is {{schema}}; write an object such as {"email": "email", "wants_demo": "boolean"}.',
      badHint: 'analysis_schema.{{name}} is {{hint}}; write a type or format hint as text, e.g. "string", "boolean", "email" or "YYYY-MM-DD".',
    },
  },
  check({ body }, report) {
    const schema = body.analysis_schema;
    if (schema === undefined) return;
    if (!isObject(schema)) {
      report({ pointer: at("analysis_schema"), messageId: "notObject", data: { schema: show(schema) } });
      return;
    }
    for (const [name, hint] of Object.entries(schema)) {
      if (typeof hint !== "string" || hint.trim() === "")
        report({ pointer: at("analysis_schema", name), messageId: "badHint", data: { name, hint: show(hint) } });
    }
  },
});
