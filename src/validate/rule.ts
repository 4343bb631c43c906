// The shape of a rule module, shared by the validator's rules and the linter's.
import type { z } from "zod";
import type { Report, RuleDescriptor } from "../diagnostics/index.js";
import type { JsonObject, PathwayIndex } from "../model/index.js";

/** Everything a rule may look at: the pathway as loaded plus its index (nodes, edges, resolved endpoints), built once per file. */
export interface RuleContext extends PathwayIndex {
  /** The document as loaded: an object with a `nodes` array, other fields unchecked. */
  readonly pathway: JsonObject;
}

/** What every rule declares about itself; the registry, the README table and SARIF come from it. */
export interface RuleMeta<Options = unknown> extends RuleDescriptor {
  /** Options the rule accepts, with their defaults; rules without options use an empty object schema. */
  options: z.ZodType<Options>;
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
