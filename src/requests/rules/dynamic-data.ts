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
    description:
      "`dynamic_data` items have an http(s) `url`, `response_data` items with `name` and a JSON-path `data`, `method` GET or POST, boolean `cache`, object `headers` (POST /v1/calls: dynamic_data).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["dynamic_data"],
    messages: {
      notList: 'dynamic_data is {{value}}; write a list of {"url": ..., "response_data": [...]} items (POST /v1/calls: dynamic_data).',
      itemNotObject: '{{where}} is {{item}}; write {"url": "https://...", "response_data": [{"name": ..., "data": "$.path"}]}.',
      badUrl: "{{where}} {{detail}}; add the URL to fetch.",
      badMethod: "{{where}}.method is {{itemMethod}}; use GET (the default) or POST.",
      badCache: "{{where}}.cache is {{itemCache}}; write true (fetch once at call start) or false (re-check during the call).",
      badHeaders: "{{where}}.headers is {{itemHeaders}}; write an object of header names to values.",
      noResponseData: '{{where}} {{detail}}; add [{"name": "...", "data": "$.path"}] (required; POST /v1/calls: dynamic_data).',
      responseItemNotObject: '{{where}}.response_data[{{index}}] is {{value}}; write {"name": "...", "data": "$.path", "context": "..."}.',
      responseItemNoName: '{{where}}.response_data[{{index}}] needs a "name" (the variable it sets).',
      responseItemNoData: '{{where}}.response_data[{{index}}] needs "data", a JSON path into the response such as "$.customer.name".',
      badContext: "{{where}}.response_data[{{index}}].context is {{rContext}}; write text.",
    },
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
      report({ pointer: at("dynamic_data"), messageId: "notList", data: { value: show(value) } });
      return;
    }
    for (const [item, path] of items) {
      const where = path.length > 1 ? `dynamic_data[${path[1]}]` : "dynamic_data";
      if (!isObject(item)) {
        report({ pointer: at(...path), messageId: "itemNotObject", data: { where, item: show(item) } });
        continue;
      }
      if (!httpUrl(item.url))
        report({
          pointer: item.url === undefined ? at(...path) : at(...path, "url"),
          messageId: "badUrl",
          data: { where, detail: item.url === undefined ? 'has no "url"' : `url ${show(item.url)} is not an http(s) URL` },
        });
      if (item.method !== undefined && item.method !== "GET" && item.method !== "POST")
        report({ pointer: at(...path, "method"), messageId: "badMethod", data: { where, itemMethod: show(item.method) } });
      if (item.cache !== undefined && typeof item.cache !== "boolean")
        report({ pointer: at(...path, "cache"), messageId: "badCache", data: { where, itemCache: show(item.cache) } });
      if (item.headers !== undefined && !isObject(item.headers))
        report({ pointer: at(...path, "headers"), messageId: "badHeaders", data: { where, itemHeaders: show(item.headers) } });
      if (!Array.isArray(item.response_data)) {
        report({
          pointer: item.response_data === undefined ? at(...path) : at(...path, "response_data"),
          messageId: "noResponseData",
          data: { where, detail: item.response_data === undefined ? 'has no "response_data"' : "response_data is not a list" },
        });
        continue;
      }
      item.response_data.forEach((r, j) => {
        const rp = [...path, "response_data", j];
        if (!isObject(r)) {
          report({ pointer: at(...rp), messageId: "responseItemNotObject", data: { where, index: j, value: show(r) } });
          return;
        }
        if (typeof r.name !== "string" || r.name.trim() === "")
          report({ pointer: r.name === undefined ? at(...rp) : at(...rp, "name"), messageId: "responseItemNoName", data: { where, index: j } });
        if (typeof r.data !== "string" || r.data.trim() === "")
          report({ pointer: r.data === undefined ? at(...rp) : at(...rp, "data"), messageId: "responseItemNoData", data: { where, index: j } });
        if (r.context !== undefined && typeof r.context !== "string")
          report({ pointer: at(...rp, "context"), messageId: "badContext", data: { where, index: j, rContext: show(r.context) } });
      });
    }
  },
});
