// In a dynamic_data body only {{from}}, {{to}}, {{short_from}}, {{short_to}} and {{call_id}} are replaced (seed 2.6).
import { isObject } from "../../model/pathway.js";
import { at, getTemplateVariables } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

/** The placeholders the API reference says a dynamic_data body may use (POST /v1/calls: dynamic_data). */
export const BODY_PLACEHOLDERS = ["from", "to", "short_from", "short_to", "call_id"];

function strings(value: unknown, path: (string | number)[], out: [string, (string | number)[]][]): void {
  if (typeof value === "string") out.push([value, path]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, [...path, i], out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) strings(v, [...path, k], out);
}

export default defineRequestRule({
  meta: {
    id: "dynamic-data-placeholder",
    description:
      "A `dynamic_data` body uses only the placeholders the service replaces: {{from}}, {{to}}, {{short_from}}, {{short_to}}, {{call_id}} (POST /v1/calls: dynamic_data).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      dynamicDataPlaceholder:
        "{{{{vName}}}} in a dynamic_data body is not replaced (the service replaces only {{BODY_PLACEHOLDERS}}; POST /v1/calls: dynamic_data); the literal text is sent.",
    },
  },
  check({ body }, report) {
    const items = Array.isArray(body.dynamic_data)
      ? body.dynamic_data.map((it, i) => [it, ["dynamic_data", i]] as const)
      : isObject(body.dynamic_data)
        ? [[body.dynamic_data, ["dynamic_data"]] as const]
        : [];
    for (const [item, path] of items) {
      if (!isObject(item) || item.body === undefined) continue;
      const found: [string, (string | number)[]][] = [];
      strings(item.body, [...path, "body"], found);
      for (const [text, p] of found) {
        for (const v of getTemplateVariables(text)) {
          if (!BODY_PLACEHOLDERS.includes(v.name))
            report({
              pointer: at(...p),
              messageId: "dynamicDataPlaceholder",
              data: { vName: v.name, BODY_PLACEHOLDERS: BODY_PLACEHOLDERS.map((x) => `{{${x}}}`).join(", ") },
            });
        }
      }
    }
  },
});
