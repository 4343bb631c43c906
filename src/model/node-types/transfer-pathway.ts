// The Transfer Pathway node type (real files): hands the call to another pathway, which ends this one.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Transfer Pathway",
  aliases: [],
  documentedAs: null,
  summary: "Hands the call to another pathway (`pathwayId`, `pathway_id`, `transferPathwayId` or `targetPathwayId`): this one ends here.",
  flow: { exit: "transfer-pathway", movesOn: null, runs: null },
  templates: [],
  builder: null,
  diagram: { kind: "transfer" },
  call: { passedWithoutCaller: false },
});
