// The linter's own rules, as an explicit sorted list, and the metadata of every rule `pathway lint` can report.
import type { PathwayRule, RuleMeta } from "../rules/index.js";
import { validationRuleMetas, validationRules } from "../validate/index.js";
import blandCliPushLoss from "./rules/bland-cli-push-loss.js";
import customCodeSyntaxError from "./rules/custom-code-syntax-error.js";
import deadEnd from "./rules/dead-end.js";
import duplicateEdgeLabel from "./rules/duplicate-edge-label.js";
import edgeLabelWhitespace from "./rules/edge-label-whitespace.js";
import emptyEdgeLabel from "./rules/empty-edge-label.js";
import globalNeverReturns from "./rules/global-never-returns.js";
import hyphenatedVariableName from "./rules/hyphenated-variable-name.js";
import maybeUnsetVariable from "./rules/maybe-unset-variable.js";
import promptTooLong from "./rules/prompt-too-long.js";
import selfLoopWithoutCondition from "./rules/self-loop-without-condition.js";
import startNodeIsGlobal from "./rules/start-node-is-global.js";
import trapCycle from "./rules/trap-cycle.js";
import undefinedVariable from "./rules/undefined-variable.js";
import unreachableNode from "./rules/unreachable-node.js";
import unusedExtractedVariable from "./rules/unused-extracted-variable.js";
import unverifiedVariable from "./rules/unverified-variable.js";
import webhookMissingDefaultRoute from "./rules/webhook-missing-default-route.js";

/** The graph and content rules the linter adds to validation, sorted by id. */
export const lintRules: readonly PathwayRule[] = [
  blandCliPushLoss,
  customCodeSyntaxError,
  deadEnd,
  duplicateEdgeLabel,
  edgeLabelWhitespace,
  emptyEdgeLabel,
  globalNeverReturns,
  hyphenatedVariableName,
  maybeUnsetVariable,
  promptTooLong,
  selfLoopWithoutCondition,
  startNodeIsGlobal,
  trapCycle,
  undefinedVariable,
  unreachableNode,
  unusedExtractedVariable,
  unverifiedVariable,
  webhookMissingDefaultRoute,
] as PathwayRule[];

/** Validation rules then lint rules: everything `pathway lint` runs. */
export const allRules: readonly PathwayRule[] = [...validationRules, ...lintRules];

/** Metadata of every rule `pathway lint` can report (document, validation and lint rules), sorted by id. */
export const allRuleMetas: readonly RuleMeta[] = [...validationRuleMetas, ...lintRules.map((r) => r.meta)].sort((a, b) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
);
