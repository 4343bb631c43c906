// Every {name} base_prompt uses is a property of every call_data row; names are case-sensitive (seed 4.3).
import { isObject } from "../../model/pathway.js";
import { at, getBatchPlaceholders } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

/** Rows reported one by one per name before the rest are counted in one finding. */
const MAX_ROWS = 10;

export default defineRequestRule({
  meta: {
    id: "batch-missing-placeholder",
    description: "Every `{name}` in a batch's `base_prompt` is a property of every `call_data` row, with the same case (POST /v1/batches: base_prompt).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["batch"],
    messages: {
      missingInRow:
        'call_data[{{index}}] has no "{{variable}}", which base_prompt inserts as {{{variable}}}{{caseHint}}: add "{{variable}}" to this row, or the call hears the literal {{{variable}}}.',
      missingInMoreRows:
        '"{{variable}}" is also missing from {{more}} more call_data rows ({{missing}} of {{rows}} in all); base_prompt inserts it as {{{variable}}}.',
    },
  },
  check({ body }, report) {
    if (typeof body.base_prompt !== "string" || !Array.isArray(body.call_data)) return;
    const names = getBatchPlaceholders(body.base_prompt).filter((n) => n !== "phone_number");
    const rows = body.call_data.map((row, i) => [row, i] as const).filter(([row]) => isObject(row)) as [Record<string, unknown>, number][];
    for (const name of names) {
      // Own properties only: `in` finds {constructor} or {toString} on every object's prototype.
      const lacking = rows.filter(([row]) => !Object.hasOwn(row, name));
      if (lacking.length === 0) continue;
      // A large batch missing a name in most rows would otherwise print a finding per row: show the first few.
      for (const [row, i] of lacking.slice(0, MAX_ROWS)) {
        const other = Object.keys(row).find((k) => k.toLowerCase() === name.toLowerCase());
        report({
          pointer: at("call_data", i),
          messageId: "missingInRow",
          data: { index: i, variable: name, caseHint: other ? `; it has "${other}", but names are case-sensitive (POST /v1/batches: call_data)` : "" },
        });
      }
      if (lacking.length > MAX_ROWS)
        report({
          pointer: at("call_data"),
          messageId: "missingInMoreRows",
          data: { variable: name, more: lacking.length - MAX_ROWS, missing: lacking.length, rows: rows.length },
        });
    }
  },
});
