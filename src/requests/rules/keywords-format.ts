// `keywords` entries are a word, optionally `<word>:<factor>` with a positive boost factor (seed 4.1, 2.6).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "keywords-format",
    description: "`keywords` is a list of words, each optionally `<word>:<factor>` with a positive number (default factor 2; POST /v1/calls: keywords).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["keywords"],
    messages: {
      notList: 'keywords is {{list}}; write a list of strings such as ["Acme", "Zyrtec:3"].',
      notWord: 'keyword {{value}} is not a word; write a non-empty string, optionally "<word>:<factor>".',
      badFactor: 'keyword {{value}} is not "<word>:<factor>": {{detail}}; e.g. "Zyrtec:3" (default factor 2).',
    },
  },
  check({ body }, report) {
    const list = body.keywords;
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      report({ pointer: at("keywords"), messageId: "notList", data: { list: show(list) } });
      return;
    }
    list.forEach((k, i) => {
      if (typeof k !== "string" || k.trim() === "") {
        report({ pointer: at("keywords", i), messageId: "notWord", data: { value: show(k) } });
        return;
      }
      const colon = k.lastIndexOf(":");
      if (colon < 0) return;
      const word = k.slice(0, colon).trim();
      const factor = k.slice(colon + 1).trim();
      if (word === "" || !/^\d+(\.\d+)?$/.test(factor) || Number(factor) <= 0) {
        report({
          pointer: at("keywords", i),
          messageId: "badFactor",
          data: { value: show(k), detail: word === "" ? "the word is empty" : `the factor ${show(factor)} is not a positive number` },
        });
      }
    });
  },
});
