// The IVR node type (real files): a phone-menu step (`IVRSurvey`); what the service does with it is not documented.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "IVR",
  aliases: [],
  documentedAs: null,
  summary: "A phone-menu step (`IVRSurvey`, `prompt`, `condition`), seen in real files; the service does not document what it does.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: false },
});
