// The usage endpoints against the loopback fake: the inbound list and a number's configuration (with encrypted_key), a campaign read by POST, and the answers the reference leaves open.
import { afterEach, describe, expect, it } from "vitest";
import { createPathwayClient, type PathwayClient } from "../../src/remote/index.js";
import { campaign, inboundDetail } from "../support/fake-usage.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { failure } from "../support/remote-failure.js";

let service: FakeService;
afterEach(() => service?.close());

const NUMBER = "+14155550123";

async function start(options: { retries?: number; encryptedKey?: string } = {}): Promise<PathwayClient> {
  service = await startFakeService({ numbers: { [NUMBER]: inboundDetail(NUMBER, "p") }, campaigns: { "c-1": campaign("c-1", ["p"]) } });
  return createPathwayClient({
    apiKey: service.apiKey,
    baseUrl: service.url,
    retries: options.retries ?? 0,
    backoffBaseMs: 1,
    sleep: async () => undefined,
    ...(options.encryptedKey && { encryptedKey: options.encryptedKey }),
  });
}

describe("the usage endpoints", () => {
  it("lists the numbers (no pathway_id in the list form) and reads one's configuration with the plus encoded", async () => {
    const client = await start();
    const list = await client.listInboundNumbers();
    expect(list.numbers).toHaveLength(1);
    expect(list.numbers[0]!.pathway_id).toBeUndefined();
    const detail = await client.getInboundNumber(NUMBER);
    expect(detail.record.pathway_id).toBe("p");
    expect(service.requests.at(-1)!.path).toBe("/v1/inbound/%2B14155550123");
  });

  it("sends encrypted_key to the inbound reads only, and keeps it out of every message", async () => {
    const secret = "enc-0123456789abcdef";
    const client = await start({ encryptedKey: secret });
    await client.listInboundNumbers();
    await client.getCampaign("c-1");
    expect(service.requests.map((r) => [r.path, r.encryptedKey])).toEqual([
      ["/v1/inbound", secret],
      ["/v1/campaigns/c-1", undefined],
    ]);
    service.addFault({ type: "body", status: 400, body: JSON.stringify({ message: `unknown account ${secret}` }) });
    const error = await failure(client.getInboundNumber(NUMBER));
    expect(error.message).not.toContain(secret);
    expect(error.message).toContain("[redacted]");
  });

  it("reads a campaign with POST and no body, and retries it on a 500 as a read", async () => {
    const client = await start({ retries: 2 });
    service.addFault({ type: "status", status: 500 }, "POST");
    const read = await client.getCampaign("c-1");
    expect(read.campaigns.map((c) => c.id)).toEqual(["c-1"]);
    const posts = service.requestsTo("POST", /^\/v1\/campaigns\/c-1$/);
    expect(posts).toHaveLength(2);
    expect(posts.every((r) => r.body === "")).toBe(true);
  });

  it("accepts the wrapped answers and says what was expected of the others", async () => {
    const client = await start();
    service.addFault({ type: "body", body: JSON.stringify({ data: { inbound_numbers: [{ phone_number: NUMBER }, 7] } }) });
    expect(await client.listInboundNumbers()).toMatchObject({ numbers: [{ phone_number: NUMBER }], skipped: 1 });
    service.addFault({ type: "body", body: JSON.stringify({ data: inboundDetail(NUMBER, "p") }) });
    expect((await client.getInboundNumber(NUMBER)).record.pathway_id).toBe("p");
    service.addFault({ type: "body", body: JSON.stringify(campaign("c-9", ["p"])) });
    expect((await client.getCampaign("c-9")).campaigns[0]!.id).toBe("c-9");
    service.addFault({ type: "body", body: JSON.stringify({ numbers: [] }) });
    expect((await failure(client.listInboundNumbers())).message).toMatch(
      /listing the inbound numbers: .*\/v1\/inbound answered 200 without a list of numbers \(documented: \{inbound_numbers: \[\.\.\.\]\}\)/,
    );
    service.addFault({ type: "body", body: JSON.stringify({ status: "error", message: "Campaign archived" }) });
    const refused = await failure(client.getCampaign("c-1"));
    expect(refused.kind).toBe("rejected");
    expect(refused.message).toMatch(/refused: Campaign archived/);
  });

  it("names what to check on a 404, and refuses a number that would change the endpoint before sending it", async () => {
    const client = await start();
    expect((await failure(client.getInboundNumber("+19995550000"))).message).toMatch(
      /not found \(404\) at GET .*\/v1\/inbound\/%2B19995550000\. Check the number \(see GET \/v1\/inbound\)/,
    );
    expect((await failure(client.getCampaign("nope"))).message).toMatch(/Check the campaign id\./);
    const before = service.requests.length;
    expect((await failure(client.getInboundNumber(".."))).kind).toBe("invalid-id");
    expect(service.requests).toHaveLength(before);
  });
});
