// Fields no dedicated rule checks get their type from the zod model (booleans, strings, objects), so the model stays the one source.
import { REQUEST_SCHEMAS } from "../models.js";
import { at, show } from "../helpers.js";
import { defineRequestRule, type RequestRule } from "../rule.js";

/** Builds the rule with the fields the dedicated rules own, which it leaves alone. */
export function createFieldTypeRule(owned: (kind: string) => ReadonlySet<string>): RequestRule {
  return defineRequestRule({
    meta: {
      id: "request-field-type",
      description: "Every other documented request field has the type the seed gives (boolean, string, object, list, enum) (seed 4.1, 4.2, 4.3, 4.6).",
      defaultSeverity: "error",
        set: "request",
        kinds: ["call", "batch", "inbound", "purchase"],
        messages: {
            requestFieldType: "{{detail}} is {{value}}: {{issueMessage}} (seed 4.{{detail2}})."
            }
    },
    check({ kind, body }, report) {
      const shape = REQUEST_SCHEMAS[kind].shape as Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }>;
      const skip = owned(kind);
      for (const [field, value] of Object.entries(body)) {
        const schema = shape[field];
        if (!schema || skip.has(field) || value === undefined) continue;
        const result = schema.safeParse(value);
        if (result.success) continue;
        const issue = result.error!.issues[0]!;
        const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
        report({ pointer: at(field, ...path), messageId: "requestFieldType", data: { detail: [field, ...path].join("."), value: show(value), issueMessage: issue.message.replace(/\.$/, ""), detail2: kind === "inbound" ? 2 : kind === "batch" ? 3 : kind === "purchase" ? 6 : 1 } });
      }
    },
  });
}
