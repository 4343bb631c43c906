// The Vector DB Knowledge Base node type: answers from a stored knowledge base, drawn as a knowledge base.
import descriptor from "../../../src/model/node-types/vector-db-knowledge-base.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Docs", kbTool: "KB-1", queryExtractionPrompt: "What does {{caller}} ask about?" },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
