// fetch names files so that two ids never share one, keeps files recorded under the old names, and refuses a file that belongs to another id.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useServiceProject } from "../support/temp-project.js";

const pathway = (name: string) => ({ name, nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: `Hi from ${name}` } }], edges: [] });

const project = useServiceProject(
  { pathways: { "a/b": pathway("slash"), a_b: pathway("underscore"), "a b": pathway("space"), ".x": pathway("dot"), _x: pathway("under-x") } },
  {},
  "pathwaykit-fetch-names-",
);
const run = (args: string[]) => project.run(args);
const read = (file: string) => readFileSync(path.join(project.dir, file), "utf8");
const manifest = () => JSON.parse(read("pathwaykit.manifest.json")) as { pathways: { file: string; id: string }[] };

describe("fetch file names", () => {
  it("gives a/b, a_b, a b, .x and _x each its own file, and the manifest one entry each", async () => {
    const result = await run(["fetch", "a/b", "a_b", "a b", ".x", "_x"]);
    expect(result.code).toBe(0);
    expect(readdirSync(path.join(project.dir, "pathways")).sort()).toEqual(["%2Ex.json", "_x.json", "a%20b.json", "a%2Fb.json", "a_b.json"]);
    expect(JSON.parse(read("pathways/a%2Fb.json")).name).toBe("slash");
    expect(JSON.parse(read("pathways/a_b.json")).name).toBe("underscore");
    expect(JSON.parse(read("pathways/%2Ex.json")).name).toBe("dot");
    expect(
      manifest()
        .pathways.map((e) => [e.id, e.file])
        .sort(),
    ).toEqual([
      [".x", "pathways/%2Ex.json"],
      ["_x", "pathways/_x.json"],
      ["a b", "pathways/a%20b.json"],
      ["a/b", "pathways/a%2Fb.json"],
      ["a_b", "pathways/a_b.json"],
    ]);
  });

  it("keeps using a file recorded under the old name (a b -> a_b.json)", async () => {
    mkdirSync(path.join(project.dir, "pathways"));
    writeFileSync(path.join(project.dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways: [{ file: "pathways/a_b.json", id: "a b" }] }));
    writeFileSync(path.join(project.dir, "pathways/a_b.json"), "{}");
    const result = await run(["fetch", "a b", "--force"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(read("pathways/a_b.json")).name).toBe("space");
    expect(readdirSync(path.join(project.dir, "pathways"))).toEqual(["a_b.json"]);
    expect(manifest().pathways).toMatchObject([{ file: "pathways/a_b.json", id: "a b" }]);
  });

  it("refuses a file that belongs to another id (exit 2, --force or not): the file and the manifest stay byte for byte", async () => {
    mkdirSync(path.join(project.dir, "pathways"));
    const recorded = JSON.stringify({ version: 1, pathways: [{ file: "pathways/a_b.json", id: "a b" }] });
    writeFileSync(path.join(project.dir, "pathwaykit.manifest.json"), recorded);
    writeFileSync(path.join(project.dir, "pathways/a_b.json"), '{"name": "space, edited"}\n');
    for (const args of [
      ["fetch", "a_b"],
      ["fetch", "a_b", "--force"],
      ["fetch", "a/b", "-o", "pathways/a_b.json", "--force"],
      ["fetch", "a_b", "--format", "json"],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(read("pathways/a_b.json")).toBe('{"name": "space, edited"}\n');
      expect(read("pathwaykit.manifest.json")).toBe(recorded);
      if (args.includes("json")) {
        expect(JSON.parse(result.stdout)).toMatchObject([
          { id: "a_b", ok: false, error: { code: "refused", reason: "other-id", message: expect.stringContaining("belongs to pathway a b") } },
        ]);
      } else expect(result.stderr).toMatch(/pathways\/a_b\.json belongs to pathway a b in pathwaykit\.manifest\.json; fetching a[_/]b there would replace/);
    }
    expect(project.service.requests).toEqual([]);
  });
});
