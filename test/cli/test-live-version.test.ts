// `pathway test --live --pathway-version`: the chat runs the saved version asked for, and the report names it and its content hash.
import { afterEach, describe, expect, it } from "vitest";
import { getContentHash } from "../../src/remote/index.js";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const chatStarts = () => project.service.requestsTo("POST", /\/chat\/create$/).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const LOCAL = getContentHash(bookingPathway());

describe("pathway test --live --pathway-version", () => {
  it("draft: sends the manifest's draft as pathway_version and passes on its content while production would fail", async () => {
    project = await startReleaseProject();
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    const production = await project.run(["test", "scenarios", "--live"]);
    expect(production.code).toBe(1);
    expect(chatStarts()[0]).not.toHaveProperty("pathway_version");
    const r = await project.run(["test", "scenarios", "--live", "--pathway-version", "draft", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(chatStarts()[1]).toMatchObject({ pathway_id: "p", pathway_version: 1 });
    const [result] = JSON.parse(r.stdout).results;
    expect(result).toMatchObject({ status: "passed", mode: "live", pathwayVersion: { requested: "draft", version: 1, hash: LOCAL }, warnings: [] });
    const text = await project.run(["test", "scenarios", "--live", "--pathway-version", "draft"]);
    expect(text.stdout).toContain(`[live, version 1 (draft) ${LOCAL.slice(0, 19)}]`);
  });

  it("names the version and its hash in JUnit properties", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    const r = await project.run(["test", "scenarios", "--live", "--pathway-version", "1", "--format", "junit"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `<properties><property name="pathwayVersion" value="1"/><property name="pathwayVersionRequested" value="1"/><property name="pathwayHash" value="${LOCAL}"/></properties>`,
    );
  });

  it("warns when the version tested is not the local file, naming both hashes", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    project.write("booking.json", JSON.stringify(bookingPathway("Edited since.")));
    project.write("scenarios/books.scenario.yaml", project.read("scenarios/books.scenario.yaml").replace("You are booked. Bye!", "Edited since."));
    const r = await project.run(["test", "scenarios", "--live", "--pathway-version", "draft", "--format", "json"]);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.warnings.join("\n")).toMatch(/version 1 \(draft\) of pathway p is not booking\.json \(remote sha256:\w+, local sha256:\w+\)/);
    expect(r.code).toBe(1);
  });

  it("--compare sends the version too", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    const r = await project.run(["test", "scenarios", "--compare", "--pathway-version", "draft"]);
    expect(r.code).toBe(0);
    expect(chatStarts()[0]).toMatchObject({ pathway_version: 1 });
  });

  it("production: no pathway_version; the number the service reports once something was promoted", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    await project.run(["publish", "booking.json"]);
    const r = await project.run(["test", "scenarios", "--live", "--pathway-version", "production", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(chatStarts().at(-1)).not.toHaveProperty("pathway_version");
    expect(JSON.parse(r.stdout).results[0].pathwayVersion).toEqual({ requested: "production", version: 1, hash: LOCAL });
  });

  it("exits 2 with what to do: a version the service lacks, no draft recorded, staging unknown, no --live", async () => {
    project = await startReleaseProject();
    const missing = await project.run(["test", "scenarios", "--live", "--pathway-version", "7"]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toMatch(/Pathway p has no version 7 on the service/);
    const noDraft = await project.run(["test", "scenarios", "--live", "--pathway-version", "draft"]);
    expect(noDraft.code).toBe(2);
    expect(noDraft.stdout).toMatch(/records no draft of booking\.json \(pathway p\): upload one with `pathway push booking\.json --draft`/);
    const staging = await project.run(["test", "scenarios", "--live", "--pathway-version", "staging"]);
    expect(staging.code).toBe(2);
    expect(staging.stdout).toMatch(/does not say which version of pathway p is in staging \(not documented\)/);
    expect((await project.run(["test", "scenarios", "--pathway-version", "draft"])).code).toBe(2);
    expect((await project.run(["test", "scenarios", "--live", "--pathway-version", "latest"])).code).toBe(2);
    expect(chatStarts()).toHaveLength(0);
  });

  it("staging: the version the service reports in staging, when it reports one", async () => {
    project = await startReleaseProject({ quirks: { reportStaging: true } });
    await project.run(["push", "booking.json", "--draft"]);
    expect((await project.run(["publish", "booking.json", "--environment", "staging"])).code).toBe(0);
    const r = await project.run(["test", "scenarios", "--live", "--pathway-version", "staging"]);
    expect(r.code).toBe(0);
    expect(chatStarts().at(-1)).toMatchObject({ pathway_version: 1 });
  });
});
