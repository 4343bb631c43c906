// A configuration read from the service (an inbound number's detail, a campaign's request_data) checked as the body that set it, against the pathway it calls.
import { compareDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { isObject } from "../model/pathway.js";
import type { Pathway } from "../model/schema.js";
import { createBatchLocator } from "../parse/index.js";
import { locateDiagnostics, resolveRuleSetting, type RuleOverrides, type RuleSeverity } from "../rules/index.js";
import { checkRequestValue } from "./check.js";
import { getKnownFields } from "./models.js";
import { requestRules } from "./registry.js";

/**
 * The request rules that judge a configuration's values, not the shape of a body: what the pathway reads and the
 * configuration does not supply, settings the pathway overrides, the webhook URL, the voice and the background track.
 * The others are off: a record read back has fields and types a body does not (`created_at`, an integer `voice`, a
 * campaign's numbers written as strings), which say nothing about what callers meet.
 */
export const CONFIGURATION_RULES: readonly string[] = [
  "background-track",
  "ignored-with-pathway",
  "maybe-missing-request-variable",
  "missing-request-variable",
  "unused-request-data",
  "voice",
  "webhook-url",
];

/** Options of the configuration checks; `pathway` is required. */
export interface ConfigurationCheckOptions {
  /** The pathway the configuration calls with, loaded (`where` names it in messages: a file, `remote:<id>`). */
  pathway: { where: string; value: Pathway };
  /** Severities of CONFIGURATION_RULES (a config's `rules`); the other request rules stay off. Default: each rule's own. */
  rules?: RuleOverrides;
  /** Variables to treat as always set besides the system ones. Default none. */
  systemVariables?: readonly string[];
}

/** Findings about one configuration, placed in `text`: the configuration as the service gave it, pretty-printed (two spaces). */
export interface ConfigurationCheck {
  text: string;
  diagnostics: Diagnostic[];
}

/** CONFIGURATION_RULES at their settings in `rules` (a severity capped, or a rule off, as `cap` says); every other request rule off. */
function toOverrides(rules: RuleOverrides | undefined, cap: Readonly<Record<string, RuleSeverity>> = {}): RuleOverrides {
  const out: Record<string, ReturnType<typeof resolveRuleSetting>> = {};
  for (const rule of requestRules) {
    const { id, defaultSeverity } = rule.meta;
    if (!CONFIGURATION_RULES.includes(id)) out[id] = { severity: "off" };
    else {
      const setting = resolveRuleSetting(id, defaultSeverity, rules);
      out[id] = Object.hasOwn(cap, id) && (setting.severity === "error" || cap[id] === "off") ? { ...setting, severity: cap[id]! } : setting;
    }
  }
  return out;
}

/** The fields of `value` a body of `kind` documents (with their values), and `pathway_id` when given. */
function asBody(kind: "inbound" | "call", value: Record<string, unknown>, pathwayId?: string): Record<string, unknown> {
  const known = new Set(getKnownFields(kind));
  const body: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (known.has(key)) body[key] = v;
  if (pathwayId !== undefined) body.pathway_id = pathwayId;
  return body;
}

/** `diagnostics` placed in `value` pretty-printed: its text, and each finding's line and column in it. */
function place(value: unknown, diagnostics: Diagnostic[]): ConfigurationCheck {
  const text = JSON.stringify(value, null, 2);
  if (diagnostics.length === 0) return { text, diagnostics };
  return { text, diagnostics: locateDiagnostics(diagnostics, createBatchLocator(text, { noDuplicateKeys: true })).sort(compareDiagnostics) };
}

/**
 * Checks an inbound number's configuration (GET /v1/inbound/{phone_number}, detail form) as `pathway check-request`
 * checks the inbound body that would set it: the variables the pathway reads that an inbound call never carries
 * (no request_data; setting pathway_id resets dynamic_data), the settings the pathway overrides, the webhook URL, the
 * voice and the background track. Pointers are into the record; ranges into its pretty-printed JSON.
 */
export function checkInboundConfiguration(record: Record<string, unknown>, options: ConfigurationCheckOptions): ConfigurationCheck {
  const body = asBody("inbound", record);
  const result = checkRequestValue(body, {
    kind: "inbound",
    pathway: options.pathway,
    rules: toOverrides(options.rules),
    ...(options.systemVariables && { systemVariables: options.systemVariables }),
  });
  return place(record, result.diagnostics);
}

/** The note a campaign's finding about a variable carries: where else a campaign's calls may get one is not documented. */
export const CAMPAIGN_VARIABLE_NOTE = "Whether a campaign's contacts supply variables of their own is not documented.";

/**
 * Checks a campaign (POST /v1/campaigns/{id}) against the pathway its sequences call (`pathwayId`): its `request_data`
 * (the settings and variables of the calls it places) as a POST /v1/calls body with that pathway_id. A variable it
 * does not supply is a warning, not an error, and says why: a campaign's contacts may carry variables (not
 * documented). Settings a pathway overrides (`model`) are not reported: request_data is shared by every sequence,
 * and a sequence may send a task instead. Pointers are into the campaign object (`/request_data/...`; a finding about the pathway as a whole at
 * `pointer`, the first sequence entry that calls it); ranges into its pretty-printed JSON.
 */
export function checkCampaignConfiguration(
  campaign: Record<string, unknown>,
  pathwayId: string,
  pointer: string,
  options: ConfigurationCheckOptions,
): ConfigurationCheck {
  const settings = isObject(campaign.request_data) ? campaign.request_data : {};
  const body = asBody("call", settings, pathwayId);
  const cap = { "missing-request-variable": "warning", "ignored-with-pathway": "off" } as const;
  const result = checkRequestValue(body, {
    kind: "call",
    pathway: options.pathway,
    rules: toOverrides(options.rules, cap),
    ...(options.systemVariables && { systemVariables: options.systemVariables }),
  });
  const diagnostics = result.diagnostics.map((d) => {
    const moved = d.pointer === "" || d.pointer === "/pathway_id" ? pointer : `/request_data${d.pointer}`;
    const variable = d.ruleId === "missing-request-variable" || d.ruleId === "maybe-missing-request-variable";
    return { ...d, pointer: moved, ...(variable && { message: `${d.message} ${CAMPAIGN_VARIABLE_NOTE}` }) };
  });
  return place(campaign, diagnostics);
}
