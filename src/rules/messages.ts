// Fills a rule's message template with a report's data, as ESLint does with `meta.messages` and `messageId`.
import type { RuleMessages } from "./rule.js";

const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;

/**
 * The template with each `{{name}}` replaced by `String(data[name])`. A placeholder `data` has no key for stays as
 * written: messages about pathway variables quote `{{variable}}` text of their own. Values are not scanned again.
 */
export function formatMessage(template: string, data?: Readonly<Record<string, unknown>>): string {
  if (data === undefined || !template.includes("{{")) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole));
}

/** The text of message `messageId` of a rule; an id the rule does not declare is a broken rule, so it throws. */
export function getRuleMessage(ruleId: string, messages: RuleMessages, messageId: string, data?: Readonly<Record<string, unknown>>): string {
  if (!Object.hasOwn(messages, messageId)) throw new Error(`Rule ${ruleId} reported message id "${messageId}", which its meta.messages does not declare.`);
  return formatMessage(messages[messageId]!, data);
}
