// The release endpoints against the loopback fake: versions created, updated, read, listed and promoted; chats with a version; the uncertain answers.
import { afterEach, describe, expect, it } from "vitest";
import { createPathwayClient, getContentHash, toReleaseMarkers, type PathwayClient } from "../../src/remote/index.js";
import { ECHO_KEY, startFakeService, type FakeService } from "../support/fake-service.js";
import { failure } from "../support/remote-failure.js";

const pathway = (greeting: string) => ({
  name: "Support",
  nodes: [
    { id: "1", type: "Default", data: { name: "Start", isStart: true, text: greeting } },
    { id: "2", type: "End Call", data: { name: "Bye", text: "Bye" } },
  ],
  edges: [{ id: "e1", source: "1", target: "2", data: { label: "done" } }],
});

let service: FakeService;
afterEach(() => service?.close());

async function start(options: Parameters<typeof startFakeService>[0] = {}): Promise<PathwayClient> {
  service = await startFakeService({ pathways: { p: pathway("Live") }, versions: { p: [] }, ...options });
  return createPathwayClient({ apiKey: service.apiKey, baseUrl: service.url, retries: 0 });
}

describe("versions on the fake service", () => {
  it("creates a version without touching the live pathway, updates it in place, lists and reads it", async () => {
    const client = await start();
    const created = await client.createVersion("p", pathway("Draft 1"), { name: "release 1" });
    expect(created.version).toBe(1);
    expect((service.pathways.get("p") as { nodes: { data: { text: string } }[] }).nodes[0]!.data.text).toBe("Live");
    await client.updateVersion("p", 1, pathway("Draft 2"));
    const read = await client.getVersion("p", 1);
    expect(getContentHash(read.pathway)).toBe(getContentHash(pathway("Draft 2")));
    expect((await client.listVersions("p")).map((v) => v.version)).toEqual([1]);
  });

  it("sends each edge label at the top level and under data.label", async () => {
    const client = await start();
    await client.createVersion("p", pathway("Draft"));
    const sent = JSON.parse(service.requestsTo("POST", /\/version$/)[0]!.body) as { edges: { label?: string; data?: { label?: string } }[] };
    expect(sent.edges[0]).toMatchObject({ label: "done", data: { label: "done" } });
  });

  it("promotes a version: production_version_number says so, the live pathway is that version, staging is unknown unless reported", async () => {
    const client = await start();
    await client.createVersion("p", pathway("One"));
    await client.createVersion("p", pathway("Two"));
    await client.publishVersion("p", 2, "production");
    await client.publishVersion("p", 1, "staging");
    expect(JSON.parse(service.requestsTo("POST", /\/publish$/)[0]!.body)).toEqual({ version_id: 2, environment: "production" });
    const live = await client.getPathway("p", { endpoint: "pathway" });
    expect(toReleaseMarkers(live.pathway)).toEqual({ production: 2 });
    expect(getContentHash(live.pathway)).toBe(getContentHash(pathway("Two")));
    service.quirks.reportStaging = true;
    expect(toReleaseMarkers((await client.getPathway("p", { endpoint: "pathway" })).pathway)).toEqual({ production: 2, staging: 1 });
  });

  it("refuses to promote a version that does not exist (404 naming the endpoint)", async () => {
    const client = await start();
    const error = await failure(client.publishVersion("p", 7, "production"));
    expect(error.kind).toBe("not-found");
    expect(error.message).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/p\/publish/);
  });

  it("runs a chat on the version asked for, and on production without one", async () => {
    const client = await start();
    await client.createVersion("p", pathway("Hello from the draft"));
    const draft = await client.createChat({ pathwayId: "p", pathwayVersion: 1 });
    expect(draft.message).toBe("Hello from the draft");
    expect(JSON.parse(service.requestsTo("POST", /chat\/create$/)[0]!.body)).toMatchObject({ pathway_version: 1 });
    const live = await client.createChat({ pathwayId: "p" });
    expect(live.message).toBe("Live");
  });
});

describe("the uncertain answers", () => {
  it("reads pathways and versions wrapped as {data} and {status, pathway_data}", async () => {
    const client = await start();
    await client.createVersion("p", pathway("Draft"));
    for (const wrap of ["data", "pathway_data"] as const) {
      service.quirks.wrap = wrap;
      expect(getContentHash((await client.getVersion("p", 1)).pathway)).toBe(getContentHash(pathway("Draft")));
      expect(getContentHash((await client.getPathway("p", { endpoint: "pathway" })).pathway)).toBe(getContentHash(pathway("Live")));
    }
  });

  it("a 400 from POST /v1/pathway/{id} is an error naming the endpoint and quoting the service", async () => {
    const client = await start({ quirks: { save400: true } });
    const error = await failure(client.updatePathway("p", pathway("New")));
    expect(error.message).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/p answered 400\. The service said: Bad request: use the versioned router/);
  });

  it("a stale revision answers 409: a conflict error, nothing saved; the current revision saves", async () => {
    const client = await start({ quirks: { revisions: true } });
    await client.createVersion("p", pathway("One"));
    const error = await failure(client.updateVersion("p", 1, pathway("Two"), { revisionNumber: 0 }));
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(/409 Conflict.*Stale revision/);
    expect(getContentHash((await client.getVersion("p", 1)).pathway)).toBe(getContentHash(pathway("One")));
    await client.updateVersion("p", 1, pathway("Two"), { revisionNumber: 1 });
    expect(getContentHash((await client.getVersion("p", 1)).pathway)).toBe(getContentHash(pathway("Two")));
  });

  it("a version save answered 200 with status error is never a success", async () => {
    const client = await start({ quirks: { refuseVersionSave: true } });
    const error = await failure(client.createVersion("p", pathway("One")));
    expect(error.kind).toBe("rejected");
    expect(error.message).toMatch(/refused the save: Version could not be saved/);
  });

  it("an answer without a version number names the endpoint, quotes it redacted, and says what to do", async () => {
    const client = await start();
    service.addFault({ type: "body", body: JSON.stringify({ status: "success", note: `created for ${ECHO_KEY}` }) }, "POST");
    const error = await failure(client.createVersion("p", pathway("One")));
    expect(error.kind).toBe("shape");
    expect(error.message).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/p\/version answered 200 without a version number/);
    expect(error.message).toContain("[redacted]");
    expect(error.message).not.toContain(service.apiKey);
    expect(error.message).toMatch(/pathway versions p/);
  });
});
