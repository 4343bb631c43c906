// The agent needs instructions: a call's task or pathway_id (4.1), an inbound number's prompt or pathway_id (4.2), a batch's base_prompt (4.3).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export default defineRequestRule({
  meta: {
    id: "missing-instructions",
    description:
      "A call has `task` or `pathway_id`, an inbound number `prompt` or `pathway_id`, a batch `base_prompt` (POST /v1/calls: task; POST /v1/inbound/{phone_number}: prompt; POST /v1/batches: base_prompt).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["task", "prompt", "base_prompt", "pathway_id"],
    messages: {
      writeAsString: "{{field}} is {{value}}; write it as a string.",
      callNoTask: 'The call has neither "task" nor "pathway_id"; add a task (the agent\'s prompt) or the pathway to follow (POST /v1/calls: task).',
      inboundNoPrompt:
        'The inbound number has neither "prompt" nor "pathway_id"; add a prompt with the purpose of calls and the expected callers, or a pathway (POST /v1/inbound/{phone_number}: prompt).',
      batchNoBase: 'The batch has no "base_prompt"; add the prompt every call uses, with {name} for each row\'s variables (POST /v1/batches: base_prompt).',
    },
  },
  check({ kind, body }, report) {
    for (const field of ["task", "prompt", "base_prompt", "pathway_id"]) {
      const value = body[field];
      const nullable = field === "pathway_id" && kind === "inbound";
      if (value !== undefined && typeof value !== "string" && !(nullable && value === null))
        report({ pointer: at(field), messageId: "writeAsString", data: { field, value: show(value) } });
    }
    if (kind === "batch") {
      if (blank(body.base_prompt)) report({ pointer: body.base_prompt === undefined ? "" : at("base_prompt"), messageId: "batchNoBase" });
      return;
    }
    if (!blank(body.pathway_id)) return;
    const field = kind === "call" ? "task" : "prompt";
    if (blank(body[field])) {
      report({
        pointer: body[field] === undefined ? "" : at(field),
        messageId: kind === "call" ? "callNoTask" : "inboundNoPrompt",
      });
    }
  },
});
