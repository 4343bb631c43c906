// The Route node type (real files): goes on by conditions on variables, without the caller speaking.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Route",
  aliases: [],
  documentedAs: null,
  summary: "Goes on to the first of its `routes` whose conditions on variables hold, else to `fallbackNodeId`, without the caller speaking.",
  flow: { exit: null, movesOn: "routes", runs: null },
  templates: [{ name: "route condition value", path: ["routes", "*", "conditions", "*", "value"], deep: false, source: "real files" }],
  builder: null,
  diagram: { kind: "route" },
  call: { passedWithoutCaller: true },
});
