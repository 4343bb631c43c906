// Property: any body built from the models' own fields with valid values passes every request rule with no finding.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BACKGROUND_TRACKS,
  checkRequestValue,
  CURATED_VOICES,
  getKnownFields,
  LANGUAGES,
  MODELS,
  PURCHASE_COUNTRIES,
  REQUEST_KINDS,
  VOICEMAIL_ACTIONS,
  WEBHOOK_EVENTS,
  type RequestKind,
} from "../../src/requests/index.js";
import { NOW } from "../support/request-text.js";

const e164 = fc.tuple(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^\d{9}$/)).map(([a, rest]) => `+1${a}${rest}`);
const words = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,30}[a-z]$/);
const name = fc.stringMatching(/^[a-z][a-z_]{0,10}$/);
const future = fc
  .date({ min: new Date("2026-07-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 19).replace("T", " "));
const zones = fc.constantFrom("America/New_York", "Europe/Paris", "Asia/Tokyo", "UTC", "America/Los_Angeles");
const url = fc.webPath().map((p) => `https://api.example.com/${p.replace(/^\/+/, "")}`);
const dynamic = fc.record({
  url,
  method: fc.constantFrom("GET", "POST"),
  cache: fc.boolean(),
  response_data: fc.array(fc.record({ name, data: name.map((n) => `$.${n}`) }), { maxLength: 3 }),
  body: fc.constant({ caller: "{{from}}", id: "{{call_id}}" }),
});

/** Fields every call-like body may carry, each with values the seed allows (and that need no note). */
const settings = {
  voice: fc.constantFrom(...CURATED_VOICES, "2f9fdbc7-4bf2-4792-8a18-21ce3c93978f"),
  background_track: fc.constantFrom(null, ...BACKGROUND_TRACKS),
  first_sentence: words,
  wait_for_greeting: fc.boolean(),
  block_interruptions: fc.boolean(),
  interruption_threshold: fc.integer({ min: 50, max: 200 }),
  temperature: fc.double({ min: 0, max: 1, noNaN: true }),
  keywords: fc.array(
    fc.oneof(
      name,
      fc.tuple(name, fc.integer({ min: 1, max: 9 })).map(([w, f]) => `${w}:${f}`),
    ),
    { maxLength: 4 },
  ),
  pronunciation_guide: fc.array(fc.record({ word: words, pronunciation: words, case_sensitive: fc.boolean(), spaced: fc.boolean() }), { maxLength: 2 }),
  language: fc.constantFrom(...LANGUAGES),
  timezone: zones,
  request_data: fc.dictionary(name, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  dynamic_data: fc.array(dynamic, { maxLength: 2 }),
  start_time: future,
  voicemail_message: words,
  voicemail_action: fc.constantFrom(...VOICEMAIL_ACTIONS),
  retry: fc.record({ wait: fc.nat(600), voicemail_action: fc.constantFrom(...VOICEMAIL_ACTIONS), voicemail_message: words }),
  max_duration: fc.integer({ min: 1, max: 120 }),
  record: fc.boolean(),
  from: e164,
  webhook: url,
  webhook_events: fc.subarray([...WEBHOOK_EVENTS]),
  metadata: fc.dictionary(name, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  summary_prompt: words,
  analysis_prompt: words,
  analysis_schema: fc.dictionary(name, fc.constantFrom("string", "email", "boolean", "YYYY-MM-DD"), { maxKeys: 3 }),
  answered_by_enabled: fc.boolean(),
  transfer_phone_number: e164,
  transfer_list: fc.dictionary(fc.constantFrom("default", "sales", "support"), e164, { maxKeys: 2 }),
  tools: fc.constant([]),
  model: fc.constantFrom(...MODELS),
};

/** webhook_events are streamed to a webhook: keep the pair together, as a correct body does. */
function pairWebhook<T extends Record<string, unknown>>(body: T): T {
  if (Array.isArray(body.webhook_events) && body.webhook_events.length > 0 && body.webhook === undefined) return { ...body, webhook: "https://example.com/h" };
  return body;
}

const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(arbs: T, required: (keyof T)[] = []) => fc.record(arbs, { requiredKeys: required as never });

const bodies: Record<RequestKind, fc.Arbitrary<Record<string, unknown>>> = {
  call: optional({ phone_number: e164, task: words, ...settings }, ["phone_number", "task"]),
  batch: optional(
    {
      base_prompt: fc.constant("Hello {name}, this is about {topic}."),
      call_data: fc.array(fc.record({ phone_number: e164, name: words, topic: words }), { minLength: 1, maxLength: 4 }),
      label: words,
      campaign_id: name,
      test_mode: fc.constant(false),
      ...settings,
    },
    ["base_prompt", "call_data"],
  ),
  inbound: optional(
    {
      phone_number: e164,
      prompt: words,
      ...settings,
      model: fc.constantFrom("base", "enhanced"),
    },
    ["prompt"],
  ).map((body) => {
    // Only the fields 4.2 lists: the rest of 4.1 is not part of an inbound update.
    const known = new Set(getKnownFields("inbound"));
    return Object.fromEntries(Object.entries(body).filter(([k]) => known.has(k)));
  }),
  purchase: optional({
    area_code: fc.stringMatching(/^\d{3}$/),
    prompt: words,
    country_code: fc.constantFrom(...PURCHASE_COUNTRIES),
    webhook: url,
    phone_number: e164,
  }),
  // POST /v2/batches/create: global (task or pathway_id, no phone_number), call objects (POST /v1/calls bodies).
  "batch-v2": optional(
    {
      global: optional({ task: words, ...settings }, ["task"]).map(pairWebhook),
      call_objects: fc.array(
        optional({ phone_number: e164, start_time: future, b_cid: name, temperature: settings.temperature, request_data: settings.request_data }, [
          "phone_number",
        ]),
        { minLength: 1, maxLength: 4 },
      ),
      description: words,
      status_webhook: url,
    },
    ["global", "call_objects"],
  ),
};

describe("request models", () => {
  for (const kind of REQUEST_KINDS) {
    it(`any ${kind} body built from valid values has no finding`, () => {
      fc.assert(
        fc.property(bodies[kind], (body) => {
          const result = checkRequestValue(pairWebhook(body), { kind, now: NOW });
          expect(result.diagnostics.map((d) => `${d.ruleId} ${d.pointer}: ${d.message}`)).toEqual([]);
        }),
        { numRuns: 150 },
      );
    });
  }

  it("reports a changed field of a valid body (the property can fail)", () => {
    const result = checkRequestValue({ phone_number: "+14155550123", task: "Hi", temperature: 2 }, { kind: "call", now: NOW });
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(["temperature-range"]);
    const v2 = checkRequestValue(
      { global: { task: "Hi", temperature: 2 }, call_objects: [{ phone_number: "+14155550123" }, { phone_number: "+14155550124" }] },
      { now: NOW },
    );
    expect(v2.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`)).toEqual(["temperature-range /global/temperature"]);
  });
});
