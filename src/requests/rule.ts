// The shape of a request rule: metadata (id, description, default severity, the kinds and fields it owns) and a check.
import type { Report, RuleDescriptor } from "../diagnostics/index.js";
import type { FlowModel } from "../graph/index.js";
import type { JsonObject, Pathway } from "../model/index.js";
import type { RequestKind } from "./models.js";
import type { RequiredVariable } from "./pathway-variables.js";

/** The pathway a request uses, when one was given or found. */
export interface RequestPathway {
  /** Where it came from, for messages: a file path or `remote:<id>`. */
  where: string;
  value: Pathway;
  /** The graph walked from the start node the request uses (`start_node_id` when the pathway has it). */
  graph: FlowModel;
  /** Variables the pathway reads before any node sets them, from that start. */
  required: readonly RequiredVariable[];
  /** Every variable name (and root) the pathway reads anywhere. */
  reads: ReadonlySet<string>;
}

/** Everything a request rule may look at. */
export interface RequestContext {
  kind: RequestKind;
  body: JsonObject;
  /** The moment "now" for start_time checks (injected so checks are repeatable). */
  now: Date;
  pathway?: RequestPathway;
}

/** What a request rule declares about itself; the README table and SARIF come from it. */
export interface RequestRuleMeta extends RuleDescriptor {
  /** Request kinds the rule applies to. */
  kinds: readonly RequestKind[];
  /** Top-level fields whose value this rule checks (the generic type check leaves them to it). */
  fields?: readonly string[];
}

/** A request rule. */
export interface RequestRule {
  meta: RequestRuleMeta;
  check(context: RequestContext, report: (report: Report) => void): void;
}

/** Where a request rule is documented: its anchor in README.md's rule table. */
export function requestRuleDocsUrl(id: string): string {
  return `https://www.npmjs.com/package/pathwaykit#${id}`;
}

/** Keeps each rule file's declaration short and typed; the docs url comes from the id. */
export function defineRequestRule(definition: { meta: Omit<RequestRuleMeta, "docs">; check: RequestRule["check"] }): RequestRule {
  return { meta: { ...definition.meta, docs: requestRuleDocsUrl(definition.meta.id) }, check: definition.check };
}
