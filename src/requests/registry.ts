// The request rules, as an explicit sorted list (never a folder scan); the generic type rule covers the fields the others leave.
import type { RequestKind } from "./models.js";
import { defineRequestDocumentRule, type RequestRule, type RequestRuleMeta } from "./rule.js";
import { createFieldTypeRule } from "./rules/request-field-type.js";
import analysisSchema from "./rules/analysis-schema.js";
import areaCodeFormat from "./rules/area-code-format.js";
import backgroundTrack from "./rules/background-track.js";
import batchCallData from "./rules/batch-call-data.js";
import batchMissingPlaceholder from "./rules/batch-missing-placeholder.js";
import batchTestMode from "./rules/batch-test-mode.js";
import batchV2CallObjects from "./rules/batch-v2-call-objects.js";
import batchV2Description from "./rules/batch-v2-description.js";
import batchV2Global from "./rules/batch-v2-global.js";
import countryCode from "./rules/country-code.js";
import deprecatedVoiceField from "./rules/deprecated-voice-field.js";
import dynamicData from "./rules/dynamic-data.js";
import dynamicDataPlaceholder from "./rules/dynamic-data-placeholder.js";
import ignoredWithPathway from "./rules/ignored-with-pathway.js";
import interruptionThreshold from "./rules/interruption-threshold.js";
import invalidTimezone from "./rules/invalid-timezone.js";
import keywordsFormat from "./rules/keywords-format.js";
import maxDuration from "./rules/max-duration.js";
import maybeMissingRequestVariable from "./rules/maybe-missing-request-variable.js";
import missingInstructions from "./rules/missing-instructions.js";
import missingRequestVariable from "./rules/missing-request-variable.js";
import phoneNumberFormat from "./rules/phone-number-format.js";
import phoneNumberNotE164 from "./rules/phone-number-not-e164.js";
import pronunciationGuide from "./rules/pronunciation-guide.js";
import retryShape from "./rules/retry-shape.js";
import startNodeLeadsNowhere from "./rules/start-node-leads-nowhere.js";
import startNodeWithoutPathway from "./rules/start-node-without-pathway.js";
import startTimeFormat from "./rules/start-time-format.js";
import startTimePast from "./rules/start-time-past.js";
import taskLength from "./rules/task-length.js";
import temperatureRange from "./rules/temperature-range.js";
import turboLimitations from "./rules/turbo-limitations.js";
import unknownRequestField from "./rules/unknown-request-field.js";
import undocumentedRequestField from "./rules/undocumented-request-field.js";
import unknownStartNode from "./rules/unknown-start-node.js";
import unresolvedPromptVariable from "./rules/unresolved-prompt-variable.js";
import unsupportedLanguage from "./rules/unsupported-language.js";
import unusedRequestData from "./rules/unused-request-data.js";
import voice from "./rules/voice.js";
import voicemailAction from "./rules/voicemail-action.js";
import webhookEvents from "./rules/webhook-events.js";
import webhookUrl from "./rules/webhook-url.js";

const fieldRules = [
  analysisSchema,
  areaCodeFormat,
  backgroundTrack,
  batchCallData,
  batchMissingPlaceholder,
  batchTestMode,
  batchV2CallObjects,
  batchV2Description,
  batchV2Global,
  countryCode,
  deprecatedVoiceField,
  dynamicData,
  dynamicDataPlaceholder,
  ignoredWithPathway,
  interruptionThreshold,
  invalidTimezone,
  keywordsFormat,
  maxDuration,
  maybeMissingRequestVariable,
  missingInstructions,
  missingRequestVariable,
  phoneNumberFormat,
  phoneNumberNotE164,
  pronunciationGuide,
  retryShape,
  startNodeLeadsNowhere,
  startNodeWithoutPathway,
  startTimeFormat,
  startTimePast,
  taskLength,
  temperatureRange,
  turboLimitations,
  undocumentedRequestField,
  unknownRequestField,
  unknownStartNode,
  unresolvedPromptVariable,
  unsupportedLanguage,
  unusedRequestData,
  voice,
  voicemailAction,
  webhookEvents,
  webhookUrl,
] as RequestRule[];

const owned = new Map<string, Set<string>>();
function ownedFields(kind: string): ReadonlySet<string> {
  let set = owned.get(kind);
  if (!set) {
    set = new Set(fieldRules.filter((r) => r.meta.kinds.includes(kind as RequestKind)).flatMap((r) => r.meta.fields ?? []));
    owned.set(kind, set);
  }
  return set;
}

/** Every request rule, sorted by id. */
export const requestRules: readonly RequestRule[] = [...fieldRules, createFieldTypeRule(ownedFields)].sort((a, b) => (a.meta.id < b.meta.id ? -1 : 1));

/** Findings about the request file itself (reported while reading it, not by a rule's check). */
export const requestDocumentRuleMetas: readonly RequestRuleMeta[] = [
  defineRequestDocumentRule(
    "pathway-not-loaded",
    "The pathway a request uses (--pathway, remote:<id>, the manifest entry or the config's `requests`) can be read and is a pathway.",
  ),
  defineRequestDocumentRule(
    "request-shape",
    "A request file holds one JSON or YAML object whose kind (call, batch, inbound, purchase, batch-v2) is known, and is not a pathway; the pathway it uses loads.",
  ),
];

/** Metadata of every rule `pathway check-request` can report, sorted by id. */
export const requestRuleMetas: readonly RequestRuleMeta[] = [...requestDocumentRuleMetas, ...requestRules.map((r) => r.meta)].sort((a, b) =>
  a.id < b.id ? -1 : 1,
);
