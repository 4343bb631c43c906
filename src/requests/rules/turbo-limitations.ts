// The turbo model cannot transfer, navigate IVR or use custom tools (seed 4.2, part 8): asking it to is an error.
import { describeNode, isTransferNode, nodeData } from "../../model/pathway.js";
import { at } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "turbo-limitations",
    description:
      "An inbound number on `model: turbo` has no transfer number or list, no tools, and no pathway with transfer, IVR or Press Button nodes (POST /v1/inbound/{phone_number}: model; the API reference's limits).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["inbound"],
    messages: {
      transferNumber: "model turbo cannot transfer calls (POST /v1/inbound/{phone_number}: model); use enhanced or base, or remove transfer_phone_number.",
      transferList: "model turbo cannot transfer calls (POST /v1/inbound/{phone_number}: model); use enhanced or base, or remove transfer_list.",
      tools: "model turbo cannot use custom tools (POST /v1/inbound/{phone_number}: model); use base (best for tools) or remove tools.",
      transferNodes:
        "model turbo cannot transfer (POST /v1/inbound/{phone_number}: model), but the pathway {{pathwayWhere}} has transfer nodes: {{detail}}; use enhanced or base.",
      ivrNodes:
        "model turbo cannot navigate IVR (POST /v1/inbound/{phone_number}: model), but the pathway {{pathwayWhere}} has IVR / Press Button nodes: {{detail}}; use enhanced or base.",
    },
  },
  check({ body, pathway }, report) {
    if (body.model !== "turbo") return;
    const given = (v: unknown) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);
    if (given(body.transfer_phone_number)) report({ pointer: at("transfer_phone_number"), messageId: "transferNumber" });
    if (given(body.transfer_list)) report({ pointer: at("transfer_list"), messageId: "transferList" });
    if (given(body.tools)) report({ pointer: at("tools"), messageId: "tools" });
    if (!pathway) return;
    // One finding per limitation, naming a few of the nodes: a pathway may have dozens of them.
    const transfers: string[] = [];
    const ivr: string[] = [];
    for (const { node } of pathway.graph.nodes) {
      const type = String(node.type ?? "");
      if (isTransferNode(node) || nodeData(node).transferNumber !== undefined) transfers.push(describeNode(node));
      else if (type === "IVR" || type === "Press Button") ivr.push(describeNode(node));
    }
    const list = (names: string[]) => `${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""}`;
    if (transfers.length > 0) report({ pointer: at("model"), messageId: "transferNodes", data: { pathwayWhere: pathway.where, detail: list(transfers) } });
    if (ivr.length > 0) report({ pointer: at("model"), messageId: "ivrNodes", data: { pathwayWhere: pathway.where, detail: list(ivr) } });
  },
});
