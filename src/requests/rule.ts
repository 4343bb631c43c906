// What a request rule looks at (the body, its kind, the pathway it uses) and what it declares besides the one rule shape.
import type { FlowModel } from "../graph/index.js";
import type { JsonObject, Pathway } from "../model/index.js";
import { defineDocumentRule, ruleDefiner, type Rule, type RuleMeta } from "../rules/index.js";
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

/** What a request rule declares besides the one rule shape: the kinds it applies to and the fields it owns. */
export interface RequestRuleExtra {
  /** Request kinds the rule applies to. */
  kinds: readonly RequestKind[];
  /** Top-level fields whose value this rule checks (the generic type check leaves them to it). */
  fields?: readonly string[];
}

/** What a request rule declares about itself; the rule pages and SARIF come from it. */
export type RequestRuleMeta = RuleMeta & RequestRuleExtra;

/** A request rule. */
export type RequestRule = Rule<RequestContext, unknown, RequestRuleMeta>;

/** Declares a request rule (see `ruleDefiner`). */
export const defineRequestRule = ruleDefiner<RequestContext, RequestRuleExtra>();

/** The metadata of a finding about the request file itself, reported while reading it (no check of its own); check-request's set. */
export function defineRequestDocumentRule(id: string, description: string): RequestRuleMeta {
  return defineDocumentRule(id, description, "error", {
    set: "request" as const,
    kinds: ["call", "batch", "inbound", "purchase", "batch-v2"] as readonly RequestKind[],
  });
}
