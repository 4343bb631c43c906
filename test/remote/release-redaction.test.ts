// The API key never leaves the release commands (push --draft, test --pathway-version, publish, rollback, versions), whatever the fake echoes back.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ECHO_KEY } from "../support/fake-service.js";
import type { MainResult } from "../support/run-main.js";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** Everything a run printed and every file it left in the project. */
function expectNoKey(result: MainResult): void {
  const files = readdirSync(project.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8"));
  const text = [result.stdout, result.stderr, ...files].join("\n");
  const key = project.service.apiKey;
  expect(text).not.toContain(key);
  expect(text).not.toContain(key.slice(0, 10));
  expect(text).not.toContain(key.slice(-10));
}

/** The booking pathway as the service would echo it: the key inside a node name and an edge label. */
const ECHOED = JSON.stringify({
  ...bookingPathway(),
  nodes: [
    { id: "start", type: "Default", data: { name: `Greeting ${ECHO_KEY}`, isStart: true, text: "Hi" } },
    { id: "booked", type: "End Call", data: { name: "Booked", text: `key=${ECHO_KEY}` } },
  ],
  edges: [{ id: "e1", source: "start", target: "booked", label: `l ${ECHO_KEY}` }],
});
const ERROR = JSON.stringify({ status: "error", message: `key ${ECHO_KEY} is not allowed` });

describe("the API key is never printed or written by the release commands", () => {
  for (const format of ["text", "json"]) {
    it(`push --draft --format ${format}: a refusal, an undocumented answer, a 400, each echoing the key`, async () => {
      project = await startReleaseProject();
      for (const fault of [{ body: ERROR }, { body: JSON.stringify({ note: `made for ${ECHO_KEY}` }) }, { body: ERROR, status: 400 }]) {
        project.service.addFault({ type: "body", ...fault }, "POST");
        const r = await project.run(["push", "booking.json", "--draft", "--format", format]);
        expect(r.code).toBe(2);
        expect(r.stdout + r.stderr).toMatch(/redacted/);
        expectNoKey(r);
      }
    });

    it(`publish and rollback --format ${format}: the key inside the version read back and in the promotion's error`, async () => {
      project = await startReleaseProject();
      await project.run(["push", "booking.json", "--draft"]);
      project.service.addFault({ type: "body", body: ECHOED }, "GET");
      const refused = await project.run(["publish", "booking.json", "--format", format]);
      expect(refused.code).toBe(1);
      expectNoKey(refused);
      project.service.addFault({ type: "body", status: 500, body: ERROR }, "POST");
      const failed = await project.run(["publish", "booking.json", "--format", format]);
      expect(failed.code).toBe(2);
      expectNoKey(failed);
      project.service.addFault({ type: "body", status: 400, body: ERROR }, "POST");
      const rollback = await project.run(["rollback", "booking.json", "--to", "1", "--format", format]);
      expect(rollback.code).toBe(2);
      expectNoKey(rollback);
    });
  }

  it("versions and test --pathway-version: the key in version names and in the version's content", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft", "--name", "n"]);
    project.service.addFault(
      { type: "body", body: JSON.stringify([{ id: "v1", version_number: 1, name: `named ${ECHO_KEY}`, is_latest: true }]) },
      "GET",
      /\/versions$/,
    );
    const versions = await project.run(["versions", "p"]);
    expect(versions.code).toBe(0);
    expect(versions.stdout).toContain("[redacted]");
    expectNoKey(versions);
    project.service.addFault({ type: "body", body: ECHOED }, "GET");
    const test = await project.run(["test", "scenarios", "--live", "--pathway-version", "draft", "--format", "junit", "-o", "report.xml"]);
    expectNoKey(test);
  });
});
