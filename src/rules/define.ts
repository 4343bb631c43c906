// Declaring rules: the docs URL, `fixable` and the default options come from here, so a rule file states only its own.
import type { Severity } from "../diagnostics/index.js";
import { noOptions } from "./options.js";
import type { Rule, RuleMessages, RuleMeta, RuleOptionsSchema, RuleReport, RuleSet } from "./rule.js";

/** Where a rule is documented: its page, docs/rules/<id>.md, as GitHub shows it on the main branch. */
export function ruleDocsUrl(id: string): string {
  return `https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/${id}.md`;
}

/** What a rule file declares in `meta`: `docs` is filled in from the id, `options` defaults to none. */
export type RuleMetaInput<Options, Messages extends RuleMessages, Extra> = Omit<RuleMeta<Options>, "docs" | "options" | "messages"> & {
  options?: RuleOptionsSchema<Options>;
  messages: Messages;
} & Extra;

/** A rule file's declaration: its meta and a check whose reports name only the message ids of that meta. */
export interface RuleDefinition<Context, Options, Messages extends RuleMessages, Extra> {
  meta: RuleMetaInput<Options, Messages, Extra>;
  check(context: Context, report: (report: RuleReport<Extract<keyof Messages, string>>) => void, options: Options): void;
}

/**
 * A `defineRule` for rules over `Context` (with `Extra` metadata, such as a request rule's kinds): each rule file's
 * declaration stays short and typed, and a report naming a message its meta lacks does not compile.
 */
export function ruleDefiner<Context, Extra extends object = object>() {
  return function defineRule<Options = Record<string, never>, Messages extends RuleMessages = RuleMessages>(
    definition: RuleDefinition<Context, Options, Messages, Extra>,
  ): Rule<Context, Options, RuleMeta<Options> & Extra> {
    const meta = { options: noOptions as RuleOptionsSchema<Options>, ...definition.meta, docs: ruleDocsUrl(definition.meta.id) };
    return { meta: meta as RuleMeta<Options> & Extra, check: definition.check as Rule<Context, Options>["check"] };
  };
}

/** The metadata of a finding reported while reading a file (no check of its own): for config, docs and SARIF. */
export function defineDocumentRule<Extra extends object = object>(id: string, description: string, defaultSeverity: Severity, extra?: Extra): RuleMeta & Extra {
  return { id, description, defaultSeverity, docs: ruleDocsUrl(id), set: "document" as RuleSet, options: noOptions, messages: {}, ...(extra as Extra) };
}
