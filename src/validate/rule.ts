// The shape of a rule module, shared by the validator's rules and the linter's.
import type { Report, RuleDescriptor } from "../diagnostics/index.js";
import type { JsonObject } from "../model/pathway.js";
import type { PathwayIndex } from "../model/pathway-index.js";

/** Everything a rule may look at: the pathway as loaded plus its index (nodes, edges, resolved endpoints), built once per file. */
export interface RuleContext extends PathwayIndex {
  /** The document as loaded: an object with a `nodes` array, other fields unchecked. */
  readonly pathway: JsonObject;
}

/** The result of checking options: the options with defaults filled in, or the first problems with their paths. */
export type RuleOptionsParseResult<Options> = { success: true; data: Options } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A rule's options schema: what a zod schema offers (`parse`, `safeParse`), so a rule with options declares a zod
 * object, and a rule without any uses `noOptions`, which needs no zod (validate then loads without it).
 */
export interface RuleOptionsSchema<Options = unknown> {
  parse(input: unknown): Options;
  safeParse(input: unknown): RuleOptionsParseResult<Options>;
}

/** What every rule declares about itself; the registry, the README table and SARIF come from it. */
export interface RuleMeta<Options = unknown> extends RuleDescriptor {
  /** Options the rule accepts, with their defaults; rules without options use `noOptions`. */
  options: RuleOptionsSchema<Options>;
  fixable: false;
}

/** A rule: its metadata and a check that reports findings through `report`. */
export interface Rule<Options = unknown> {
  meta: RuleMeta<Options>;
  check(context: RuleContext, report: (report: Report) => void, options: Options): void;
}

/** Where a rule is documented: its anchor in README.md's rule table. */
export function ruleDocsUrl(id: string): string {
  return `https://www.npmjs.com/package/pathwaykit#${id}`;
}

/** What a rule file declares; `docs` and `fixable` are filled in from the id. */
export interface RuleDefinition<Options> {
  meta: Omit<RuleMeta<Options>, "docs" | "fixable">;
  check: Rule<Options>["check"];
}

/** Keeps each rule file's declaration short and typed. */
export function defineRule<Options>(definition: RuleDefinition<Options>): Rule<Options> {
  return { meta: { ...definition.meta, docs: ruleDocsUrl(definition.meta.id), fixable: false }, check: definition.check };
}
