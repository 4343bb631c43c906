// Fields no dedicated rule checks get their type from the zod model (booleans, strings, objects), so the model stays the one source.
import { REQUEST_ENDPOINTS, REQUEST_SCHEMAS } from "../models.js";
import { at, show } from "../helpers.js";
import { defineRequestRule, type RequestRule } from "../rule.js";

/** Builds the rule with the fields the dedicated rules own, which it leaves alone. */
export function createFieldTypeRule(owned: (kind: string) => ReadonlySet<string>): RequestRule {
  return defineRequestRule({
    meta: {
      id: "request-field-type",
      description:
        "Every other documented request field has the type the API reference gives it (boolean, string, object, list, enum) in the bodies of POST /v1/calls, /v1/batches, /v1/inbound/{phone_number}, /v1/inbound/purchase and /v2/batches/create.",
      defaultSeverity: "error",
      set: "request",
      kinds: ["call", "batch", "inbound", "purchase", "batch-v2"],
      messages: {
        requestFieldType: "{{detail}} is {{value}}: {{issueMessage}} ({{endpoint}}: {{field}}).",
      },
    },
    check({ kind, body }, report) {
      const shape = REQUEST_SCHEMAS[kind].shape as Record<
        string,
        { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }
      >;
      const skip = owned(kind);
      for (const [field, value] of Object.entries(body)) {
        const schema = shape[field];
        if (!schema || skip.has(field) || value === undefined) continue;
        const result = schema.safeParse(value);
        if (result.success) continue;
        const issue = result.error!.issues[0]!;
        const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
        report({
          pointer: at(field, ...path),
          messageId: "requestFieldType",
          data: {
            detail: [field, ...path].join("."),
            value: show(value),
            issueMessage: issue.message.replace(/\.$/, ""),
            endpoint: REQUEST_ENDPOINTS[kind],
            field,
          },
        });
      }
    },
  });
}
