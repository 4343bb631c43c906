// `pathway calls fetch` against the fake service on loopback: by id, the list paged (with its undocumented details), masking, the key.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import type { CallQuirks } from "../support/fake-calls.js";
import { ROOT } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const FIXTURE = JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/calls/auto-shop/booked.json"), "utf8")) as Record<string, unknown>;
/** 250 calls: ids c000..c249, two pathways, dated one minute apart. */
const CALLS = Array.from({ length: 250 }, (_, i) => ({
  ...FIXTURE,
  call_id: `c${String(i).padStart(3, "0")}`,
  c_id: undefined,
  pathway_id: i % 5 === 0 ? "pw-other" : "pw-auto-shop",
  created_at: new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString(),
}));
/** Ids the older naming turned into one file name (a_b.json), and a uuid that keeps its plain name. */
const LONG_ID = "x".repeat(300);
const LOOKALIKES = ["a/b", "a_b", "a.b", "a:b", "4c150427-fb1e-4dd1-a44d-4f25b24361b0"];
for (const id of [...LOOKALIKES, LONG_ID])
  CALLS.push({ ...FIXTURE, call_id: id, c_id: undefined, pathway_id: "pw-auto-shop", created_at: "2025-05-01T00:00:00Z" });

let service: FakeService | undefined;
afterEach(async () => service?.close());

async function setUp(quirks: CallQuirks = {}, callEvents: Record<string, unknown[]> = {}) {
  service = await startFakeService({ calls: CALLS, callEvents, callQuirks: quirks, apiKey: "sk-calls-secret-0123456789" });
  // The service's answers differ per test (quirks), so it starts here rather than in useServiceProject's beforeEach.
  const dir = createTempProject({}, "pathwaykit-calls-fetch-");
  const run = (args: string[]) => runMain(args, { cwd: dir, env: { PATHWAYKIT_BASE_URL: service!.url, PATHWAYKIT_API_KEY: service!.apiKey } });
  return { dir, run, files: () => readdirSync(path.join(dir, "calls")).sort() };
}

describe("pathway calls fetch", () => {
  it("writes one file per call id given, the record as the service gave it", async () => {
    const { dir, run, files } = await setUp({ wrapRecord: true });
    const result = await run(["calls", "fetch", "c001", "c002", "-o", "calls"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(files()).toEqual(["c001.json", "c002.json"]);
    const saved = JSON.parse(readFileSync(path.join(dir, "calls/c001.json"), "utf8")) as Record<string, unknown>;
    expect(saved.to).toBe("+15550100177");
    expect(result.stdout + result.stderr).not.toContain(service!.apiKey);
  });

  it.each<[string, CallQuirks]>([
    ["total_count, to exclusive", {}],
    ["count, to inclusive", { countField: "count", inclusiveTo: true }],
    ["no total", { countField: "none" }],
  ])("pages the list (%s), keeps only the pathway's calls, and reads each call once", async (_name, quirks) => {
    const { run, files } = await setUp(quirks);
    const result = await run(["calls", "fetch", "--pathway-id", "pw-auto-shop", "--since", "2025-06-01T01:00", "-o", "calls", "--format", "json"]);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as { written: unknown[]; skipped: { reason: string }[] };
    // Calls 60..249 are on or after 01:00; one in five of them is another pathway's.
    expect(out.written.length).toBe(152);
    expect(out.skipped.length).toBe(38);
    expect(files().length).toBe(152);
    expect(service!.requestsTo("GET", /^\/v1\/calls\/c\d+$/).length).toBe(152);
  });

  it("with --mask, writes no phone number of the record", async () => {
    const { dir, run } = await setUp();
    expect((await run(["calls", "fetch", "c001", "--mask", "-o", "calls"])).code).toBe(0);
    const text = readFileSync(path.join(dir, "calls/c001.json"), "utf8");
    expect(text).not.toMatch(/555.?0100/);
    expect(JSON.parse(text)).toMatchObject({ call_id: "c001", to: "[masked]", variables: { phone_number: "[masked]" } });
  });

  it("with --events, writes each pathway call's v2 trace into its file, asked for with v=2, and calls stats maps it", async () => {
    const trace = (JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/call-events/every-event/trace.json"), "utf8")) as Record<string, unknown>[]).map(
      (e) => ({ ...e, conversation_id: "c001" }),
    );
    CALLS.push({ ...FIXTURE, call_id: "task-1", c_id: undefined, pathway_id: null, pathway_logs: null } as unknown as (typeof CALLS)[number]);
    try {
      const { dir, run, files } = await setUp({ wrapRecord: true }, { c001: trace });
      const result = await run(["calls", "fetch", "c001", "task-1", "c002", "--events", "-o", "calls"]);
      // c002 is a pathway call whose trace the service does not have: it fails, and no file is written for it.
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/failed c002: fetching the events of call c002: not found \(404\)/);
      expect(files()).toEqual(["c001.json", "task-1.json"]);
      expect(
        service!
          .requestsTo("GET", /^\/v1\/pathway_calls\//)
          .map((r) => r.path)
          .sort(),
      ).toEqual(["/v1/pathway_calls/c001?v=2", "/v1/pathway_calls/c002?v=2"]);
      const saved = JSON.parse(readFileSync(path.join(dir, "calls/c001.json"), "utf8")) as Record<string, unknown>;
      expect(saved.pathway_events).toEqual(trace);
      expect(JSON.parse(readFileSync(path.join(dir, "calls/task-1.json"), "utf8"))).not.toHaveProperty("pathway_events");
      writeFileSync(path.join(dir, "clinic.json"), readFileSync(path.join(ROOT, "test/fixtures/call-events/clinic.json")));
      const stats = await run(["calls", "stats", "calls/c001.json", "--pathway", "clinic.json", "--format", "json"]);
      const out = JSON.parse(stats.stdout) as { stats: { mapped: number; nodes: { id: string; webhooks?: { invoked: number } }[] } };
      expect([out.stats.mapped, out.stats.nodes.find((n) => n.id === "check")!.webhooks?.invoked]).toEqual([1, 1]);
    } finally {
      CALLS.pop();
    }
  });

  it("exits 1 for a call the service does not have, writes the others, and never prints the key", async () => {
    const { run, files } = await setUp();
    const result = await run(["calls", "fetch", "c001", "nope", "-o", "calls"]);
    expect(result.code).toBe(1);
    expect(files()).toEqual(["c001.json"]);
    expect(result.stdout).toMatch(/failed nope: fetching call nope: not found \(404\)/);
    expect(result.stdout + result.stderr).not.toContain(service!.apiKey);
  });

  it("without a key says so and exits 2", async () => {
    const dir = createTempProject({}, "pathwaykit-calls-fetch-");
    const result = await runMain(["calls", "fetch", "c001", "-o", "calls"], { cwd: dir, env: { PATHWAYKIT_BASE_URL: "http://127.0.0.1:9" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/PATHWAYKIT_API_KEY/);
  });

  it("gives a/b, a_b, a.b and a:b a file each, named so the name gives the id back, and a uuid its plain name", async () => {
    const { dir, run, files } = await setUp();
    const result = await run(["calls", "fetch", ...LOOKALIKES, "-o", "calls"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(files()).toEqual(["4c150427-fb1e-4dd1-a44d-4f25b24361b0.json", "a%2Fb.json", "a%3Ab.json", "a.b.json", "a_b.json"]);
    const idIn = (name: string) => (JSON.parse(readFileSync(path.join(dir, "calls", name), "utf8")) as { call_id: string }).call_id;
    expect(files().map(idIn)).toEqual(["4c150427-fb1e-4dd1-a44d-4f25b24361b0", "a/b", "a:b", "a.b", "a_b"]);
  });

  it("never writes over a file that holds another call's record (the older names), says which file to rename, and writes the rest", async () => {
    const { dir, run, files } = await setUp();
    mkdirSync(path.join(dir, "calls"));
    // What an older version wrote for call a/b: a_b.json.
    const old = JSON.stringify({ ...FIXTURE, call_id: "a/b", summary: "kept" }, null, 2);
    writeFileSync(path.join(dir, "calls/a_b.json"), old);
    const result = await run(["calls", "fetch", "a_b", "a:b", "-o", "calls", "--format", "json"]);
    expect(result.code).toBe(1);
    expect(readFileSync(path.join(dir, "calls/a_b.json"), "utf8")).toBe(old);
    expect(files()).toEqual(["a%3Ab.json", "a_b.json"]);
    const out = JSON.parse(result.stdout) as { failed: { callId: string; error: { code: string; reason: string; message: string } }[] };
    expect(out.failed).toEqual([
      {
        callId: "a_b",
        error: {
          code: "refused",
          reason: "other-id",
          message: expect.stringMatching(
            /^calls\/a_b\.json holds call a\/b's record, not call a_b's record: nothing was written over it\. .*rename the file to a%2Fb\.json/,
          ),
        },
      },
    ]);
    const text = await run(["calls", "fetch", "a_b", "-o", "calls"]);
    expect(text.stdout).toMatch(/failed a_b: calls\/a_b\.json holds call a\/b's record/);
    // Renamed as told, both calls have their own file.
    renameSync(path.join(dir, "calls/a_b.json"), path.join(dir, "calls/a%2Fb.json"));
    expect((await run(["calls", "fetch", "a_b", "-o", "calls"])).code).toBe(0);
    expect(readFileSync(path.join(dir, "calls/a%2Fb.json"), "utf8")).toBe(old);
    expect(JSON.parse(readFileSync(path.join(dir, "calls/a_b.json"), "utf8"))).toMatchObject({ call_id: "a_b" });
  });

  it("refuses a file that is not a call record, and an id too long for a file name, writing nothing", async () => {
    const { dir, run, files } = await setUp();
    mkdirSync(path.join(dir, "calls"));
    writeFileSync(path.join(dir, "calls/a.b.json"), "my notes\n");
    const result = await run(["calls", "fetch", "a.b", LONG_ID, "-o", "calls", "--format", "json"]);
    expect(result.code).toBe(1);
    expect(files()).toEqual(["a.b.json"]);
    expect(readFileSync(path.join(dir, "calls/a.b.json"), "utf8")).toBe("my notes\n");
    const out = JSON.parse(result.stdout) as { failed: { error: { reason: string } }[] };
    expect(out.failed.map((f) => f.error.reason).sort()).toEqual(["id-too-long", "not-an-id-file"]);
  });
});
