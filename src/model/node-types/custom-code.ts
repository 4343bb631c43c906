// The Custom Code node type (real files): JavaScript whose returned object's keys become call variables.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Custom Code",
  aliases: [],
  documentedAs: null,
  summary:
    "Runs the JavaScript module in `code`; the top-level keys of the object it returns with `Response.json({...})` become variables (`snippet_variables` are its inputs).",
  flow: { exit: null, movesOn: null, runs: "code" },
  templates: [
    { name: "snippet_variables", path: ["snippet_variables", "*"], deep: false, source: "real-world-pathways.md: values are `{{variable}}` templates" },
  ],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: true },
});
