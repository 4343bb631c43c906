// `pronunciation_guide` items are {word, pronunciation, case_sensitive?, spaced?} (seed 2.6).
import { isObject } from "../../model/pathway.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "pronunciation-guide",
    description: "`pronunciation_guide` items have string `word` and `pronunciation`, boolean `case_sensitive` and `spaced` (seed 2.6).",
    defaultSeverity: "error",
    kinds: ["call", "batch"],
    fields: ["pronunciation_guide"],
  },
  check({ body }, report) {
    const guide = body.pronunciation_guide;
    if (guide === undefined) return;
    if (!Array.isArray(guide)) {
      report({ pointer: at("pronunciation_guide"), message: `pronunciation_guide is ${show(guide)}; write a list of {"word": ..., "pronunciation": ...} items.` });
      return;
    }
    guide.forEach((item, i) => {
      if (!isObject(item)) {
        report({ pointer: at("pronunciation_guide", i), message: `pronunciation_guide[${i}] is ${show(item)}; write {"word": "...", "pronunciation": "..."}.` });
        return;
      }
      for (const key of ["word", "pronunciation"]) {
        if (typeof item[key] !== "string" || (item[key] as string).trim() === "") {
          report({ pointer: item[key] === undefined ? at("pronunciation_guide", i) : at("pronunciation_guide", i, key), message: `pronunciation_guide[${i}] ${item[key] === undefined ? `has no "${key}"` : `${key} is ${show(item[key])}`}; write it as a non-empty string.` });
        }
      }
      for (const key of ["case_sensitive", "spaced"]) {
        if (item[key] !== undefined && typeof item[key] !== "boolean") report({ pointer: at("pronunciation_guide", i, key), message: `pronunciation_guide[${i}].${key} is ${show(item[key])}; write true or false.` });
      }
    });
  },
});
