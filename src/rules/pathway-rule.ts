// What validate and lint rules look at: a pathway as loaded plus its index, and the `defineRule` for such rules.
import type { JsonObject } from "../model/pathway.js";
import type { PathwayIndex } from "../model/pathway-index.js";
import { ruleDefiner } from "./define.js";
import type { Rule } from "./rule.js";

/** Everything a pathway rule may look at: the pathway as loaded plus its index (nodes, edges, resolved endpoints), built once per file. */
export interface RuleContext extends PathwayIndex {
  /** The document as loaded: an object with a `nodes` array, other fields unchecked. */
  readonly pathway: JsonObject;
}

/** A validate or lint rule. */
export type PathwayRule<Options = unknown> = Rule<RuleContext, Options>;

/** Declares a validate or lint rule (see `ruleDefiner`). */
export const definePathwayRule = ruleDefiner<RuleContext>();
