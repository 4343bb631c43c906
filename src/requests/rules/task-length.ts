// A task or prompt is recommended under 2,000 characters (seed 4.1, part 8: guidance, not a hard bound).
import { at } from "../helpers.js";
import { FIELD_LIMITS } from "../models.js";
import { defineRequestRule } from "../rule.js";

/** The recommended maximum length of a task or prompt. */
export const RECOMMENDED_TASK_LENGTH = FIELD_LIMITS.task.recommendedMaxLength;
const shown = RECOMMENDED_TASK_LENGTH.toLocaleString("en-US");

export default defineRequestRule({
  meta: {
    id: "task-length",
    description: `\`task\`, \`prompt\` and \`base_prompt\` are under the recommended ${shown} characters (POST /v1/calls: task; the API reference's limits).`,
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound", "purchase"],
    messages: {
      taskLength: `{{field}} has {{textLength}} characters; under ${shown} is recommended (the API reference's limits): move detail into a pathway or a knowledge base.`,
    },
  },
  check({ body }, report) {
    for (const field of ["task", "prompt", "base_prompt"]) {
      const text = body[field];
      if (typeof text === "string" && text.length >= RECOMMENDED_TASK_LENGTH) {
        report({ pointer: at(field), messageId: "taskLength", data: { field, textLength: text.length } });
      }
    }
  },
});
