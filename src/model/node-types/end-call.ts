// The End Call node type: the agent says its last words and hangs up.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "End Call",
  aliases: [],
  documentedAs: "End Call",
  summary: "Says its `text` or `prompt` and hangs up: the call ends here.",
  flow: { exit: "end-call", movesOn: null, runs: null },
  templates: [],
  builder: { name: "endCall", options: [], requires: [["text", "prompt"]] },
  diagram: { kind: "terminal" },
  call: { passedWithoutCaller: false },
});
