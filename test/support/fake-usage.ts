// The fake service's inbound numbers and campaigns, as the API reference shows them: GET /v1/inbound, GET /v1/inbound/{phone_number}, POST /v1/campaigns/{id}.
import type { ServerResponse } from "node:http";

/** What the fake holds: number configurations (detail form) by number, campaigns by id, and numbers whose read fails. */
export interface UsageStore {
  /** Detail form (GET /v1/inbound/{phone_number}) by phone number; the list form is made from it. */
  numbers: Map<string, Record<string, unknown>>;
  /** Campaign objects (2.4 of the reference) by id. */
  campaigns: Map<string, Record<string, unknown>>;
  /** Numbers whose configuration read answers this status every time (a 500 is retried by the client). */
  failing: Map<string, number>;
  /** List entries added as they are (hostile or malformed ones). */
  extraListEntries: unknown[];
  send(res: ServerResponse, status: number, value: unknown): void;
}

/** The list form of a configuration (GET /v1/inbound): no pathway_id, no background_track, `voice_id` for the voice. */
export function toListForm(detail: Record<string, unknown>): Record<string, unknown> {
  const { pathway_id: _p, background_track: _b, voice, pathway_version: _v, ...rest } = detail;
  return {
    ...rest,
    voice_id: typeof voice === "number" ? voice : 0,
    interruption_threshold: null,
    reduce_latency: false,
    transfer_phone_number: null,
    voice_settings: null,
    record: false,
  };
}

/** The number a path names: the plus is optional (`%2B` or none), and a US country code is assumed when absent. */
function lookup(store: UsageStore, raw: string): string | undefined {
  const number = decodeURIComponent(raw);
  for (const candidate of [number, `+${number}`, `+1${number}`]) if (store.numbers.has(candidate) || store.failing.has(candidate)) return candidate;
  return undefined;
}

/** Answers an inbound or campaign request; false when the path is not one. */
export function handleUsage(store: UsageStore, method: string, url: string, res: ServerResponse): boolean {
  const path = url.split("?")[0]!;
  if (method === "GET" && path === "/v1/inbound") {
    store.send(res, 200, {
      inbound_numbers: [
        ...[...store.numbers.values()].map(toListForm),
        ...[...store.failing.keys()].filter((n) => !store.numbers.has(n)).map((phone_number) => ({ phone_number })),
        ...store.extraListEntries,
      ],
    });
    return true;
  }
  const one = /^\/v1\/inbound\/([^/]+)$/.exec(path);
  if (method === "GET" && one) {
    const number = lookup(store, one[1]!);
    const failing = number === undefined ? undefined : store.failing.get(number);
    if (failing !== undefined) store.send(res, failing, { status: "error", message: `Internal error reading ${number}` });
    else if (number === undefined) store.send(res, 404, { status: "error", message: "Inbound number not found" });
    else store.send(res, 200, store.numbers.get(number));
    return true;
  }
  const campaign = /^\/v1\/campaigns\/([^/]+)$/.exec(path);
  if (method === "POST" && campaign) {
    const found = store.campaigns.get(decodeURIComponent(campaign[1]!));
    if (!found) store.send(res, 404, { status: "error", message: "Campaign not found" });
    else store.send(res, 200, { status: "success", count: 1, campaigns: [found] });
    return true;
  }
  return false;
}

/** A number configuration (detail form) that answers with `pathwayId`; `extra` adds or replaces fields. */
export function inboundDetail(phoneNumber: string, pathwayId: string | undefined, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    created_at: "2025-03-01T10:00:00.000Z",
    phone_number: phoneNumber,
    prompt: pathwayId === undefined ? "You answer the front desk of a clinic." : null,
    webhook: null,
    voice: 2,
    background_track: null,
    ...(pathwayId !== undefined && { pathway_id: pathwayId }),
    dynamic_data: null,
    max_duration: 30,
    ...extra,
  };
}

/** A campaign (2.4 of the reference) whose sequences call with `pathways` in order; `curr_seq` names the one at `current`. */
export function campaign(id: string, pathways: readonly (string | undefined)[], extra: Record<string, unknown> = {}, current = 0): Record<string, unknown> {
  const sequences = pathways.map((p, step) => ({
    seqId: `seq-${step + 1}`,
    step,
    type: "send_call",
    task: "",
    start_time: null,
    pathway: p === undefined ? [] : [{ value: p, label: `Pathway ${p}` }],
  }));
  return {
    id,
    campaign_id: id,
    campaign_name: `Campaign ${id}`,
    created_at: "2025-03-02T10:00:00.000Z",
    request_data: {
      language: "en-US",
      model: "enhanced",
      webhook: "https://hooks.example.com/ended",
      wait_for_greeting: false,
      record: true,
      interruption_threshold: "100",
      temperature: "0.7",
      voice: "maya",
      max_duration: "12",
      request_data: {},
      sms: null,
      analysis_schema: [],
    },
    sequences,
    campaign_config: { stop_when_answer: true, auto_mark_complete: false },
    campaign_state: "active",
    phone_number: "+14155550100",
    curr_seq: sequences[current]?.seqId ?? null,
    ...extra,
  };
}

/** A pathway that greets the caller by `{{customer_name}}`, a value outbound calls pass in request_data: inbound callers never bring it. */
export function renewalPathway(): Record<string, unknown> {
  return {
    name: "Renewals",
    nodes: [
      { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi {{customer_name}}, this is Acme about your renewal." } },
      { id: "end", type: "End Call", data: { name: "Bye", text: "Goodbye." } },
    ],
    edges: [{ id: "e1", source: "start", target: "end", label: "done" }],
  };
}

/** Text that a terminal, a log or a Markdown renderer would act on: escape sequences, bidirectional controls, a mention, a table pipe. */
export const HOSTILE = "\u001b[2J\u001b]0;pwned\u0007 @team | \u202egnirts\u202c \u009b31m";

/** The number of index `i` in a fixture: +1415555 and four digits. */
export function fixtureNumber(i: number): string {
  return `+1415555${String(i).padStart(4, "0")}`;
}

/**
 * `count` numbers: every 17th answers with `pathwayId` (index 17 with a hostile webhook, voice and background track,
 * index 34 with a pathway_version), every third of the rest has no pathway_id (a prompt answers; some with hostile,
 * huge prompts), the others name another pathway. Returns the configurations and the indexes that use `pathwayId`.
 */
export function numbersFixture(count: number, pathwayId: string): { numbers: Record<string, Record<string, unknown>>; using: number[] } {
  const numbers: Record<string, Record<string, unknown>> = {};
  const using: number[] = [];
  for (let i = 0; i < count; i++) {
    const number = fixtureNumber(i);
    if (i % 17 === 0) {
      using.push(i);
      const extra = i === 17 ? { webhook: `javascript:alert(1)${HOSTILE}`, voice: "Maya", background_track: "jazz" } : i === 34 ? { pathway_version: 2 } : {};
      numbers[number] = inboundDetail(number, pathwayId, extra);
    } else if (i % 3 === 1) {
      const prompt = i % 2 === 0 ? `Front desk ${HOSTILE} ${"x".repeat(200_000)}` : "You answer the front desk.";
      numbers[number] = inboundDetail(number, undefined, { prompt, ...(i % 2 === 0 && { pathway_id: null }) });
    } else numbers[number] = inboundDetail(number, "pw-other");
  }
  return { numbers, using };
}
