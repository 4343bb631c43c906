// The Vector DB Knowledge Base node type (real files): answers from a knowledge base stored with the service.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Vector DB Knowledge Base",
  aliases: [],
  documentedAs: null,
  summary: "Answers the caller from a knowledge base stored with the service (`kbTool`, `queryExtractionPrompt`), not from text in the file.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [],
  builder: null,
  diagram: { kind: "knowledge" },
  call: { passedWithoutCaller: false },
});
