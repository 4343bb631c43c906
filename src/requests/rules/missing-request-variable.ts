// Variables the pathway reads before any node sets them must come with the request: request_data, a batch row, dynamic_data.
import { isObject } from "../../model/index.js";
import { at, getDynamicDataNames } from "../helpers.js";
import { isSupplied, type RequiredVariable } from "../pathway-variables.js";
import { defineRequestRule } from "../rule.js";

function describe(v: RequiredVariable): string {
  return `node ${v.nodeName !== undefined ? `"${v.nodeName}" (id ${v.nodeId})` : `id ${v.nodeId}`}`;
}

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
      body.call_data.forEach((row, i) => {
        if (isObject(row)) check(new Set([...common, ...Object.keys(row)]), at("call_data", i), `call_data[${i}]`, (name) => `add "${name}" to this row (or to request_data for every row)`);
      });
      return;
    }
    const pointer = isObject(body.request_data) ? at("request_data") : "";
    check(new Set(common), pointer, kind === "inbound" ? "the inbound number's dynamic_data" : "request_data", (name) => (kind === "inbound" ? `fetch "${name}" with dynamic_data or set it in the pathway` : `add "${name}" to request_data`));
  },
});

