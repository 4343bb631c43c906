// publish and rollback say who a release reaches before promoting (text, JSON, -o), checked against the version promoted; a failed read never blocks them.
import { afterEach, describe, expect, it } from "vitest";
import { campaign, numbersFixture, renewalPathway } from "../support/fake-usage.js";
import { startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const SUMMARY = "production of p answers 3 inbound numbers; 1 active campaign calls with it; 5 errors, 1 warning in what reaches it.";

/** 50 numbers (3 answer with p), campaign c-1 calling with p, the renewal pathway pushed as the draft. */
async function withDraft(): Promise<void> {
  const { numbers } = numbersFixture(50, "p");
  project = await startReleaseProject({ numbers, campaigns: { "c-1": campaign("c-1", ["p"], { request_data: { request_data: { customer_name: "Ann" } } }) } });
  project.write("booking.json", `${JSON.stringify(renewalPathway(), null, 2)}\n`);
  project.write("pathway.config.json", JSON.stringify({ campaigns: ["c-1"] }));
  expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
}

const publishes = () => project.service.requestsTo("POST", /\/publish$/);

describe("who a release reaches", () => {
  it("publish --dry-run prints the summary and where to see the findings, and promotes nothing", async () => {
    await withDraft();
    const r = await project.run(["publish", "booking.json", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      `${SUMMARY} See \`pathway usage booking.json\`.`,
      expect.stringMatching(/^Dry run: would promote version 1 of pathway p to production/),
      "",
    ]);
    expect(publishes()).toHaveLength(0);
  });

  it("publish --format json carries the usage, numbers masked, checked against the version it promotes", async () => {
    await withDraft();
    const r = await project.run(["publish", "booking.json", "--format", "json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ published: true, usage: { summary: SUMMARY, usage: { checkedAgainst: "version 1 of pathway p", numbersShown: false } } });
    expect(report.usage.usage.inbound.numbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual(["+1415***0000", "+1415***0017", "+1415***0034"]);
    expect(r.stdout).not.toContain("+14155550017");
    // The usage was read before the promotion.
    const paths = project.service.requests.map((q) => q.path);
    expect(paths.lastIndexOf("/v1/inbound")).toBeLessThan(paths.indexOf("/v1/pathway/p/publish"));
  });

  it("a usage read that fails is a warning, and the release goes on", async () => {
    await withDraft();
    project.service.addFault({ type: "status", status: 500 }, "GET", /^\/v1\/inbound$/);
    const r = await project.run(["publish", "booking.json", "--retries", "0", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^pathway: warning: could not read who pathway p reaches \(listing the inbound numbers: the service failed \(500\) at GET .*\/v1\/inbound; gave up after 1 attempt\. .*\); going on without it\.\n$/,
    );
    const report = JSON.parse(r.stdout);
    expect(report.published).toBe(true);
    expect(report.usage.error).toMatch(/^could not read who pathway p reaches/);
    expect(publishes()).toHaveLength(1);
  });

  it("with -o, the summary heads the file; to staging, it says numbers and campaigns name no version", async () => {
    await withDraft();
    const r = await project.run(["publish", "booking.json", "--environment", "staging", "-o", "release.txt"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(project.read("release.txt")).toMatch(
      /^Promoting to staging \(whether numbers or campaigns run staging is not documented\); production of p answers 3 inbound numbers;.*\n✔ promoted version 1 of pathway p to staging/,
    );
  });

  it("rollback --dry-run says who the version it would promote reaches; --campaign replaces the config's", async () => {
    await withDraft();
    expect((await project.run(["publish", "booking.json"])).code).toBe(0);
    const r = await project.run(["rollback", "booking.json", "--to", "1", "--dry-run", "--campaign", "c-404", "--retries", "0"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^production of p answers 3 inbound numbers; 0 active campaigns call with it \(1 of 1 could not be read\); 5 errors, 1 warning in what reaches it\. See `pathway usage booking\.json`\.\nDry run: would promote version 1/,
    );
  });
});
