// Runs validate and lint rules over a loaded document: builds their context, or reports why it is not a pathway at all.
import type { Diagnostic } from "../diagnostics/index.js";
import { isObject } from "../model/pathway.js";
import { indexPathway } from "../model/pathway-index.js";
import { describeWrappedPathway, getWrappedPathwayPointer } from "../model/wrapped-answer.js";
import { getRuleMessage, resolveRuleSetting, runRules, type PathwayRule, type RuleContext, type RuleMeta, type RuleSetting } from "../rules/index.js";
import pathwayShape from "./rules/pathway-shape.js";

/** Why a document is not a pathway at all: a pathway-shape finding, by message id. */
export interface NotAPathway {
  pointer: string;
  messageId: "notObject" | "noNodes" | "savedAnswer";
  data: Record<string, string>;
}

/** Builds the context rules share, or says why the document is not a pathway at all. */
export function createRuleContext(value: unknown): { context?: RuleContext; fatal?: NotAPathway } {
  if (!isObject(value)) {
    const found = Array.isArray(value) ? "an array" : value === null ? "null" : typeof value;
    return { fatal: { pointer: "", messageId: "notObject", data: { found } } };
  }
  if (!Array.isArray(value.nodes)) {
    const wrapped = getWrappedPathwayPointer(value);
    if (wrapped !== undefined) return { fatal: { pointer: wrapped, messageId: "savedAnswer", data: { description: describeWrappedPathway(wrapped) } } };
    const found = value.nodes === undefined ? "there is none" : `found ${JSON.stringify(value.nodes)?.slice(0, 40)}`;
    return { fatal: { pointer: "nodes" in value ? "/nodes" : "", messageId: "noNodes", data: { found } } };
  }
  return { context: { pathway: value, ...indexPathway(value) } };
}

/**
 * Runs pathway `rules` with their settings (see `runRules`); the diagnostics have no range yet. A value that is not a
 * pathway gets one `pathway-shape` finding instead. `extend` may add what the rules of a caller share (the linter's
 * analyses) to the context, which is built fresh for every call.
 */
export function runPathwayRules(
  value: unknown,
  rules: readonly PathwayRule[],
  settingFor: (meta: RuleMeta) => RuleSetting,
  extend?: (context: RuleContext) => RuleContext,
): Diagnostic[] {
  const { context, fatal } = createRuleContext(value);
  if (fatal) {
    const shape = rules.find((r) => r.meta.id === "pathway-shape");
    const { severity } = shape ? settingFor(shape.meta) : resolveRuleSetting("pathway-shape", "error");
    if (severity === "off") return [];
    const { meta } = pathwayShape;
    return [{ ruleId: meta.id, severity, message: getRuleMessage(meta.id, meta.messages, fatal.messageId, fatal.data), pointer: fatal.pointer }];
  }
  return runRules(extend ? extend(context!) : context!, rules, settingFor);
}
