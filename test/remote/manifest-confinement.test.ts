// A committed manifest cannot make fetch or diff --check touch files outside the project: `..`, absolute paths, symlinks out.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveInsideRoot } from "../../src/host/confine-path.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";

const PATHWAY = { name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] };
const unix = process.platform !== "win32";

let service: FakeService;
let outer: string;
let project: string;
beforeEach(async () => {
  service = await startFakeService({ pathways: { good: PATHWAY, up: PATHWAY, abs: PATHWAY, linked: PATHWAY } });
  outer = mkdtempSync(path.join(tmpdir(), "pathwaykit-confine-"));
  project = path.join(outer, "project");
  mkdirSync(project);
  writeFileSync(path.join(outer, "victim.sh"), "echo safe\n");
  mkdirSync(path.join(outer, "elsewhere"));
  if (unix) symlinkSync(path.join(outer, "elsewhere"), path.join(project, "out"));
  const pathways = [
    { file: "good.json", id: "good" },
    { file: "../victim.sh", id: "up" },
    { file: path.join(outer, "victim.sh"), id: "abs" },
    ...(unix ? [{ file: "out/linked.json", id: "linked" }] : []),
  ];
  writeFileSync(path.join(project, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways }));
});
afterEach(async () => {
  await service.close();
  rmSync(outer, { recursive: true, force: true });
});
const run = (args: string[]) => runMain(args, { cwd: project, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey } });

describe("manifest paths stay inside the project", () => {
  it("a bare fetch refuses each escaping entry with its own message and still fetches the good one", async () => {
    const result = await run(["fetch"]);
    expect(result.code).toBe(2);
    expect(readFileSync(path.join(outer, "victim.sh"), "utf8")).toBe("echo safe\n");
    expect(existsSync(path.join(outer, "elsewhere/linked.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(project, "good.json"), "utf8"))).toEqual(PATHWAY);
    expect(result.stderr).toMatch(/entry for pathway up names "\.\.\/victim\.sh", which leaves the manifest's folder/);
    expect(result.stderr).toMatch(/entry for pathway abs names ".*victim\.sh", which is an absolute path/);
    if (unix)
      expect(result.stderr).toMatch(/entry for pathway linked names "out\/linked\.json", which leads outside the manifest's folder through a symbolic link/);
    expect(service.requests.map((r) => r.path)).toEqual(["/v1/convo_pathway/good"]);
  });

  it("fetch <id> of an escaping entry and --format json report it as code config, reason manifest", async () => {
    const result = await run(["fetch", "up", "good", "--format", "json"]);
    expect(result.code).toBe(2);
    expect(
      (JSON.parse(result.stdout) as { id: string; ok: boolean; error?: { code: string; reason?: string } }[]).map((o) => [
        o.id,
        o.ok,
        o.error?.code,
        o.error?.reason,
      ]),
    ).toEqual([
      ["up", false, "config", "manifest"],
      ["good", true, undefined, undefined],
    ]);
    expect(readFileSync(path.join(outer, "victim.sh"), "utf8")).toBe("echo safe\n");
  });

  it("diff --check reports the escaping entries and checks the good one", async () => {
    await run(["fetch", "good"]);
    const result = await run(["diff", "--check"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/✔ good.json matches remote:good/);
    expect(result.stderr).toMatch(/\.\.\/victim\.sh.*leaves the manifest's folder/);
  });

  it("fetch -o outside the project writes the file the user named but does not record it", async () => {
    const result = await run(["fetch", "good", "-o", "../elsewhere/mine.json"]);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(outer, "elsewhere/mine.json"))).toBe(true);
    expect(result.stderr).toMatch(/outside the manifest's folder, so it was not recorded/);
    expect(readFileSync(path.join(project, "pathwaykit.manifest.json"), "utf8")).not.toContain("mine.json");
  });
});

describe("push of a file outside the project", () => {
  it("pushes it but does not record it in the manifest", async () => {
    writeFileSync(path.join(outer, "elsewhere/mine.json"), JSON.stringify({ ...PATHWAY, name: "Mine" }));
    const result = await run(["push", "../elsewhere/mine.json", "--id", "good", "--force"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/outside the manifest's folder, so it was not recorded/);
    expect(readFileSync(path.join(project, "pathwaykit.manifest.json"), "utf8")).not.toContain("mine.json");
  });
});

describe("resolveInsideRoot", () => {
  it("accepts nested paths and ones that climb back in; refuses the rest", async () => {
    expect(await resolveInsideRoot(createNodeHost({ cwd: project }), project, "a/../b/c.json")).toEqual({ ok: true, path: path.join(project, "b/c.json") });
    expect((await resolveInsideRoot(createNodeHost({ cwd: project }), project, "a/../../x.json")).ok).toBe(false);
    expect((await resolveInsideRoot(createNodeHost({ cwd: project }), project, "C:\\x.json")).ok).toBe(false);
  });
});
