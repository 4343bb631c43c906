// `pronunciation_guide` items are {word, pronunciation, case_sensitive?, spaced?} (seed 2.6).
import { isObject } from "../../model/pathway.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "pronunciation-guide",
    description:
      "`pronunciation_guide` items have string `word` and `pronunciation`, boolean `case_sensitive` and `spaced` (POST /v1/calls: pronunciation_guide).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["pronunciation_guide"],
    messages: {
      notList: 'pronunciation_guide is {{guide}}; write a list of {"word": ..., "pronunciation": ...} items.',
      itemNotObject: 'pronunciation_guide[{{index}}] is {{item}}; write {"word": "...", "pronunciation": "..."}.',
      emptyText: "pronunciation_guide[{{index}}] {{detail}}; write it as a non-empty string.",
      notBoolean: "pronunciation_guide[{{index}}].{{key}} is {{item}}; write true or false.",
    },
  },
  check({ body }, report) {
    const guide = body.pronunciation_guide;
    if (guide === undefined) return;
    if (!Array.isArray(guide)) {
      report({ pointer: at("pronunciation_guide"), messageId: "notList", data: { guide: show(guide) } });
      return;
    }
    guide.forEach((item, i) => {
      if (!isObject(item)) {
        report({ pointer: at("pronunciation_guide", i), messageId: "itemNotObject", data: { index: i, item: show(item) } });
        return;
      }
      for (const key of ["word", "pronunciation"]) {
        if (typeof item[key] !== "string" || (item[key] as string).trim() === "") {
          report({
            pointer: item[key] === undefined ? at("pronunciation_guide", i) : at("pronunciation_guide", i, key),
            messageId: "emptyText",
            data: { index: i, detail: item[key] === undefined ? `has no "${key}"` : `${key} is ${show(item[key])}` },
          });
        }
      }
      for (const key of ["case_sensitive", "spaced"]) {
        if (item[key] !== undefined && typeof item[key] !== "boolean")
          report({ pointer: at("pronunciation_guide", i, key), messageId: "notBoolean", data: { index: i, key, item: show(item[key]) } });
      }
    });
  },
});
