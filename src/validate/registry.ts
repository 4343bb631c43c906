// The validator's rules, as an explicit sorted list (never a folder scan), plus the document-level rules the parser reports.
import { defineDocumentRule, type PathwayRule, type RuleMeta } from "../rules/index.js";
import customCodeMissingCode from "./rules/custom-code-missing-code.js";
import duplicateEdgeId from "./rules/duplicate-edge-id.js";
import duplicateNodeId from "./rules/duplicate-node-id.js";
import globalLabelEmpty from "./rules/global-label-empty.js";
import invalidExtractVar from "./rules/invalid-extract-var.js";
import invalidModelOptions from "./rules/invalid-model-options.js";
import invalidWebhookMethod from "./rules/invalid-webhook-method.js";
import invalidWebhookUrl from "./rules/invalid-webhook-url.js";
import missingKb from "./rules/missing-kb.js";
import missingNodeId from "./rules/missing-node-id.js";
import missingNodeType from "./rules/missing-node-type.js";
import missingStartNode from "./rules/missing-start-node.js";
import missingTextOrPrompt from "./rules/missing-text-or-prompt.js";
import multipleStartNodes from "./rules/multiple-start-nodes.js";
import pathwayShape from "./rules/pathway-shape.js";
import pressButtonMissingDigits from "./rules/press-button-missing-digits.js";
import smsMissingMessage from "./rules/sms-missing-message.js";
import transferNumberFormat from "./rules/transfer-number-format.js";
import unknownEdgeEndpoint from "./rules/unknown-edge-endpoint.js";
import unknownNodeType from "./rules/unknown-node-type.js";
import unknownRouteTarget from "./rules/unknown-route-target.js";

/** Every structural validation rule, sorted by id. */
export const validationRules: readonly PathwayRule[] = [
  customCodeMissingCode,
  duplicateEdgeId,
  duplicateNodeId,
  globalLabelEmpty,
  invalidExtractVar,
  invalidModelOptions,
  invalidWebhookMethod,
  invalidWebhookUrl,
  missingKb,
  missingNodeId,
  missingNodeType,
  missingStartNode,
  missingTextOrPrompt,
  multipleStartNodes,
  pathwayShape,
  pressButtonMissingDigits,
  smsMissingMessage,
  transferNumberFormat,
  unknownEdgeEndpoint,
  unknownNodeType,
  unknownRouteTarget,
] as PathwayRule[];

/** Findings about the file itself, reported while reading it rather than by a rule's check. */
export const documentRuleMetas: readonly RuleMeta[] = [
  defineDocumentRule("byte-order-mark", "The file does not start with a byte-order mark (JSON forbids it; it is ignored with a warning).", "warning", {
    fixable: "code" as const,
  }),
  defineDocumentRule("duplicate-key", "No object repeats a key (JSON readers keep only the last value, so the earlier one is silently lost).", "warning"),
  defineDocumentRule("invalid-utf8", "The file is UTF-8 text (reports the line and column of the first bad byte).", "error"),
  defineDocumentRule(
    "nesting-depth",
    "The file's data nests at most 256 levels deep (real pathways nest fewer than 20; deeper data is refused, not followed).",
    "error",
  ),
  defineDocumentRule("parse-error", "The file is JSON (reports the line and column of the syntax error, with a hint such as a trailing comma).", "error"),
  defineDocumentRule("unreadable-file", "The file exists and can be read.", "error"),
];

/** Metadata of every rule the validator can report, sorted by id. */
export const validationRuleMetas: readonly RuleMeta[] = [...documentRuleMetas, ...validationRules.map((r) => r.meta)].sort((a, b) => (a.id < b.id ? -1 : 1));
