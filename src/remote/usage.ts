// The endpoints that say who uses a pathway: inbound numbers (GET /v1/inbound, GET /v1/inbound/{phone_number}) and a campaign (POST /v1/campaigns/{id}).
import { isObject } from "../model/pathway.js";
import type { ClientTools, RawAnswer } from "./release.js";

/** The list of inbound numbers: its entries (list form: no `pathway_id`), and how many were not objects. */
export interface InboundListAnswer {
  numbers: Record<string, unknown>[];
  /** Entries that are not objects, left out. */
  skipped: number;
  url: string;
}

/** One inbound number's configuration (detail form), a `{data: ...}` wrapper taken off. */
export interface InboundDetailAnswer {
  record: Record<string, unknown>;
  url: string;
}

/** A campaign read: the campaign objects of the answer (one, for one id). */
export interface CampaignAnswer {
  campaigns: Record<string, unknown>[];
  url: string;
}

/** The usage endpoints of the client. */
export interface UsageApi {
  /** Lists the inbound numbers (GET /v1/inbound: `inbound_numbers`); paging is not documented, so this is one request. Throws RemoteError. */
  listInboundNumbers(): Promise<InboundListAnswer>;
  /** Reads one number's configuration (GET /v1/inbound/{phone_number}), the number percent-encoded (`+` as `%2B`). Throws RemoteError. */
  getInboundNumber(phoneNumber: string): Promise<InboundDetailAnswer>;
  /** Reads a campaign (POST /v1/campaigns/{id}: `{status, count, campaigns}`), sent without a body (its body is not documented). Throws RemoteError. */
  getCampaign(id: string): Promise<CampaignAnswer>;
}

/** `body`, or the object under its `data` when `body` lacks `key` (the wrapped answers other endpoints give). */
function unwrap(body: unknown, key: string): unknown {
  return isObject(body) && body[key] === undefined && (isObject(body.data) || Array.isArray(body.data)) ? body.data : body;
}

/** The usage methods over the client's tools (its request with retries, timeouts, redaction, and its error builders). */
export function createUsageMethods(tools: ClientTools): UsageApi {
  const shape = (answer: RawAnswer, what: string, expected: string) =>
    tools.fail("shape", `${what}: ${answer.url} answered ${answer.status} without ${expected}; the service said: ${tools.quote(answer.text) || "(nothing)"}.`, {
      url: answer.url,
      status: answer.status,
      attempts: answer.attempts,
    });
  const refused = (answer: RawAnswer, body: unknown, what: string) => {
    const said = tools.refusal(body);
    if (said !== undefined)
      throw tools.fail("rejected", `${what}: ${answer.url} answered ${answer.status} but refused${said ? `: ${tools.quote(said)}` : ""}.`, {
        url: answer.url,
        status: answer.status,
        attempts: answer.attempts,
      });
  };
  return {
    async listInboundNumbers() {
      const what = "listing the inbound numbers";
      const answer = await tools.request("GET", "v1/inbound", undefined, what, { account: true, subject: "base URL (GET /v1/inbound lists the numbers)" });
      const body = tools.parse(answer, what);
      refused(answer, body, what);
      const payload = unwrap(body, "inbound_numbers");
      const list = Array.isArray(payload) ? payload : isObject(payload) && Array.isArray(payload.inbound_numbers) ? payload.inbound_numbers : undefined;
      if (list === undefined) throw shape(answer, what, "a list of numbers (documented: {inbound_numbers: [...]})");
      const numbers = list.filter(isObject);
      return { numbers, skipped: list.length - numbers.length, url: answer.url };
    },
    async getInboundNumber(phoneNumber) {
      const what = `reading inbound number ${phoneNumber}`;
      const answer = await tools.request("GET", `v1/inbound/${tools.segment(phoneNumber, what)}`, undefined, what, {
        account: true,
        subject: "number (see GET /v1/inbound)",
      });
      const body = tools.parse(answer, what);
      refused(answer, body, what);
      const record = unwrap(body, "phone_number");
      if (!isObject(record)) throw shape(answer, what, "a number's configuration (an object)");
      return { record, url: answer.url };
    },
    async getCampaign(id) {
      const what = `reading campaign ${id}`;
      const answer = await tools.request("POST", `v1/campaigns/${tools.segment(id, what)}`, undefined, what, { read: true, subject: "campaign id" });
      const body = tools.parse(answer, what);
      refused(answer, body, what);
      const payload = unwrap(body, "campaigns");
      // One campaign object unwrapped is read as the list of one the documentation shows.
      const list =
        isObject(payload) && Array.isArray(payload.campaigns)
          ? payload.campaigns
          : Array.isArray(payload)
            ? payload
            : isObject(payload) && Array.isArray(payload.sequences)
              ? [payload]
              : undefined;
      if (list === undefined) throw shape(answer, what, "campaigns (documented: {status, count, campaigns: [...]})");
      return { campaigns: list.filter(isObject), url: answer.url };
    },
  };
}
