// push, publish, rollback and versions name a pathway the same ways (a tracked file, a file with --pathway-id, remote:<id>, an id), and their messages say what works.
import { afterEach, describe, expect, it } from "vitest";
import { startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** The release project, with other.json: the same pathway, not tracked in the manifest. */
async function start(): Promise<ReleaseProject> {
  project = await startReleaseProject();
  project.write("other.json", project.read("booking.json"));
  return project;
}

describe("naming a pathway in the release commands", () => {
  it("push --draft of an untracked file says to pass --pathway-id (as push does), and --pathway-id works", async () => {
    await start();
    const live = await project.run(["push", "other.json", "--dry-run"]);
    const draft = await project.run(["push", "other.json", "--draft"]);
    expect([draft.code, draft.stderr]).toEqual([
      2,
      "pathway: other.json: which pathway? Pass --pathway-id <pathway id> (the file has no entry in pathwaykit.manifest.json).\n",
    ]);
    expect(draft.stderr).toBe(live.stderr);
    const withId = await project.run(["push", "other.json", "--draft", "--pathway-id", "p", "--format", "json"]);
    expect(withId.code).toBe(0);
    expect(JSON.parse(withId.stdout)).toMatchObject({ file: "other.json", id: "p", draft: { version: 1, created: true } });
  });

  it("publish of a pathway with no draft names the pathway once and the push that makes one", async () => {
    await start();
    for (const arg of ["p", "remote:p"]) {
      const r = await project.run(["publish", arg]);
      expect([r.code, r.stderr]).toEqual([
        2,
        "pathway: pathwaykit.manifest.json records no draft of pathway p: upload one with `pathway push booking.json --draft`, or pass --pathway-version <n>.\n",
      ]);
    }
    const untracked = await project.run(["publish", "other.json", "--pathway-id", "p"]);
    expect(untracked.stderr).toBe(
      "pathway: pathwaykit.manifest.json records no draft of other.json (pathway p): upload one with `pathway push other.json --draft --pathway-id p`, or pass --pathway-version <n>.\n",
    );
  });

  it("an untracked file: publish, rollback and versions say to add --pathway-id, and with it they work", async () => {
    await start();
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    for (const command of ["publish", "rollback", "versions"]) {
      const r = await project.run([command, "other.json"]);
      expect([command, r.code, r.stderr]).toEqual([
        command,
        2,
        "pathway: other.json: not in pathwaykit.manifest.json, so its pathway id is unknown; add --pathway-id <pathway id>, pass the id instead of the file, or run `pathway fetch <id> -o other.json` first.\n",
      ]);
    }
    const versions = await project.run(["versions", "other.json", "--pathway-id", "p", "--format", "json"]);
    expect(versions.code).toBe(0);
    expect(JSON.parse(versions.stdout)).toMatchObject({ id: "p", versions: [{ version: 1 }] });
    const publish = await project.run(["publish", "other.json", "--pathway-id", "p", "--pathway-version", "1", "--dry-run"]);
    expect([publish.code, publish.stdout]).toEqual([
      0,
      expect.stringContaining("Dry run: would promote version 1 of pathway p to production (it matches other.json"),
    ]);
    const rollback = await project.run(["rollback", "other.json", "--pathway-id", "p", "--to", "1", "--dry-run"]);
    expect([rollback.code, rollback.stdout]).toEqual([0, expect.stringContaining("Dry run: would promote version 1 of pathway p to production")]);
    // Where the record runs out, the suggestion keeps the way the pathway was named.
    const noRecord = await project.run(["rollback", "other.json", "--pathway-id", "p"]);
    expect(noRecord.stderr).toContain("(see `pathway versions other.json --pathway-id p`)");
  });

  it("every form the help names works in publish, rollback and versions: a tracked file, a file with --pathway-id, remote:<id>, an id", async () => {
    await start();
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    // --id is the release commands' first spelling of --pathway-id, kept working (hidden from --help).
    const forms = [["booking.json"], ["other.json", "--pathway-id", "p"], ["other.json", "--id", "p"], ["remote:p"], ["p"]];
    for (const form of forms) {
      const versions = await project.run(["versions", ...form, "--format", "json"]);
      expect([form, versions.code, JSON.parse(versions.stdout).id]).toEqual([form, 0, "p"]);
      const publish = await project.run(["publish", ...form, "--pathway-version", "1", "--dry-run", "--format", "json"]);
      expect([form, publish.code, JSON.parse(publish.stdout).id]).toEqual([form, 0, "p"]);
      const rollback = await project.run(["rollback", ...form, "--to", "1", "--dry-run", "--format", "json"]);
      expect([form, rollback.code, JSON.parse(rollback.stdout).id]).toEqual([form, 0, "p"]);
    }
  });

  it("--pathway-id with an id instead of a file is a usage error, not silently ignored", async () => {
    await start();
    const r = await project.run(["publish", "q", "--pathway-id", "p"]);
    expect([r.code, r.stderr]).toEqual([
      2,
      'pathway: --pathway-id p names the remote pathway of a file, but "q" is not a file: pass the file with --pathway-id, or the id alone.\n',
    ]);
    expect(project.service.requests).toHaveLength(0);
  });

  it("a version in remote:<id>@<n> is refused with the option that names it", async () => {
    await start();
    const r = await project.run(["publish", "remote:p@1"]);
    expect([r.code, r.stderr]).toEqual([
      2,
      'pathway: "remote:p@1": expected remote:<pathway id> (a whole pathway, not one version; publish takes the version as --pathway-version 1, rollback as --to <n>).\n',
    ]);
  });
});
