// The shape of a rule module, shared by the validator's rules and the linter's.
import type { z } from "zod";
import type { Report, RuleDescriptor } from "../diagnostics/index.js";
import type { IndexedEdge, IndexedNode, JsonObject } from "../model/index.js";

/** Everything a rule may look at: the pathway as loaded plus indexes built once per file. */
export interface RuleContext {
  /** The document as loaded; only `shapeOk` tells whether it has the pathway's top-level shape. */
  readonly pathway: JsonObject;
  /** Node entries with a string id, in file order (the globalConfig pseudo-entry is left out). */
  readonly nodes: readonly IndexedNode[];
  readonly edges: readonly IndexedEdge[];
  /** The first node with each id. */
  readonly nodeById: ReadonlyMap<string, IndexedNode>;
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
