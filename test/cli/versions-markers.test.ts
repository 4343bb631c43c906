// `pathway versions` marks production, staging, the draft and the local file's content; `pathway log` notes promotions; "unknown" where the service is silent.
import { afterEach, describe, expect, it } from "vitest";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** Version 1 promoted to production, version 2 the draft (the local file), version 3 someone else's. */
async function history(quirks = {}): Promise<void> {
  project = await startReleaseProject({ quirks });
  await project.run(["push", "booking.json", "--draft"]);
  expect((await project.run(["publish", "booking.json"])).code).toBe(0);
  project.write("booking.json", JSON.stringify(bookingPathway("Second.")));
  await project.run(["push", "booking.json", "--draft"]);
  project.service.versions.get("p")!.push(bookingPathway("Someone else's."));
}

describe("pathway versions", () => {
  it("marks production, the draft and the version matching the local file; staging unknown when the service does not say", async () => {
    await history();
    const r = await project.run(["versions", "booking.json", "--format", "json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ id: "p", production: 1, staging: "unknown", draft: 2, local: { file: "booking.json", notCompared: [] } });
    expect(report.versions.map((v: Record<string, unknown>) => [v.version, v.production, v.draft, v.matchesLocal])).toEqual([
      [1, true, undefined, undefined],
      [2, undefined, true, true],
      [3, undefined, undefined, undefined],
    ]);
    const text = await project.run(["versions", "booking.json"]);
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines[1]).toMatch(/^3\s.*latest$/);
    expect(lines[2]).toMatch(/^2\s.*draft, matches booking\.json$/);
    expect(lines[3]).toMatch(/^1\s.*production$/);
    expect(lines[4]).toBe("production: version 1; staging: unknown (the service does not say)");
  });

  it("marks staging when the service reports it, and says unknown for production before anything was promoted", async () => {
    project = await startReleaseProject({ quirks: { reportStaging: true } });
    await project.run(["push", "booking.json", "--draft"]);
    const before = JSON.parse((await project.run(["versions", "remote:p", "--format", "json"])).stdout);
    expect(before).toMatchObject({ production: "unknown", staging: "unknown", draft: 1 });
    await project.run(["publish", "booking.json", "--environment", "staging"]);
    const after = JSON.parse((await project.run(["versions", "p", "--format", "json"])).stdout);
    expect(after).toMatchObject({ production: "unknown", staging: 1 });
    expect(after.versions[0]).toMatchObject({ version: 1, staging: true });
  });
});

describe("pathway log", () => {
  it("notes the version in production", async () => {
    await history();
    const r = await project.run(["log", "p"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/version 2.*\[in production\]/);
    const json = JSON.parse((await project.run(["log", "p", "--format", "json"])).stdout);
    expect(json.promoted).toEqual({ production: 1 });
    project.service.versions.get("p")!.length = 2;
    project.service.markers.set("p", { production: 2 });
    expect((await project.run(["log", "p"])).stdout).toMatch(/version 2.*\[in production\]/);
  });
});
