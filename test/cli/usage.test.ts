// `pathway usage` against the loopback fake: the numbers and campaigns that name a pathway among hundreds, checked, masked in every format, hostile text inert.
import { afterEach, describe, expect, it } from "vitest";
import { campaign, fixtureNumber, HOSTILE, numbersFixture, renewalPathway } from "../support/fake-usage.js";
import { startReleaseProject, type ReleaseProject } from "../support/release-project.js";
import { runMain } from "../support/run-main.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** 200 numbers (12 answer with p) and three campaigns: c-1 calls p now, c-2 never does, c-3 (paused, hostile name) does. */
async function startUsageProject(count = 200): Promise<{ using: number[] }> {
  const { numbers, using } = numbersFixture(count, "p");
  const campaigns = {
    "c-1": campaign(
      "c-1",
      ["pw-other", "p"],
      { request_data: { webhook: "https://hooks.example.com/ended", voice: "maya", request_data: { customer_name: "Ann" } } },
      1,
    ),
    "c-2": campaign("c-2", ["pw-other"]),
    "c-3": campaign("c-3", ["p", "pw-other"], { campaign_state: "paused", campaign_name: `Spring ${HOSTILE} ${"y".repeat(50_000)}` }, 1),
  };
  project = await startReleaseProject({ numbers, campaigns });
  project.write("booking.json", `${JSON.stringify(renewalPathway(), null, 2)}\n`);
  return { using };
}

const ALL = ["--campaign", "c-1", "c-2", "c-3"];

/** Every fixture number in full, in each form a number could leak in (E.164, digits only, URL-encoded). */
function fullNumbers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => fixtureNumber(i)).flatMap((n) => [n, n.slice(1), encodeURIComponent(n)]);
}

describe("pathway usage", () => {
  it("finds exactly the numbers and campaigns that name the pathway among 200 numbers and 3 campaigns", async () => {
    const { using } = await startUsageProject();
    const r = await project.run(["usage", "booking.json", ...ALL, "--format", "json"]);
    const usage = JSON.parse(r.stdout);
    expect(usage.inbound).toMatchObject({ listed: 200, read: 200, notRead: 0, failed: [], withoutPathwayId: 63, otherPathways: 125 });
    expect(usage.inbound.numbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual(using.map((i) => `+1415***${String(i).padStart(4, "0")}`));
    expect(usage.campaigns.using.map((c: { id: string }) => c.id)).toEqual(["c-1", "c-3"]);
    expect(usage.campaigns.notCalling).toEqual(["c-2"]);
    expect(usage.campaigns.using[0]).toMatchObject({
      state: "active",
      current: { seqId: "seq-2", step: 1, callsWithPathway: true },
      sequences: [{ seqId: "seq-2", step: 1, pointer: "/sequences/1/pathway/0/value" }],
    });
    expect(usage.campaigns.using[1]).toMatchObject({
      state: "paused",
      current: { seqId: "seq-2", callsWithPathway: false },
      sequences: [{ seqId: "seq-1", step: 0 }],
    });
    expect(usage.summary).toBe(
      "production of p answers 12 inbound numbers; 1 active campaign calls with it, 1 more not active; 14 errors, 2 warnings in what reaches it.",
    );
    expect(usage.complete).toBe(true);
    // Errors in what reaches the pathway: exit 1.
    expect(r.code).toBe(1);
    // One configuration read per listed number, never more than --concurrency (4) at a time.
    expect(project.service.requestsTo("GET", /^\/v1\/inbound\/.+/)).toHaveLength(200);
    expect(project.service.maxInFlight).toBeLessThanOrEqual(4);
  });

  it("flags every number where a variable the pathway reads from request data is always empty, placed in its configuration", async () => {
    const { using } = await startUsageProject();
    const usage = JSON.parse((await project.run(["usage", "booking.json", "--format", "json"])).stdout);
    for (const n of usage.inbound.numbers) {
      const missing = n.findings.filter((d: { ruleId: string }) => d.ruleId === "missing-request-variable");
      expect(missing, n.phoneNumber).toHaveLength(1);
      expect(missing[0]).toMatchObject({ severity: "error", pointer: "/pathway_id", range: { start: { line: 8, column: 17 } } });
      expect(missing[0].message).toMatch(
        /^\{\{customer_name\}\} is read by node "Greeting" \(id start\) .* an inbound call \(no request_data; pathway_id resets dynamic_data: POST \/v1\/inbound\/\{phone_number\}\) does not supply it/,
      );
    }
    expect(usage.inbound.numbers).toHaveLength(using.length);
    // The one with a hostile webhook, a voice in the wrong case and an unknown background track.
    const odd = usage.inbound.numbers.find((n: { phoneNumber: string }) => n.phoneNumber === "+1415***0017");
    expect(odd.findings.map((d: { ruleId: string; pointer: string }) => `${d.ruleId} ${d.pointer}`)).toEqual([
      "webhook-url /webhook",
      "voice /voice",
      "background-track /background_track",
      "missing-request-variable /pathway_id",
    ]);
    expect(usage.inbound.numbers.find((n: { phoneNumber: string }) => n.phoneNumber === "+1415***0034").pathwayVersion).toBe(2);
    // Against the production pathway (no variables), the same numbers have nothing to say.
    const live = JSON.parse((await project.run(["usage", "p", "--format", "json"])).stdout);
    expect(live.checkedAgainst).toBe("remote:p");
    expect(live.inbound.numbers.filter((n: { findings: unknown[] }) => n.findings.length > 0).map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual([
      "+1415***0017",
    ]);
  });

  it("checks a campaign's request_data against the pathway: a missing variable is a warning that says contacts are not documented", async () => {
    await startUsageProject();
    const usage = JSON.parse((await project.run(["usage", "booking.json", ...ALL, "--format", "json"])).stdout);
    const [calling, paused] = usage.campaigns.using;
    expect(calling.findings).toEqual([]);
    expect(paused.findings).toHaveLength(1);
    expect(paused.findings[0]).toMatchObject({
      ruleId: "missing-request-variable",
      severity: "warning",
      pointer: "/request_data/request_data",
      range: { start: { line: 16 } },
    });
    expect(paused.findings[0].message).toMatch(
      /request_data does not supply it; .* Whether a campaign's contacts supply variables of their own is not documented\.$/,
    );
  });

  it("masks every number in every format; --show-numbers shows them only on a terminal", async () => {
    await startUsageProject();
    const leaks = fullNumbers(200);
    for (const format of ["text", "json", "md"]) {
      const r = await project.run(["usage", "booking.json", ...ALL, "--format", format]);
      expect(r.stdout, format).toContain("+1415***0017");
      expect(
        leaks.filter((n) => r.stdout.includes(n) || r.stderr.includes(n)),
        format,
      ).toEqual([]);
    }
    const piped = await project.run(["usage", "booking.json", "--show-numbers"]);
    expect(piped.stderr).toContain("--show-numbers shows numbers only on a terminal; they stay masked in this output");
    expect(leaks.filter((n) => piped.stdout.includes(n))).toEqual([]);
    const tty = await runOnTerminal(["usage", "booking.json", "--show-numbers"]);
    expect(tty.stdout).toContain(fixtureNumber(17));
  });

  it("keeps hostile text inert: no escape, bidirectional or C1 control reaches the output, and huge names are cut", async () => {
    await startUsageProject();
    const raw = /[\u001b\u0007\u009b\u202a-\u202e\u2066-\u2069]/;
    for (const format of ["text", "md", "json"]) {
      const r = await project.run(["usage", "booking.json", ...ALL, "--format", format]);
      expect(raw.test(r.stdout), format).toBe(false);
      expect(r.stdout.length, format).toBeLessThan(60_000);
    }
    const md = (await project.run(["usage", "booking.json", ...ALL, "--format", "md"])).stdout;
    // A mention in a name cannot notify anyone, and a pipe cannot end a table cell.
    expect(md).not.toMatch(/@team/);
    expect(md).toMatch(/Spring \\\\u001b\\\[2J/);
    const json = JSON.parse((await project.run(["usage", "booking.json", ...ALL, "--format", "json"])).stdout);
    expect(json.campaigns.using[1].name.length).toBeLessThanOrEqual(120);
    // A list entry whose "number" is 100,000 characters of escape sequences is not requested, and says why in a line.
    project.service.usage.extraListEntries.push({ phone_number: `+1${"\u001b[2J9".repeat(20_000)}` });
    const before = project.service.requests.length;
    const r = await project.run(["usage", "booking.json", "--format", "json"]);
    expect(JSON.parse(r.stdout).inbound.failed).toEqual([
      { subject: "inbound_numbers[200]", message: "the list entry's phone_number is not a phone number (100002 characters); not read." },
    ]);
    expect(project.service.requests.slice(before).every((q) => q.path.length < 100)).toBe(true);
  });

  it("reports numbers whose configuration cannot be read (after retries) and list entries without a number; the rest are still read", async () => {
    await startUsageProject(40);
    project.service.usage.failing.set("+19995550001", 500);
    project.service.usage.failing.set("+19995550002", 500);
    project.service.usage.extraListEntries.push({ created_at: "2025-01-01" }, "not an object");
    const r = await project.run(["usage", "booking.json", "--retries", "1", "--format", "json"]);
    expect(r.code).toBe(1);
    const usage = JSON.parse(r.stdout);
    expect(usage.complete).toBe(false);
    expect(usage.inbound.read).toBe(40);
    expect(usage.inbound.numbers).toHaveLength(3);
    expect(usage.inbound.failed.map((p: { subject: string }) => p.subject).sort()).toEqual([
      "+1999***0001",
      "+1999***0002",
      "inbound_numbers",
      "inbound_numbers[42]",
    ]);
    expect(usage.inbound.failed.find((p: { subject: string }) => p.subject === "+1999***0001").message).toMatch(
      /the service failed \(500\) at GET .*\/v1\/inbound\/%2B1999\*\*\*0001; gave up after 2 attempts/,
    );
    expect(project.service.requestsTo("GET", /^\/v1\/inbound\/%2B19995550001$/)).toHaveLength(2);
    expect(usage.summary).toMatch(/^production of p answers at least 3 inbound numbers \(4 not read\);/);
    expect(usage.inbound.unread).toBe(4);
    const text = (await project.run(["usage", "booking.json", "--retries", "0"])).stdout;
    expect(text).toContain("Could not read +1999***0001");
    expect(text).toContain("Incomplete: some numbers or campaigns were not read, and may use it too.");
  });

  it("--max-numbers bounds the configurations read; the rest are counted as not read", async () => {
    await startUsageProject(60);
    const usage = JSON.parse((await project.run(["usage", "booking.json", "--max-numbers", "20", "--format", "json"])).stdout);
    expect(usage.inbound).toMatchObject({ listed: 60, read: 20, notRead: 40, maxNumbers: 20 });
    expect(usage.inbound.numbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual(["+1415***0000", "+1415***0017"]);
    expect(project.service.requestsTo("GET", /^\/v1\/inbound\/.+/)).toHaveLength(20);
    expect(usage.complete).toBe(false);
  });

  it("reads the campaigns pathway.config.json names; --campaign replaces them; none named says so", async () => {
    await startUsageProject(10);
    const none = await project.run(["usage", "booking.json"]);
    expect(none.stdout).toContain("Campaigns: none checked. Name them with --campaign <id...> or `campaigns` in pathway.config.json");
    expect(project.service.requestsTo("POST", /^\/v1\/campaigns\//)).toEqual([]);
    project.write("pathway.config.json", JSON.stringify({ campaigns: ["c-1", "c-2", "c-1"] }));
    const configured = JSON.parse((await project.run(["usage", "booking.json", "--format", "json"])).stdout);
    expect(configured.campaigns).toMatchObject({ from: "config", checked: 2, notCalling: ["c-2"] });
    const flagged = JSON.parse((await project.run(["usage", "booking.json", "--campaign", "c-3", "c-404", "--format", "json"])).stdout);
    expect(flagged.campaigns).toMatchObject({ from: "option", checked: 2 });
    expect(flagged.campaigns.using.map((c: { id: string }) => c.id)).toEqual(["c-3"]);
    expect(flagged.campaigns.failed).toEqual([
      { subject: "c-404", message: expect.stringMatching(/not found \(404\) at POST .*\/v1\/campaigns\/c-404\. Check the campaign id/) },
    ]);
    // Campaigns are read with POST and no body (its body is not documented).
    expect(project.service.requestsTo("POST", /^\/v1\/campaigns\/c-3$/).at(-1)!.body).toBe("");
  });

  it("sends PATHWAYKIT_ENCRYPTED_KEY as encrypted_key to the inbound reads only, and never prints it", async () => {
    await startUsageProject(5);
    const secret = "enc-key-abcdef0123456789";
    project.service.addFault(
      { type: "body", status: 400, body: JSON.stringify({ status: "error", message: `bad encrypted_key ${secret}` }) },
      "GET",
      /^\/v1\/inbound\/%2B14155550003$/,
    );
    const r = await project.run(["usage", "booking.json", "--campaign", "c-1", "--format", "json"], { PATHWAYKIT_ENCRYPTED_KEY: secret });
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(r.stdout).toContain("[redacted]");
    const inbound = project.service.requests.filter((q) => q.path.startsWith("/v1/inbound"));
    expect(inbound.length).toBe(6);
    expect(inbound.every((q) => q.encryptedKey === secret)).toBe(true);
    expect(project.service.requestsTo("POST", /^\/v1\/campaigns\//)[0]!.encryptedKey).toBeUndefined();
  });

  it("says which endpoint it retries, never which number", async () => {
    await startUsageProject(5);
    project.service.addFault({ type: "status", status: 503 }, "GET", /^\/v1\/inbound\/%2B14155550002$/);
    const r = await project.run(["usage", "booking.json"], { PATHWAYKIT_DEBUG: "1" });
    expect(r.stderr).toMatch(/^pathway: retrying http:\/\/127\.0\.0\.1:\d+\/v1\/inbound\/\{phone_number\} in \d+ ms \(503; attempt 1 of 4\)\n$/);
  });

  it("shows a progress bar while reading numbers on a terminal", async () => {
    await startUsageProject(20);
    const r = await runOnTerminal(["usage", "booking.json"]);
    expect(r.stderr).toMatch(/reading numbers \[.*\] \d+\/20/);
  });

  it("exits 2 when the list of numbers cannot be read, naming the endpoint", async () => {
    await startUsageProject(5);
    project.service.addFault({ type: "status", status: 403, body: JSON.stringify({ status: "error", message: "Forbidden" }) }, "GET", /^\/v1\/inbound$/);
    const r = await project.run(["usage", "booking.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/listing the inbound numbers: the API key may not access/);
  });
});

/** `pathway ...args` in the project with stdout and stderr on a terminal. */
function runOnTerminal(args: string[]) {
  return runMain(args, {
    cwd: project.dir,
    tty: { columns: 120 },
    env: { PATHWAYKIT_BASE_URL: project.service.url, PATHWAYKIT_API_KEY: project.service.apiKey },
  });
}
