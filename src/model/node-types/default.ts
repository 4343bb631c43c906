// The Default node type: the agent speaks, then waits for the caller, whose answer picks an edge.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Default",
  aliases: [],
  documentedAs: "Default",
  summary: "Says `text` verbatim or follows `prompt`, then waits for the caller; the edge labels decide where the conversation goes.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [],
  builder: { name: "defaultNode", options: [], requires: [["text", "prompt"]] },
  diagram: { kind: "default" },
  call: { passedWithoutCaller: false },
});
