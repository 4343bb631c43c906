// start_node_id is used only when pathway_id is given (seed 4.1); alone it does nothing.
import { at } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "start-node-without-pathway",
    description: "`start_node_id` comes with a `pathway_id` (it is used only then; POST /v1/calls: start_node_id).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch"],
    messages: {
      startNodeWithoutPathway: "start_node_id is used only with pathway_id (POST /v1/calls: start_node_id); add the pathway_id or remove start_node_id.",
    },
  },
  check({ body }, report) {
    if (typeof body.start_node_id !== "string") return;
    if (typeof body.pathway_id !== "string" || body.pathway_id.trim() === "") {
      report({ pointer: at("start_node_id"), messageId: "startNodeWithoutPathway" });
    }
  },
});
