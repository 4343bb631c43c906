// Variables the pathway reads before any node sets them must come with the request: request_data, a batch row, dynamic_data.
import { isObject } from "../../model/index.js";
import { at, getDynamicDataNames } from "../helpers.js";
import { isSupplied, type RequiredVariable } from "../pathway-variables.js";
import { defineRequestRule } from "../rule.js";

function describe(v: RequiredVariable): string {
  return `node ${v.nodeName !== undefined ? `"${v.nodeName}" (id ${v.nodeId})` : `id ${v.nodeId}`}`;
}

/** Rows reported one by one per variable before the rest are counted in one finding. */
const MAX_ROWS = 10;

function keys(value: unknown): string[] {
  return isObject(value) ? Object.keys(value) : [];
}

export default defineRequestRule({
  meta: {
    id: "missing-request-variable",
    description: "Every `{{variable}}` the pathway reads before a node sets it (walking from the start node used) is supplied by `request_data`, every batch row, `dynamic_data`, or is a system variable.",
    defaultSeverity: "error",
    kinds: ["call", "batch", "inbound"],
  },
  check({ kind, body, pathway }, report) {
    if (!pathway || pathway.required.length === 0) return;
    const common = [...keys(body.request_data), ...getDynamicDataNames(body)];
    const check = (supplied: Set<string>, pointer: string, where: string, hint: (name: string) => string) => {
      for (const v of pathway.required) {
        if (isSupplied(v.name, supplied)) continue;
        report({ pointer, message: `{{${v.name}}} is read by ${describe(v)} in its ${v.field} before any node sets it, and ${where} does not supply it; ${hint(v.root)}, or the caller hears the literal {{${v.name}}}.` });
      }
    };
    if (kind === "batch" && Array.isArray(body.call_data)) {
      const rows = body.call_data.map((row, i) => [row, i] as const).filter(([row]) => isObject(row)) as [Record<string, unknown>, number][];
      const everyRow = new Set(common);
      for (const v of pathway.required) {
        if (isSupplied(v.name, everyRow)) continue;
        const lacking = rows.filter(([row]) => !(v.name in row) && !(v.root in row)).map(([, i]) => i);
        if (lacking.length === 0) continue;
        const literal = `or the caller hears the literal {{${v.name}}}`;
        if (lacking.length === rows.length && rows.length > 1) {
          report({ pointer: at("call_data"), message: `{{${v.name}}} is read by ${describe(v)} in its ${v.field} before any node sets it, and no call_data row supplies it; add "${v.root}" to every row (or to request_data), ${literal}.` });
          continue;
        }
        // A large batch missing a variable in most rows would otherwise print a finding per row: show the first few.
        for (const i of lacking.slice(0, MAX_ROWS)) {
          report({ pointer: at("call_data", i), message: `{{${v.name}}} is read by ${describe(v)} in its ${v.field} before any node sets it, and call_data[${i}] does not supply it; add "${v.root}" to this row (or to request_data for every row), ${literal}.` });
        }
        if (lacking.length > MAX_ROWS) report({ pointer: at("call_data"), message: `{{${v.name}}} is also missing from ${lacking.length - MAX_ROWS} more call_data rows (${lacking.length} of ${rows.length} in all); add "${v.root}" to each.` });
      }
      return;
    }
    const pointer = isObject(body.request_data) ? at("request_data") : "";
    check(new Set(common), pointer, kind === "inbound" ? "the inbound number's dynamic_data" : "request_data", (name) => (kind === "inbound" ? `fetch "${name}" with dynamic_data or set it in the pathway` : `add "${name}" to request_data`));
  },
});

