// Zod models of the request bodies that start calls (seed parts 4.1, 4.2, 4.3, 4.6, 2.6; POST /v2/batches/create): the single source of their types.
import { z } from "zod";

/** The five request bodies `pathway check-request` knows. */
export type RequestKind = "call" | "batch" | "inbound" | "purchase" | "batch-v2";

/** Every request kind, in the order `--kind` lists them. */
export const REQUEST_KINDS: readonly RequestKind[] = ["call", "batch", "inbound", "purchase", "batch-v2"];

/** The endpoint each request kind is the body of, as messages cite the API reference (`POST /v1/calls: temperature`). */
export const REQUEST_ENDPOINTS: Readonly<Record<RequestKind, string>> = {
  call: "POST /v1/calls",
  batch: "POST /v1/batches",
  inbound: "POST /v1/inbound/{phone_number}",
  purchase: "POST /v1/inbound/purchase",
  "batch-v2": "POST /v2/batches/create",
};

// seed 4.1
/** Curated voice names (POST /v1/calls: voice). */
export const CURATED_VOICES = ["maya", "mason", "ryan", "adriana", "tina", "matt", "evelyn"] as const;

// seed 4.1, 2.2
/** Background tracks (POST /v1/calls: background_track); `null` is quiet phone static. */
export const BACKGROUND_TRACKS = ["office", "cafe", "restaurant", "none"] as const;

// seed 4.1
/** Languages the service supports, spelled (and spaced) exactly as the API reference publishes them (POST /v1/calls: language). */
export const LANGUAGES = [
  "en",
  "en-US",
  "en-GB",
  "zh",
  "zh-CN",
  "zh - Hans",
  "zh - TW",
  "zh - Hant",
  "es",
  "fr",
  "de",
  "hi",
  "ja",
  "ko",
  "pt",
  "it",
  "nl",
  "pl",
  "ru",
  "sv",
  "da",
  "id",
  "ms",
  "tr",
] as const;

// seed 4.1, 2.6
/** What happens when a call reaches voicemail (POST /v1/calls: voicemail_action). */
export const VOICEMAIL_ACTIONS = ["hangup", "leave_message", "ignore"] as const;

// seed 4.1, part 6
/** Categories of events streamed to the webhook during a call (POST /v1/calls: webhook_events). */
export const WEBHOOK_EVENTS = ["queue", "call", "latency", "webhook", "tool", "dynamic_data"] as const;

// seed 4.2, part 8
/** Inbound models (POST /v1/inbound/{phone_number}: model); `turbo` cannot transfer, navigate IVR or use custom tools. */
export const MODELS = ["base", "turbo", "enhanced"] as const;

// seed 4.6
/** Countries an inbound number can be bought in (POST /v1/inbound/purchase: country_code). */
export const PURCHASE_COUNTRIES = ["US", "CA"] as const;

/**
 * The bounds, recommendations and defaults of numeric request fields (the API reference's limits), stated once: the zod models
 * and the one-field rules (temperature-range, max-duration, interruption-threshold, task-length) both read them.
 */
export const FIELD_LIMITS = {
  temperature: { min: 0, max: 1, default: 0.7 },
  /** Whole minutes above 0. */
  max_duration: { default: 30 },
  interruption_threshold: { recommendedMin: 50, recommendedMax: 200, default: 100 },
  /** `task`, `prompt` and `base_prompt`: guidance, not a hard bound. */
  task: { recommendedMaxLength: 2000 },
} as const;

const { temperature: TEMPERATURE, interruption_threshold: INTERRUPTION } = FIELD_LIMITS;

// seed 2.6
/** `pronunciation_guide` item (POST /v1/calls: pronunciation_guide). */
export const PronunciationItemSchema = z.looseObject({
  word: z.string().min(1).describe("The word as it is written."),
  pronunciation: z.string().min(1).describe("How to say it."),
  case_sensitive: z.boolean().default(false).describe("Match the word's case too (default false)."),
  spaced: z.boolean().default(true).describe("Match only as a whole word (default true)."),
});

/** `response_data` item of a dynamic_data entry (POST /v1/calls: dynamic_data). */
export const ResponseDataItemSchema = z.looseObject({
  name: z.string().min(1).describe("Label of the fetched value; becomes the {{name}} variable."),
  data: z.string().min(1).describe("JSON path into the response, e.g. $.customer.name."),
  context: z.string().optional().describe("Text added to the agent's knowledge; may reference {{name}}."),
});

/** `dynamic_data` item (POST /v1/calls: dynamic_data): fetched at call start (or during the call when `cache` is false). */
export const DynamicDataItemSchema = z.looseObject({
  url: z.string().min(1).describe("URL to fetch (required)."),
  response_data: z.array(ResponseDataItemSchema).describe("Values to take from the response (required)."),
  method: z.enum(["GET", "POST"]).default("GET").describe("HTTP method (default GET)."),
  cache: z.boolean().default(true).describe("true fetches once at call start; false re-checks during the call (default true)."),
  headers: z.record(z.string(), z.unknown()).optional().describe("Request headers."),
  body: z.unknown().optional().describe("Request body; {{from}}, {{to}}, {{short_from}}, {{short_to}}, {{call_id}} are replaced."),
});

/** `retry` (POST /v1/calls: retry): retried after `wait` seconds when the call goes to voicemail. */
export const RetrySchema = z.looseObject({
  wait: z.int().min(0).optional().describe("Seconds to wait before retrying."),
  voicemail_action: z.enum(VOICEMAIL_ACTIONS).optional().describe("The retry's own voicemail action."),
  voicemail_message: z.string().optional().describe("The retry's own voicemail message."),
});

const phone = (what: string) => z.string().describe(`${what}. Best in E.164: "+" then country code and digits, e.g. +14155550123.`);

/** Fields shared by calls and batches (seed 4.1; 4.3 applies "all other parameters of 4.1" to every call). */
const callSettings = {
  $schema: z.string().optional().describe("JSON Schema for editor completion (ignored by the service)."),
  pathway_id: z.string().optional().describe("Pathway that replaces the task; task, model, tools, transfer_list and transfer_phone_number then do not apply."),
  start_node_id: z.string().optional().describe("Node to start from; used only with pathway_id."),
  voice: z
    .string()
    .default("mason")
    .describe(`Voice name or id. Curated: ${CURATED_VOICES.join(", ")}. Legacy prefixes RL/HQ + voice_id.`),
  background_track: z.enum(BACKGROUND_TRACKS).nullable().default(null).describe("null (quiet phone static), office, cafe, restaurant, none."),
  first_sentence: z.string().optional().describe("Phrase the agent says as its first response."),
  wait_for_greeting: z.boolean().default(false).describe("Wait for the callee to speak first."),
  block_interruptions: z.boolean().default(false).describe("Ignore interruptions."),
  interruption_threshold: z
    .number()
    .default(INTERRUPTION.default)
    .describe(`Lower = quicker responses, higher = more patient; recommended ${INTERRUPTION.recommendedMin} to ${INTERRUPTION.recommendedMax}.`),
  temperature: z
    .number()
    .min(TEMPERATURE.min)
    .max(TEMPERATURE.max)
    .default(TEMPERATURE.default)
    .describe(`${TEMPERATURE.min} (deterministic) to ${TEMPERATURE.max} (random).`),
  keywords: z.array(z.string()).default([]).describe("Words boosted in transcription; <word>:<factor> (default factor 2)."),
  pronunciation_guide: z.array(PronunciationItemSchema).optional().describe("How the agent says given words: word, pronunciation, case_sensitive, spaced."),
  model: z.enum(MODELS).optional().describe("Model; does not apply with pathway_id."),
  transfer_phone_number: phone("Number the agent may transfer to").optional(),
  transfer_list: z.record(z.string(), z.string()).optional().describe("Label-to-number map; the key `default` is special."),
  language: z.enum(LANGUAGES).default("en-US").describe("Language (spacing as published)."),
  timezone: z.string().default("America/Los_Angeles").describe("IANA time zone, e.g. America/New_York."),
  request_data: z.record(z.string(), z.unknown()).optional().describe("JSON visible to the agent; each key is a {{variable}}."),
  tools: z.array(z.unknown()).optional().describe("Custom tools."),
  dynamic_data: z.array(DynamicDataItemSchema).optional().describe("Data fetched for the call: url, response_data, method, cache, headers, body."),
  start_time: z.string().optional().describe("YYYY-MM-DD HH:MM:SS -HH:MM (offset optional, default UTC); absent or past: sent at once."),
  voicemail_message: z.string().optional().describe("Left after the beep on voicemail, then the call ends."),
  voicemail_action: z.enum(VOICEMAIL_ACTIONS).default("hangup").describe("hangup, leave_message or ignore."),
  retry: RetrySchema.optional(),
  max_duration: z.int().positive().default(FIELD_LIMITS.max_duration.default).describe("Minutes before the call is ended."),
  record: z.boolean().default(false).describe("Record the call."),
  from: phone("A number you own, with country code, no spaces or parentheses").optional(),
  webhook: z.string().optional().describe("http(s) URL that receives the call details when the call ends."),
  webhook_events: z.array(z.enum(WEBHOOK_EVENTS)).optional().describe("Events streamed to the webhook during the call."),
  metadata: z.record(z.string(), z.unknown()).optional().describe("Returned unchanged in the call details."),
  summary_prompt: z.string().optional().describe("Extra instructions for the end-of-call summary."),
  analysis_prompt: z.string().optional().describe("Guides analysis_schema."),
  analysis_schema: z.record(z.string(), z.string()).optional().describe("Field name to a type or format hint (email, string, boolean, a date-time format)."),
  answered_by_enabled: z.boolean().default(false).describe("Detect human or voicemail from the first five seconds of audio."),
  voice_id: z.int().optional().describe("Legacy (see the API reference's versioning notes): superseded by voice."),
  reduce_latency: z.boolean().optional().describe("Legacy (see the API reference's versioning notes): superseded by voice (prefix RL); may override voice."),
  voice_preset_id: z.string().optional().describe("Legacy (see the API reference's versioning notes): usable as voice."),
};

// seed 4.1
/** Body of `POST /v1/calls`. `task` or `pathway_id` is required (a rule checks it; the model keeps both optional). */
export const CallRequestSchema = z
  .looseObject({
    phone_number: phone("Number to call"),
    task: z
      .string()
      .optional()
      .describe(
        `Prompt for the agent (required unless pathway_id); recommended under ${FIELD_LIMITS.task.recommendedMaxLength.toLocaleString("en-US")} characters.`,
      ),
    ...callSettings,
  })
  .describe("Body of POST /v1/calls (send a call).");

/** One `call_data` row of a batch: `phone_number` plus the call's variables (names are case-sensitive). */
export const BatchRowSchema = z.looseObject({ phone_number: phone("Number to call") });

// seed 4.3
/** Body of `POST /v1/batches`: the batch fields plus every other parameter of `POST /v1/calls`. */
export const BatchRequestSchema = z
  .looseObject({
    base_prompt: z.string().describe("Prompt for every call; {name} inserts the row's variable."),
    call_data: z.array(BatchRowSchema).describe("One object per call with phone_number and the call's variables."),
    label: z.string().optional().describe("Label shown when the batch is retrieved."),
    campaign_id: z.string().optional().describe("Groups batches."),
    test_mode: z.boolean().optional().describe("Dispatch only the first row."),
    ...callSettings,
    from: phone("Purchased number to send from (discouraged for large batches)").optional(),
  })
  .describe("Body of POST /v1/batches (send a batch of calls).");

// seed 4.2
/** Body of `POST /v1/inbound/{phone_number}`; `phone_number` records the path's number when the file keeps it. */
export const InboundUpdateSchema = z
  .looseObject({
    $schema: callSettings.$schema,
    phone_number: phone("The number in the path, when the file records it").optional(),
    prompt: z.string().optional().describe("Required unless pathway_id: the purpose of calls and the expected callers."),
    pathway_id: z
      .string()
      .nullable()
      .optional()
      .describe('Overrides prompt; resets prompt, first_sentence, model, dynamic_data, tools, transfer_list. null or "" clears it.'),
    voice: callSettings.voice,
    background_track: callSettings.background_track,
    first_sentence: callSettings.first_sentence,
    wait_for_greeting: callSettings.wait_for_greeting,
    interruption_threshold: callSettings.interruption_threshold,
    model: z.enum(MODELS).default("enhanced").describe("base, turbo or enhanced (default). turbo: no transferring, IVR navigation or custom tools."),
    tools: callSettings.tools,
    language: callSettings.language,
    timezone: callSettings.timezone,
    transfer_phone_number: phone("Number the agent may transfer to; null removes it").nullable().optional(),
    transfer_list: callSettings.transfer_list,
    dynamic_data: z
      .union([z.array(DynamicDataItemSchema), DynamicDataItemSchema, z.null(), z.literal("")])
      .optional()
      .describe('Data fetched for each call; null or "" clears it.'),
    keywords: callSettings.keywords,
    max_duration: callSettings.max_duration,
    webhook: callSettings.webhook,
    analysis_schema: callSettings.analysis_schema,
    metadata: callSettings.metadata,
    summary_prompt: callSettings.summary_prompt,
    analysis_prompt: callSettings.analysis_prompt,
    record: callSettings.record,
  })
  .describe("Body of POST /v1/inbound/{phone_number} (update an inbound number).");

// seed 4.6
/** Body of `POST /v1/inbound/purchase`; every field optional. */
export const InboundPurchaseSchema = z
  .looseObject({
    $schema: callSettings.$schema,
    area_code: z.string().default("415").describe("Three digits; a number is bought only on exact match."),
    prompt: z.string().optional().describe("How the AI starts the conversation, what it knows, how it behaves."),
    country_code: z.enum(PURCHASE_COUNTRIES).default("US").describe("US or CA."),
    webhook: z.string().optional().describe("http or https URL; receives call_id and transcript after each call."),
    phone_number: z.string().optional().describe("Exact number wanted, with the mandatory +1 prefix; overrides area_code."),
  })
  .describe("Body of POST /v1/inbound/purchase (buy an inbound number).");

/** The documented limit of a v2 batch's `description` (POST /v2/batches/create: description). */
export const BATCH_V2_DESCRIPTION_MAX = 60;

/**
 * Body of `POST /v2/batches/create` (the vendor's public API reference, not the v1 one): `global` holds what every call
 * shares and must contain `task` or `pathway_id` and no `phone_number`; each of `call_objects` is a `POST /v1/calls`
 * body with its `phone_number` (and may add `start_time` and `b_cid`). How a call object's fields combine with
 * `global`'s is not documented; the checker reads a call object's own field first.
 */
export const BatchV2RequestSchema = z
  .looseObject({
    $schema: callSettings.$schema,
    global: z
      .looseObject({ task: z.string().optional().describe("Prompt for every call (required unless pathway_id)."), ...callSettings })
      .describe("Settings every call shares (POST /v1/calls fields): must contain task or pathway_id; phone_number is not allowed."),
    call_objects: z
      .array(
        z.looseObject({
          phone_number: phone("Number to call"),
          start_time: callSettings.start_time,
          b_cid: z.string().optional().describe("An id of the call within the batch."),
        }),
      )
      .describe("One POST /v1/calls body per call, each with its phone_number."),
    description: z
      .string()
      .max(BATCH_V2_DESCRIPTION_MAX)
      .default("Untitled Batch")
      .describe(`At most ${BATCH_V2_DESCRIPTION_MAX} characters (default "Untitled Batch").`),
    status_webhook: z.string().optional().describe("http(s) URL that receives one POST per phase of the batch."),
  })
  .describe("Body of POST /v2/batches/create (send a batch of calls, v2).");

/** The model of each request kind. */
export const REQUEST_SCHEMAS = {
  call: CallRequestSchema,
  batch: BatchRequestSchema,
  inbound: InboundUpdateSchema,
  purchase: InboundPurchaseSchema,
  "batch-v2": BatchV2RequestSchema,
} as const;

/** A `POST /v1/calls` body as written. */
export type CallRequest = z.input<typeof CallRequestSchema>;
/** A `POST /v1/batches` body as written. */
export type BatchRequest = z.input<typeof BatchRequestSchema>;
/** A `POST /v1/inbound/{phone_number}` body as written. */
export type InboundUpdateRequest = z.input<typeof InboundUpdateSchema>;
/** A `POST /v1/inbound/purchase` body as written. */
export type InboundPurchaseRequest = z.input<typeof InboundPurchaseSchema>;
/** A `POST /v2/batches/create` body as written. */
export type BatchV2Request = z.input<typeof BatchV2RequestSchema>;

/** The documented top-level field names of a request kind. */
export function getKnownFields(kind: RequestKind): string[] {
  return Object.keys(REQUEST_SCHEMAS[kind].shape);
}

/** JSON Schema (draft 2020-12) of one request kind, as committed to schemas/<kind>-request.schema.json. */
export function toRequestJsonSchema(kind: RequestKind): Record<string, unknown> {
  return z.toJSONSchema(REQUEST_SCHEMAS[kind], { target: "draft-2020-12", io: "input" }) as Record<string, unknown>;
}
