// The transfer node type: real exports write "Transfer Call", the documentation "Transfer Node"; the call goes to a phone number.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Transfer Call",
  // The documentation's spelling; the service accepts both, so the builder can write either (`transfer`'s nodeType).
  aliases: ["Transfer Node"],
  documentedAs: "Transfer Node",
  summary: "Hands the call to `transferNumber`; a warm transfer (`warmTransferFields`) that is not answered goes on along an edge with `data.isVoicemailEdge`.",
  flow: { exit: "transfer", movesOn: null, runs: null },
  templates: [
    { name: "transferNumber", path: ["transferNumber"], deep: false, source: "real files" },
    { name: "warmTransferFields", path: ["warmTransferFields"], deep: true, source: "real files (noshow-rebooking: `agentPrompt`)" },
  ],
  builder: { name: "transfer", options: [["transferNumber", "string"]], requires: [["transferNumber"]], typeOption: "nodeType" },
  diagram: { kind: "transfer" },
  call: { passedWithoutCaller: false },
});
