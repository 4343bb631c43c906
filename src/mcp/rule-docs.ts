// One rule's documentation for an assistant: its docs/rules/<id>.md page where the package has one, else Markdown made from the rule's meta.
import type { z } from "zod";
import { loadRuleCatalogue } from "../engine/check/rule-catalogue.js";
import { toMarkdownCodeSpan, toMarkdownFence } from "../escape/markdown.js";
import { closestName } from "../rules/near-miss.js";
import type { RuleMeta } from "../rules/rule.js";
import type { ruleOutput } from "./rule-schema.js";
import { ToolRefusal } from "./tool.js";

/** Every rule by id: lint's (document and validate rules included) and the request rules. */
export async function getRuleMetas(): Promise<Map<string, RuleMeta>> {
  const catalogue = await loadRuleCatalogue();
  return new Map([...catalogue.lint, ...catalogue.all].map((m) => [m.id, m]));
}

/** The meta of `id`; an unknown id is refused, naming the closest known one. */
export async function requireRule(id: string): Promise<RuleMeta> {
  const metas = await getRuleMetas();
  const meta = metas.get(id);
  if (meta) return meta;
  const near = closestName(id, [...metas.keys()]);
  throw new ToolRefusal(`${JSON.stringify(id)} is not a rule${near ? `; did you mean "${near}"?` : ""} The resources pathwaykit://rules/<id> list every rule.`);
}

/** The defaults of a rule's options, or undefined for a rule without any. */
function optionDefaults(meta: RuleMeta): Record<string, unknown> | undefined {
  try {
    const parsed = meta.options.parse({}) as Record<string, unknown> | undefined;
    return parsed && Object.keys(parsed).length > 0 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Markdown made from the meta: what the rule checks, its severity, fixes, messages and options. */
export function renderRuleMarkdown(meta: RuleMeta): string {
  const options = optionDefaults(meta);
  const lines = [
    `# ${meta.id}`,
    "",
    // The rule's own words, written by pathwaykit (not read from a file): shown as they are.
    meta.description,
    "",
    `- Reported by: ${meta.set === "request" ? "check_request" : meta.set === "document" ? "every command that reads a file" : meta.set === "validate" ? "validate and lint" : "lint"}`,
    `- Default severity: ${meta.defaultSeverity} (change it in pathway.config.json "rules", or with the tools' \`rules\` argument)`,
    `- Safe fix: ${meta.fixable ? "yes (lint's apply_fixes, the fix tool, `pathway lint --fix`)" : "no"}`,
    `- Suggestions: ${meta.hasSuggestions ? "yes (changes that need judgement; never applied by --fix)" : "no"}`,
    `- Documentation: ${meta.docs}`,
    "",
    "## Messages",
    "",
    ...Object.entries(meta.messages).map(([id, text]) => `- ${toMarkdownCodeSpan(id)}: ${toMarkdownCodeSpan(text)}`),
  ];
  if (options) lines.push("", "## Options and their defaults", "", ...toMarkdownFence("json", JSON.stringify(options, null, 2).split("\n")));
  return `${lines.join("\n")}\n`;
}

/** The rule's page: docs/rules/<id>.md of the package when it exists (the id is a known rule's, so no path is made up), else made from the meta. */
export async function getRuleDocument(meta: RuleMeta, readOwnFile: (relative: string) => Promise<string | undefined>): Promise<z.infer<typeof ruleOutput>> {
  const page = await readOwnFile(`docs/rules/${meta.id}.md`);
  const options = optionDefaults(meta);
  return {
    id: meta.id,
    set: meta.set,
    description: meta.description,
    defaultSeverity: meta.defaultSeverity,
    fixable: meta.fixable === "code",
    hasSuggestions: meta.hasSuggestions === true,
    messages: { ...meta.messages },
    ...(options && { options }),
    docs: meta.docs,
    // The page without the generated-file note at its top: a note for the repository's editors, not for a reader.
    markdown: page?.replace(/^<!--[\s\S]*?-->\s*/, "") ?? renderRuleMarkdown(meta),
  };
}
