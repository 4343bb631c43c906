// `pathway publish` against the loopback fake: what was tested is what ships, scenarios gate the promotion, a failed promotion says how to finish.
import { afterEach, describe, expect, it } from "vitest";
import { getContentHash } from "../../src/remote/index.js";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const publishes = () => project.service.requestsTo("POST", /\/publish$/);
const liveFarewell = () => (project.service.pathways.get("p") as { nodes: { data: { text: string } }[] }).nodes[1]!.data.text;

async function withDraft(options: Parameters<typeof startReleaseProject>[0] = {}): Promise<void> {
  project = await startReleaseProject(options);
  expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
}

describe("pathway publish", () => {
  it("--require-pass runs the scenarios live against the draft, then promotes it and records the release", async () => {
    await withDraft();
    const r = await project.run(["publish", "booking.json", "--require-pass", "scenarios", "--format", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: "p",
      version: 1,
      environment: "production",
      ok: true,
      published: true,
      tests: { total: 1, passed: 1 },
      hash: getContentHash(bookingPathway()),
    });
    expect(JSON.parse(publishes()[0]!.body)).toEqual({ version_id: 1, environment: "production" });
    expect(project.service.chats.get("chat-1")).toMatchObject({ version: 1 });
    expect(liveFarewell()).toBe("You are booked. Bye!");
    const entry = project.manifest().pathways[0]!;
    expect(entry.releases).toMatchObject([{ version: 1, environment: "production", hash: getContentHash(bookingPathway()) }]);
    // Callers reach version 1 now: the next push --draft starts a new version instead of editing it.
    expect(entry.draft).toBeUndefined();
    expect(JSON.parse((await project.run(["push", "booking.json", "--draft", "--format", "json"])).stdout)).toMatchObject({
      draft: { version: 2, created: true },
    });
  });

  it("--require-pass runs only the scenarios of the file being published, and refuses when there are none", async () => {
    await withDraft();
    project.write("other.json", JSON.stringify(bookingPathway("Other pathway.")));
    project.write(
      "scenarios/other.scenario.yaml",
      project.read("scenarios/books.scenario.yaml").replace("../booking.json", "../other.json").replace("You are booked. Bye!", "Never said"),
    );
    const r = await project.run(["publish", "booking.json", "--require-pass", "scenarios", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tests).toEqual({ total: 1, passed: 1, failed: 0, errors: 0 });
    const none = await project.run(["publish", "booking.json", "--pathway-version", "1", "--require-pass", "scenarios/other.scenario.yaml"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/names no scenario files of booking\.json; nothing was promoted/);
  });

  it("promotes nothing (exit 1) when a scenario fails live against the version", async () => {
    await withDraft();
    project.write("scenarios/books.scenario.yaml", project.read("scenarios/books.scenario.yaml").replace("You are booked. Bye!", "Something else"));
    const r = await project.run(["publish", "booking.json", "--require-pass", "scenarios"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Not promoted: 1 of 1 scenario did not pass live against version 1: scenarios\/books\.scenario\.yaml \(failed\)/);
    expect(publishes()).toHaveLength(0);
    expect(liveFarewell()).toBe("Live farewell.");
  });

  it("refuses (exit 1) a version changed on the service while its scenarios ran", async () => {
    await withDraft();
    project.service.onRequest = (req) => {
      if (/\/chat\/chat-\d+$/.test(req.path)) project.service.versions.get("p")![0] = bookingPathway("Edited in the editor meanwhile.");
    };
    const r = await project.run(["publish", "booking.json", "--require-pass", "scenarios"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/changed on the service while its scenarios ran \(tested sha256:\w+, now sha256:\w+\)/);
    expect(publishes()).toHaveLength(0);
  });

  it("refuses (exit 1) a version that is not the local file, and --force promotes it", async () => {
    await withDraft();
    project.write("booking.json", JSON.stringify(bookingPathway("Edited after the push.")));
    const r = await project.run(["publish", "booking.json"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /Refusing to promote: version 1 of pathway p is not booking\.json \(remote sha256:\w+, local sha256:\w+\); what was tested must be what ships/,
    );
    expect(publishes()).toHaveLength(0);
    expect((await project.run(["publish", "booking.json", "--force"])).code).toBe(0);
    expect(publishes()).toHaveLength(1);
  });

  it("on a network failure between the passing tests and the promotion: nothing promoted, the draft stands tested, and how to promote it", async () => {
    await withDraft();
    project.service.onRequest = (req) => {
      if (req.method === "GET" && req.path.endsWith("/version/1") && project.service.chats.size > 0) project.service.addFault({ type: "reset" }, "POST");
    };
    const manifest = project.read("pathwaykit.manifest.json");
    const r = await project.run(["publish", "booking.json", "--require-pass", "scenarios"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /Version 1 was not promoted to production by this run\. Version 1 stands tested \(1 of 1 scenario passed live\)\. Promote it with `pathway publish booking\.json --pathway-version 1 --environment production`/,
    );
    expect(project.service.markers.get("p")).toBeUndefined();
    expect(project.read("pathwaykit.manifest.json")).toBe(manifest);
  });

  it("exits 2 with what to do: no such version, no draft, another environment, no key", async () => {
    await withDraft();
    const missing = await project.run(["publish", "booking.json", "--pathway-version", "9"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Pathway p has no version 9 on the service/);
    expect((await project.run(["publish", "booking.json", "--environment", "preview"])).code).toBe(2);
    const before = project.service.requests.length;
    const noKey = await project.run(["publish", "booking.json"], { PATHWAYKIT_API_KEY: "" });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/No API key: set PATHWAYKIT_API_KEY/);
    expect(project.service.requests).toHaveLength(before);
    project.write("pathwaykit.manifest.json", JSON.stringify({ version: 1, pathways: [{ file: "booking.json", id: "p" }] }));
    const noDraft = await project.run(["publish", "booking.json"]);
    expect(noDraft.code).toBe(2);
    expect(noDraft.stderr).toMatch(
      /records no draft of booking\.json \(pathway p\): upload one with `pathway push booking\.json --draft`, or pass --pathway-version <n>\./,
    );
    expect(publishes()).toHaveLength(0);
  });

  it("--dry-run reads back and compares, and runs and promotes nothing", async () => {
    await withDraft();
    const r = await project.run(["publish", "booking.json", "--require-pass", "scenarios", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /Dry run: would promote version 1 of pathway p to production, after running scenarios live against it, \(it matches booking\.json/,
    );
    expect(project.service.chats.size).toBe(0);
    expect(publishes()).toHaveLength(0);
  });
});

describe("pathway rollback", () => {
  async function twoReleases(): Promise<void> {
    await withDraft();
    expect((await project.run(["publish", "booking.json"])).code).toBe(0);
    project.write("booking.json", JSON.stringify(bookingPathway("Second release.")));
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    expect((await project.run(["publish", "booking.json"])).code).toBe(0);
    expect(liveFarewell()).toBe("Second release.");
  }

  it("promotes the previous production version, read back unchanged", async () => {
    await twoReleases();
    const r = await project.run(["rollback", "booking.json", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: 1, from: 2, environment: "production", ok: true, published: true });
    expect(liveFarewell()).toBe("You are booked. Bye!");
    expect(project.service.markers.get("p")).toMatchObject({ production: 1 });
  });

  it("refuses (exit 1) a version changed since it was promoted; --force promotes it", async () => {
    await twoReleases();
    project.service.versions.get("p")![0] = bookingPathway("Tampered.");
    const r = await project.run(["rollback", "booking.json"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Refusing to roll back: version 1 of pathway p changed since it was promoted/);
    expect((await project.run(["rollback", "booking.json", "--force"])).code).toBe(0);
  });

  it("right after the first publish, goes back to the version the service reported in production before it", async () => {
    // Version 1 is live, promoted in the web editor: the manifest has no record of it, the service reports it.
    project = await startReleaseProject({ versions: { p: [bookingPathway("Live farewell.")] } });
    project.service.markers.set("p", { production: 1 });
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    expect((await project.run(["publish", "booking.json"])).code).toBe(0);
    expect(liveFarewell()).toBe("You are booked. Bye!");
    // Recorded without a hash: nothing here saw what version 1 held.
    expect(project.manifest().pathways[0]!.releases).toEqual([
      { version: 1, environment: "production", at: expect.any(String) },
      { version: 2, environment: "production", hash: getContentHash(bookingPathway()), at: expect.any(String) },
    ]);
    const r = await project.run(["rollback", "booking.json", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: 1, from: 2, ok: true, published: true });
    expect(JSON.parse(r.stdout).reason).toMatch(
      /rolled production of pathway p back to version 1 from version 2 \(no record of what it held when promoted; promoting it as it is/,
    );
    expect(liveFarewell()).toBe("Live farewell.");
    // And rolling back again returns to the version this project published.
    expect(JSON.parse((await project.run(["rollback", "booking.json", "--format", "json"])).stdout)).toMatchObject({ version: 2, from: 1 });
  });

  it("records nothing before the first publish when the service does not say what was in production, so rollback still asks for --to", async () => {
    project = await startReleaseProject({ versions: { p: [bookingPathway("Live farewell.")] } });
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    expect((await project.run(["publish", "booking.json"])).code).toBe(0);
    expect(project.manifest().pathways[0]!.releases!.map((r) => r.version)).toEqual([2]);
    const r = await project.run(["rollback", "booking.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no record of a version of pathway p promoted to production before version 2; pass --to <n>/);
  });

  it("promotes even when the read of what is in production fails, and says a rollback may need --to", async () => {
    project = await startReleaseProject({ versions: { p: [bookingPathway("Live farewell.")] } });
    project.service.markers.set("p", { production: 1 });
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    project.service.addFault({ type: "status", status: 404, body: JSON.stringify({ status: "error", message: "Not found" }) }, "GET", /^\/v1\/pathway\/p$/);
    const r = await project.run(["publish", "booking.json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^pathway: warning: could not read which version of pathway p is in production before promoting \(.*\); a rollback of this promotion may need --to\.\n$/,
    );
    expect(project.manifest().pathways[0]!.releases!.map((x) => x.version)).toEqual([2]);
  });

  it("exits 2 without a record of an earlier promotion, and --to names the version", async () => {
    await withDraft();
    const r = await project.run(["rollback", "booking.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no record of a version of pathway p promoted to production before the current one; pass --to <n>/);
    const to = await project.run(["rollback", "remote:p", "--to", "1"]);
    expect(to.code).toBe(0);
    expect(to.stdout).toMatch(/no record of what it held when promoted; promoting it as it is/);
  });
});
