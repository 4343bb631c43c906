// What explain_rule returns about a rule: its meta and its documentation page (apart from rule-docs.ts, so tools/list loads no rule).
import { z } from "zod";

/** What explain_rule returns and a rule resource is made from. */
export const ruleOutput = z.object({
  id: z.string(),
  set: z
    .enum(["document", "validate", "lint", "request"])
    .describe("which command reports it: document (reading the file), validate, lint or request (check_request)"),
  description: z.string(),
  defaultSeverity: z.enum(["error", "warning", "info"]),
  fixable: z.boolean().describe("its findings carry a safe fix that lint's apply_fixes and the fix tool apply"),
  hasSuggestions: z.boolean().describe("its findings may offer suggestions, which need judgement"),
  messages: z.record(z.string(), z.string()).describe("message templates by id; {{name}} is filled from the finding"),
  options: z.record(z.string(), z.unknown()).optional().describe("the options it takes in pathway.config.json, with their defaults"),
  docs: z.string().describe("documentation URL"),
  markdown: z.string().describe("the whole documentation page"),
});
