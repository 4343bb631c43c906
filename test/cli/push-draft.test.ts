// `pathway push --draft` against the loopback fake: a version callers do not reach, updated in place, guarded, recorded atomically.
import { afterEach, describe, expect, it } from "vitest";
import { getContentHash } from "../../src/remote/index.js";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const livePathway = () => JSON.stringify(project.service.pathways.get("p"));
const versionText = (n: number) => (project.service.versions.get("p")![n - 1] as { nodes: { data: { text: string } }[] }).nodes[1]!.data.text;

describe("pathway push --draft", () => {
  it("uploads the file as a new version, leaves the live pathway alone, and records version and hash in the manifest", async () => {
    project = await startReleaseProject();
    const before = livePathway();
    const r = await project.run(["push", "booking.json", "--draft", "--name", "release 1"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/uploaded booking\.json as draft version 1 of pathway p; production is unchanged/);
    expect(livePathway()).toBe(before);
    expect(project.service.requestsTo("POST", /^\/v1\/pathway\/p$/)).toHaveLength(0);
    expect(project.manifest().pathways[0]).toMatchObject({
      file: "booking.json",
      id: "p",
      draft: { version: 1, hash: getContentHash(bookingPathway()), name: "release 1" },
    });
  });

  it("updates the same version on the next push --draft, and --new-version starts another", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    project.write("booking.json", JSON.stringify(bookingPathway("Edited farewell.")));
    const second = await project.run(["push", "booking.json", "--draft", "--format", "json"]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ ok: true, pushed: true, draft: { version: 1, created: false } });
    expect(project.service.versions.get("p")).toHaveLength(1);
    expect(versionText(1)).toBe("Edited farewell.");
    expect(project.service.requestsTo("POST", /\/version\/1$/)).toHaveLength(1);
    const third = await project.run(["push", "booking.json", "--draft", "--new-version", "--format", "json"]);
    expect(JSON.parse(third.stdout)).toMatchObject({ draft: { version: 2, created: true } });
    expect(project.manifest().pathways[0]!.draft!.version).toBe(2);
  });

  it("refuses (exit 1) when the draft was changed on the service since, leaving the manifest byte for byte; --force overwrites", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    project.service.versions.get("p")![0] = bookingPathway("Changed in the editor.");
    project.write("booking.json", JSON.stringify(bookingPathway("Mine.")));
    const manifest = project.read("pathwaykit.manifest.json");
    const r = await project.run(["push", "booking.json", "--draft"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/draft version 1 of pathway p changed on the service since it was pushed.*--force overwrites it, --new-version/);
    expect(versionText(1)).toBe("Changed in the editor.");
    expect(project.read("pathwaykit.manifest.json")).toBe(manifest);
    expect((await project.run(["push", "booking.json", "--draft", "--force"])).code).toBe(0);
    expect(versionText(1)).toBe("Mine.");
  });

  it("says so (exit 2) when the recorded draft is gone from the service, and --new-version recovers", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    project.service.versions.set("p", []);
    const r = await project.run(["push", "booking.json", "--draft"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/records version 1 of pathway p as booking\.json's draft, but the service no longer has it\. Pass --new-version/);
    expect((await project.run(["push", "booking.json", "--draft", "--new-version"])).code).toBe(0);
  });

  it("leaves the manifest as it was when the save fails: a 500, a 409 stale revision (exit 1), a 200 that refuses", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    project.write("booking.json", JSON.stringify(bookingPathway("Next.")));
    const manifest = project.read("pathwaykit.manifest.json");
    project.service.addFault({ type: "status", status: 500 }, "POST");
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(2);
    project.service.addFault({ type: "status", status: 409, body: JSON.stringify({ status: "error", message: "Stale revision" }) }, "POST");
    const conflict = await project.run(["push", "booking.json", "--draft"]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/409 Conflict.*Stale revision/);
    project.service.quirks.refuseVersionSave = true;
    const refused = await project.run(["push", "booking.json", "--draft", "--format", "json"]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, pushed: false, error: { code: "remote", reason: "rejected" } });
    expect(project.read("pathwaykit.manifest.json")).toBe(manifest);
    expect(versionText(1)).toBe("You are booked. Bye!");
  });

  it("sends the revision the service gave when it keeps revisions", async () => {
    project = await startReleaseProject({ quirks: { revisions: true } });
    await project.run(["push", "booking.json", "--draft"]);
    project.write("booking.json", JSON.stringify(bookingPathway("Revised.")));
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    expect(JSON.parse(project.service.requestsTo("POST", /\/version\/1$/)[0]!.body)).toMatchObject({ revision_number: 1 });
  });

  it("refuses --name and --new-version without --draft, and ids that would name another endpoint, before any request", async () => {
    project = await startReleaseProject();
    expect((await project.run(["push", "booking.json", "--name", "x"])).code).toBe(2);
    for (const id of ["..", "."]) {
      const r = await project.run(["push", "booking.json", "--draft", "--id", id]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the pathway id is "\.\.?", which a URL reads as/);
    }
    expect(project.service.requests).toHaveLength(0);
  });

  it("push without --draft, answered 400 (as one client reports): the endpoint, the service's words, and the way through versions", async () => {
    project = await startReleaseProject({ quirks: { save400: true } });
    const r = await project.run(["push", "booking.json", "--force"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/v1\/pathway\/p answered 400\. The service said: Bad request: use the versioned router/);
    expect(r.stderr).toMatch(/`pathway push booking\.json --draft` uploads the file as a version/);
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
  });

  it("--dry-run says what it would do and sends nothing", async () => {
    project = await startReleaseProject();
    const r = await project.run(["push", "booking.json", "--draft", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Dry run: would upload booking\.json as a new version of pathway p/);
    expect(project.service.requests.filter((x) => x.method === "POST")).toHaveLength(0);
    expect(project.manifest().pathways[0]!.draft).toBeUndefined();
  });
});
