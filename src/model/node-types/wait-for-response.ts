// The Wait for Response node type (real files): the agent waits for the caller.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Wait for Response",
  aliases: [],
  documentedAs: null,
  summary: "Waits for the caller (`prompt`, `condition`, `extractVars`); the edge labels decide where the conversation goes.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: false },
});
