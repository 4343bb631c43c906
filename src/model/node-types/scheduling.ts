// The Scheduling node type (real files): a scheduling step whose fields and behaviour are not documented.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Scheduling",
  aliases: [],
  documentedAs: null,
  summary: "A scheduling step seen in real files; its fields and behaviour are not documented.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: false },
});
