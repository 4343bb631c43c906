// The Knowledge Base node type: the agent answers the caller from the text in `kb`.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Knowledge Base",
  aliases: [],
  documentedAs: "Knowledge Base",
  summary: "Answers the caller from the text in `kb`, then waits for the caller like a Default node.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [{ name: "kb", path: ["kb"], deep: false, source: "real files (restaurant dumps)" }],
  builder: { name: "knowledgeBase", options: [["kb", "text"]], requires: [["kb"]] },
  diagram: { kind: "knowledge" },
  call: { passedWithoutCaller: false },
});
