// The Press Button node type (real files): presses digits on a phone menu, then goes on by itself.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Press Button",
  aliases: [],
  documentedAs: null,
  summary:
    "Presses digits on the other side's phone menu (`digitPrompt` or `sequence`), then goes on to `targetNodeAfterPress` or along an edge with `data.isGoToNextNodeEdge`.",
  flow: { exit: null, movesOn: "press", runs: null },
  templates: [
    { name: "digitPrompt", path: ["digitPrompt"], deep: false, source: "real files (ivr-claims)" },
    { name: "sequence", path: ["sequence"], deep: false, source: "real files (ivr-claims)" },
  ],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: false },
});
