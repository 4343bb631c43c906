// The Custom Tool node type (real files): runs a tool saved with the service, outside the file.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Custom Tool",
  aliases: [],
  documentedAs: null,
  // The tool and its response mapping live with the service: nothing in the file says what it sets, so nothing runs.
  summary: "Runs a custom tool saved with the service; what it sets is not in the file.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: false },
});
