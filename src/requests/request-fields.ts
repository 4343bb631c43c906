// The request fields as plain data (no zod): what each kind requires and every documented field, so the light paths (validate's folder walk) can tell a request body.
import type { RequestKind } from "./models.js";

// seed 4.1 (call), 4.3 (batch), 4.2 (inbound update), 4.6 (purchase); POST /v2/batches/create (batch-v2)
/**
 * What each kind requires, as groups of which one field must be present: a call (POST /v1/calls) needs its number and
 * a task or pathway, a batch its base_prompt or call_data, an inbound update a prompt or pathway_id (the pathway
 * replaces the prompt), a v2 batch its `global` and `call_objects`. A purchase requires nothing, so only its own
 * fields tell it. In `REQUEST_KINDS` order.
 */
export const REQUIRED_FIELDS: Readonly<Record<RequestKind, readonly (readonly string[])[]>> = {
  call: [["phone_number"], ["task", "pathway_id"]],
  batch: [["base_prompt", "call_data"]],
  inbound: [["prompt", "pathway_id"]],
  purchase: [["area_code", "country_code"]],
  "batch-v2": [["global"], ["call_objects"]],
};

/** Every field some request kind documents (the union of the models' fields in models.ts; a test keeps them equal). */
export const DOCUMENTED_REQUEST_FIELDS: ReadonlySet<string> = new Set([
  "$schema",
  "analysis_prompt",
  "analysis_schema",
  "answered_by_enabled",
  "area_code",
  "background_track",
  "base_prompt",
  "block_interruptions",
  "call_data",
  "call_objects",
  "campaign_id",
  "country_code",
  "description",
  "dynamic_data",
  "first_sentence",
  "from",
  "global",
  "interruption_threshold",
  "keywords",
  "label",
  "language",
  "max_duration",
  "metadata",
  "model",
  "pathway_id",
  "phone_number",
  "prompt",
  "pronunciation_guide",
  "record",
  "reduce_latency",
  "request_data",
  "retry",
  "start_node_id",
  "start_time",
  "status_webhook",
  "summary_prompt",
  "task",
  "temperature",
  "test_mode",
  "timezone",
  "tools",
  "transfer_list",
  "transfer_phone_number",
  "voice",
  "voice_id",
  "voice_preset_id",
  "voicemail_action",
  "voicemail_message",
  "wait_for_greeting",
  "webhook",
  "webhook_events",
]);

/** The first kind (call, batch, inbound, purchase) whose required fields `body` all has; undefined when none fits. */
export function getKindFromRequiredFields(body: Record<string, unknown>): RequestKind | undefined {
  return (Object.keys(REQUIRED_FIELDS) as RequestKind[]).find((kind) =>
    REQUIRED_FIELDS[kind].every((group) => group.some((field) => Object.hasOwn(body, field))),
  );
}

/**
 * True when `body` reads as a request body: it has what one kind requires and most of its fields (more than half) are
 * documented request fields. Real bodies carry a few undocumented ones (`voice_settings`, `amd`); a config that merely
 * has a `pathway_id` beside its own keys is not one.
 */
export function isRequestBody(body: Record<string, unknown>): boolean {
  const keys = Object.keys(body);
  return getKindFromRequiredFields(body) !== undefined && keys.filter((k) => DOCUMENTED_REQUEST_FIELDS.has(k)).length * 2 > keys.length;
}
