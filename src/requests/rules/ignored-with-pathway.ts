// With pathway_id the pathway replaces task, model, tools and transfers (4.1), and resets the inbound prompt and friends (4.2).
import { at } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

const CALL = ["task", "model", "tools", "transfer_list", "transfer_phone_number"];
const INBOUND = ["prompt", "first_sentence", "model", "dynamic_data", "tools", "transfer_list"];

export default defineRequestRule({
  meta: {
    id: "ignored-with-pathway",
    description:
      "Fields that do not apply with `pathway_id` are left out: task, model, tools, transfer_list, transfer_phone_number on calls; prompt, first_sentence, model, dynamic_data, tools, transfer_list on inbound numbers (POST /v1/calls: pathway_id; POST /v1/inbound/{phone_number}: pathway_id).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      resetByPathway:
        "{{field}} is reset to its default when pathway_id is set (POST /v1/inbound/{phone_number}: pathway_id), so this value is lost; remove it or remove pathway_id.",
      replacedByPathway:
        "{{field}} does not apply with pathway_id: the pathway's nodes replace it{{model}} (POST /v1/calls: pathway_id); remove it or remove pathway_id.",
    },
  },
  check({ kind, body }, report) {
    if (typeof body.pathway_id !== "string" || body.pathway_id.trim() === "") return;
    for (const field of kind === "inbound" ? INBOUND : CALL) {
      const value = body[field];
      if (value === undefined || value === null || value === "") continue;
      report({
        pointer: at(field),
        messageId: kind === "inbound" ? "resetByPathway" : "replacedByPathway",
        data: { field, model: field === "model" ? " and the service chooses the model" : "" },
      });
    }
  },
});
