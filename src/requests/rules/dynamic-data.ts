// `dynamic_data` items have a url and response_data of {name, data, context} (seed 2.6); inbound may give one object (4.2).
import { isObject } from "../../model/pathway.js";
import { at, isHttpUrl, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

// A {{variable}} in the URL is filled in at call time, so such a URL cannot be judged here.
function httpUrl(value: unknown): boolean {
  return (typeof value === "string" && value.includes("{{")) || isHttpUrl(value);
}

export default defineRequestRule({
  meta: {
    id: "dynamic-data",
    description: "`dynamic_data` items have an http(s) `url`, `response_data` items with `name` and a JSON-path `data`, `method` GET or POST, boolean `cache`, object `headers` (seed 2.6).",
    defaultSeverity: "error",
    kinds: ["call", "batch", "inbound"],
    fields: ["dynamic_data"],
  },
  check({ kind, body }, report) {
    const value = body.dynamic_data;
    if (value === undefined || (kind === "inbound" && (value === null || value === ""))) return;
    const items: [unknown, (string | number)[]][] = Array.isArray(value)
      ? value.map((item, i) => [item, ["dynamic_data", i]])
      : kind === "inbound" && isObject(value)
        ? [[value, ["dynamic_data"]]]
        : [];
    if (!Array.isArray(value) && items.length === 0) {
      report({ pointer: at("dynamic_data"), message: `dynamic_data is ${show(value)}; write a list of {"url": ..., "response_data": [...]} items (seed 2.6).` });
      return;
    }
    for (const [item, path] of items) {
      const where = path.length > 1 ? `dynamic_data[${path[1]}]` : "dynamic_data";
      if (!isObject(item)) {
        report({ pointer: at(...path), message: `${where} is ${show(item)}; write {"url": "https://...", "response_data": [{"name": ..., "data": "$.path"}]}.` });
        continue;
      }
      if (!httpUrl(item.url)) report({ pointer: item.url === undefined ? at(...path) : at(...path, "url"), message: `${where} ${item.url === undefined ? 'has no "url"' : `url ${show(item.url)} is not an http(s) URL`}; add the URL to fetch.` });
      if (item.method !== undefined && item.method !== "GET" && item.method !== "POST") report({ pointer: at(...path, "method"), message: `${where}.method is ${show(item.method)}; use GET (the default) or POST.` });
      if (item.cache !== undefined && typeof item.cache !== "boolean") report({ pointer: at(...path, "cache"), message: `${where}.cache is ${show(item.cache)}; write true (fetch once at call start) or false (re-check during the call).` });
      if (item.headers !== undefined && !isObject(item.headers)) report({ pointer: at(...path, "headers"), message: `${where}.headers is ${show(item.headers)}; write an object of header names to values.` });
      if (!Array.isArray(item.response_data)) {
        report({ pointer: item.response_data === undefined ? at(...path) : at(...path, "response_data"), message: `${where} ${item.response_data === undefined ? 'has no "response_data"' : "response_data is not a list"}; add [{"name": "...", "data": "$.path"}] (required, seed 2.6).` });
        continue;
      }
      item.response_data.forEach((r, j) => {
        const rp = [...path, "response_data", j];
        if (!isObject(r)) {
          report({ pointer: at(...rp), message: `${where}.response_data[${j}] is ${show(r)}; write {"name": "...", "data": "$.path", "context": "..."}.` });
          return;
        }
        if (typeof r.name !== "string" || r.name.trim() === "") report({ pointer: r.name === undefined ? at(...rp) : at(...rp, "name"), message: `${where}.response_data[${j}] needs a "name" (the variable it sets).` });
        if (typeof r.data !== "string" || r.data.trim() === "") report({ pointer: r.data === undefined ? at(...rp) : at(...rp, "data"), message: `${where}.response_data[${j}] needs "data", a JSON path into the response such as "$.customer.name".` });
        if (r.context !== undefined && typeof r.context !== "string") report({ pointer: at(...rp, "context"), message: `${where}.response_data[${j}].context is ${show(r.context)}; write text.` });
      });
    }
  },
});
