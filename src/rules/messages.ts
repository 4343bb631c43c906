// Fills a rule's message template with a report's data, as ESLint does with `meta.messages` and `messageId`.
import type { RuleMessages } from "./rule.js";

const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;

/** A template split once: literal text, then per placeholder its name, its text as written and the literal after it. */
type CompiledTemplate = readonly string[];

// Templates come from rule metas, a fixed set: each is split once, not scanned again for every finding (variable
// rules report thousands).
const compiled = new Map<string, CompiledTemplate>();

function compile(template: string): CompiledTemplate {
  let parts = compiled.get(template);
  if (parts === undefined) {
    const split: string[] = [];
    let last = 0;
    for (const m of template.matchAll(PLACEHOLDER)) {
      split.push(template.slice(last, m.index), m[1]!, m[0]);
      last = m.index + m[0].length;
    }
    split.push(template.slice(last));
    parts = split;
    compiled.set(template, parts);
  }
  return parts;
}

/**
 * The template with each `{{name}}` replaced by `String(data[name])`. A placeholder `data` has no key for stays as
 * written: messages about pathway variables quote `{{variable}}` text of their own. Values are not scanned again.
 */
export function formatMessage(template: string, data?: Readonly<Record<string, unknown>>): string {
  if (data === undefined || !template.includes("{{")) return template;
  const parts = compile(template);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i]!;
    out += (Object.hasOwn(data, name) ? String(data[name]) : parts[i + 1]!) + parts[i + 2]!;
  }
  return out;
}

/** The text of message `messageId` of a rule; an id the rule does not declare is a broken rule, so it throws. */
export function getRuleMessage(ruleId: string, messages: RuleMessages, messageId: string, data?: Readonly<Record<string, unknown>>): string {
  if (!Object.hasOwn(messages, messageId)) throw new Error(`Rule ${ruleId} reported message id "${messageId}", which its meta.messages does not declare.`);
  return formatMessage(messages[messageId]!, data);
}
