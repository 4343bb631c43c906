// A glob skips what a directory walk skips: `pathway validate "**/*.json"` (README) reads a project's pathways, not node_modules.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expandInputs } from "../../../src/engine/project/inputs.js";
import { createNodeHost } from "../../../src/host/node-host.js";
import { createTempProject } from "../../support/temp-project.js";

const PATHWAY = JSON.stringify({ nodes: [{ id: "a", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] });

/** A project on disk: two pathways, and the JSON files every npm project also has. */
function createProject(): string {
  return createTempProject(
    {
      "pathways/support.json": PATHWAY,
      "legacy/old.json": PATHWAY,
      "package.json": "{}",
      "tsconfig.json": "{}",
      "pathway.config.json": "{}",
      "pathwaykit.manifest.json": "{}",
      "node_modules/some-lib/package.json": "{}",
      "node_modules/some-lib/data.json": "{}",
      "pathways/scenarios/a.scenario.json": "{}",
      "requests/call.request.json": "{}",
    },
    "pathwaykit-glob-",
  );
}

describe("expandInputs with a glob", () => {
  it("skips node_modules, package.json, configs, scenario and request files, as a directory walk does", async () => {
    const host = createNodeHost({ cwd: createProject(), env: {} });
    const viaGlob = await expandInputs(host, "pathway", ["**/*.json"]);
    const viaDirectory = await expandInputs(host, "pathway", ["."]);
    expect(viaGlob.map((r) => r.path).sort()).toEqual(["legacy/old.json", "pathways/support.json"]);
    expect(viaGlob.map((r) => r.path).sort()).toEqual(viaDirectory.map((r) => r.path).sort());
  });

  it("still takes --ignore-pattern, and a file named directly is always read", async () => {
    const host = createNodeHost({ cwd: createProject(), env: {} });
    const refs = await expandInputs(host, "pathway", ["**/*.json", "package.json"], { ignore: ["legacy/**"] });
    expect(refs.map((r) => [r.path, r.problem?.ruleId])).toEqual([
      ["pathways/support.json", undefined],
      ["package.json", undefined],
    ]);
  });

  it("skips them too in a project outside the working directory (../other, or an absolute path)", async () => {
    const root = createProject();
    mkdirSync(path.join(root, "elsewhere"));
    // picomatch's ** never matches "..", so "**/node_modules/**" alone let ../project/node_modules/... through.
    const host = createNodeHost({ cwd: path.join(root, "elsewhere"), env: {} });
    for (const arg of ["../**/*.json", "..", path.join(root, "**/*.json")]) {
      const refs = await expandInputs(host, "pathway", [arg]);
      expect(refs.map((r) => r.path).sort()).toEqual(["../legacy/old.json", "../pathways/support.json"]);
    }
  });

  it("says why a glob that matches only skipped files reads nothing", async () => {
    const host = createNodeHost({ cwd: createProject(), env: {} });
    const [skipped, nothing] = await expandInputs(host, "pathway", ["node_modules/**/*.json", "nowhere/*.json"]);
    expect(skipped!.problem?.ruleId).toBe("no-matching-files");
    expect(skipped!.problem?.message).toMatch(/matches only files that are never read as pathway files when searching \(node_modules/);
    expect(nothing!.problem?.message).toMatch(/the pattern matches no files/);
  });
});
