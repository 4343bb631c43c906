// Every {name} base_prompt uses is a property of every call_data row; names are case-sensitive (seed 4.3).
import { isObject } from "../../model/index.js";
import { at, getBatchPlaceholders } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "batch-missing-placeholder",
    description: "Every `{name}` in a batch's `base_prompt` is a property of every `call_data` row, with the same case (seed 4.3).",
    defaultSeverity: "error",
    kinds: ["batch"],
  },
  check({ body }, report) {
    if (typeof body.base_prompt !== "string" || !Array.isArray(body.call_data)) return;
    const names = getBatchPlaceholders(body.base_prompt).filter((n) => n !== "phone_number");
    body.call_data.forEach((row, i) => {
      if (!isObject(row)) return;
      const keys = Object.keys(row);
      for (const name of names) {
        if (name in row) continue;
        const other = keys.find((k) => k.toLowerCase() === name.toLowerCase());
        report({
          pointer: at("call_data", i),
          message: `call_data[${i}] has no "${name}", which base_prompt inserts as {${name}}${other ? `; it has "${other}", but names are case-sensitive (seed 4.3)` : ""}: add "${name}" to this row, or the call hears the literal {${name}}.`,
        });
      }
    });
  },
});
