// Version history (`pathway versions`, `pathway log`, remote:<id>@<n>) and a fetch that never discards local edits, against the loopback fake service.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { corpusValue, describeCorpus } from "../support/corpus.js";
import type { FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";
import { useServiceProject } from "../support/temp-project.js";

const realJson = (name: string) => structuredClone(corpusValue<Record<string, unknown>>(name));
type P = { name?: string; nodes: { id: string; data: Record<string, unknown> }[]; edges: Record<string, unknown>[] };

// Built on the real restaurant versions, so skipped (and announced) where the corpus is absent.
describeCorpus("review over the fake service", () => {
  let service: FakeService;
  let dir: string;
  let env: Record<string, string>;
  let v1: P;
  let v2: P;
  let v3: P;

  // The versions are built afresh for every test (the service's options, read when it starts).
  const project = useServiceProject(
    () => {
      v1 = realJson("restaurant-history-6ebf769.json") as unknown as P;
      v2 = realJson("restaurant-2024-get-dump.json") as unknown as P;
      // Version 3: an edge label and an extractVars entry dropped, as an accidental edit in the web editor would.
      v3 = structuredClone(v2);
      const labelled = v3.edges.find((e) => typeof e.label === "string" || typeof (e.data as { label?: unknown } | undefined)?.label === "string")!;
      delete labelled.label;
      if (labelled.data) delete (labelled.data as Record<string, unknown>).label;
      const withVars = v3.nodes.find((n) => Array.isArray(n.data.extractVars) && (n.data.extractVars as unknown[]).length > 0)!;
      (withVars.data.extractVars as unknown[]).pop();
      return { pathways: { "pw-rest": v3 }, versions: { "pw-rest": [v1, v2, v3] } };
    },
    {},
    "pathwaykit-review-",
  );
  beforeEach(() => {
    ({ service, dir } = project);
    env = { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey };
  });

  const run = (args: string[]) => runMain(args, { cwd: dir, env });
  const read = (file: string) => readFileSync(path.join(dir, file));

  describe("pathway versions", () => {
    it("lists number, date, name and which is latest, newest first", async () => {
      const result = await run(["versions", "pw-rest"]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      const lines = result.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^version\s+date\s+name/);
      expect(lines[1]).toMatch(/^3\s+2024-01-03T00:00:00.000Z\s+MOM AI Restaurant Voice Genie\s+latest$/);
      expect(lines.slice(2, 4).map((l) => l.split(/\s+/)[0])).toEqual(["2", "1"]);
      expect(lines[4]).toBe("production: unknown (the service does not say); staging: unknown (the service does not say)");
      // The list, and the pathway for which version is in production (no version is read for an id).
      expect(service.requests.map((r) => r.path).sort()).toEqual(["/v1/pathway/pw-rest", "/v1/pathway/pw-rest/versions"]);
    });

    it("--format json gives the versions oldest first, and a tracked file names its pathway", async () => {
      await run(["fetch", "pw-rest", "-o", "r.json"]);
      const result = await run(["versions", "r.json", "--format", "json"]);
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as { id: string; versions: { version: number; isLatest: boolean }[] };
      expect(report.id).toBe("pw-rest");
      expect(report.versions.map((v) => [v.version, v.isLatest])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
    });

    it("names the fix for an untracked file and for an unknown pathway", async () => {
      writeFileSync(path.join(dir, "loose.json"), "{}");
      const loose = await run(["versions", "loose.json"]);
      expect(loose.code).toBe(2);
      expect(loose.stderr).toContain("not in pathwaykit.manifest.json");
      const missing = await run(["versions", "nope"]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("not found (404)");
    });
  });

  describe("pathway log", () => {
    it("prints, newest first, the summary by kind of each consecutive pair and the likely losses", async () => {
      const result = await run(["log", "pw-rest"]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      const blocks = result.stdout.trimEnd().split("\n\n");
      expect(blocks).toHaveLength(2);
      expect(blocks[0]).toMatch(/^version 3 .*vs 2/);
      expect(blocks[0]).toContain("routing");
      expect(blocks[0]).toContain("variables");
      expect(blocks[0]).toMatch(/⚠ edge .* lost its label/);
      expect(blocks[0]).toMatch(/⚠ extractVars entry ".*" removed from node/);
      expect(blocks[1]).toMatch(/^version 2 .*vs 1\n {4}1 node changed\n {4}webhook 1$/);
    });

    it("--format json carries each step's summary, and --limit reads only the newest versions", async () => {
      const result = await run(["log", "pw-rest", "--format", "json", "--limit", "2"]);
      expect(result.code).toBe(0);
      const log = JSON.parse(result.stdout) as {
        omitted: number;
        entries: { from: { version: number }; to: { version: number }; summary: { byKind: Record<string, number> } }[];
      };
      expect(log.omitted).toBe(1);
      expect(log.entries.map((e) => [e.from.version, e.to.version])).toEqual([[2, 3]]);
      expect(log.entries[0]!.summary.byKind.variables).toBe(1);
      expect(
        service.requests
          .filter((r) => /\/version\/\d+$/.test(r.path))
          .map((r) => r.path)
          .sort(),
      ).toEqual(["/v1/pathway/pw-rest/version/2", "/v1/pathway/pw-rest/version/3"]);
    });

    it("steps over a version the service will not give, says so, and compares its neighbours", async () => {
      service.versions.get("pw-rest")![1] = { status: "error", message: "gone" };
      const result = await run(["log", "pw-rest"]);
      expect(result.code).toBe(2); // an unreadable input, as in every command (it was 0, which hid the gap from CI)
      expect(result.stdout).toMatch(/^version 3 .*vs 1/);
      expect(result.stdout).toMatch(/✖ version 2 could not be read \(.*\); the log steps over it\./);
    });
  });

  describe("remote:<id>@<n>", () => {
    it("diffs two saved versions", async () => {
      const result = await run(["diff", "remote:pw-rest@1", "remote:pw-rest@2"]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("--- remote:pw-rest@1");
      expect(result.stdout).toContain("~ data.url:");
      expect(result.stdout).toContain("[-phone-]{+voice+}");
      // The version's number and "latest" flag are the service's bookkeeping, not a change (log leaves them out too).
      expect(result.stdout).not.toMatch(/version_number|is_latest/);
      const json = JSON.parse((await run(["diff", "remote:pw-rest@1", "remote:pw-rest@2", "--format", "json"])).stdout) as unknown;
      expect(JSON.stringify(json)).not.toMatch(/version_number|is_latest/);
    });

    it("resolves @latest through the version list, and --only filters by kind", async () => {
      const result = await run(["diff", "remote:pw-rest@2", "remote:pw-rest@latest", "--only", "variables"]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("data.extractVars");
      expect(result.stdout).not.toMatch(/label/);
      expect(service.requests.map((r) => r.path)).toContain("/v1/pathway/pw-rest/version/3");
    });

    it("rejects an unknown --only kind and a malformed version", async () => {
      expect((await run(["diff", "remote:pw-rest@1", "remote:pw-rest@2", "--only", "routes"])).stderr).toContain('unknown kind "routes"');
      expect((await run(["diff", "remote:pw-rest@x", "remote:pw-rest@2"])).stderr).toContain("remote:<id>@<version number>");
    });

    it("validates and lints a saved version through a fetched copy, named as given", async () => {
      const validated = await run(["validate", "remote:pw-rest@1", "--format", "json"]);
      expect(validated.code).not.toBe(2);
      expect(validated.stdout).toContain("remote:pw-rest@1");
      const linted = await run(["lint", "remote:pw-rest@latest", "--format", "json"]);
      expect(linted.code).not.toBe(2);
      expect(linted.stdout).toContain("remote:pw-rest@latest");
      expect(service.requests.map((r) => r.path)).toEqual(
        expect.arrayContaining(["/v1/pathway/pw-rest/version/1", "/v1/pathway/pw-rest/versions", "/v1/pathway/pw-rest/version/3"]),
      );
      expect(existsSync(path.join(dir, "remote:pw-rest@1"))).toBe(false);
      const missing = await run(["validate", "remote:nope@2"]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("not found (404)");
    });

    it("fetches a saved version into a file, and lint reads that fetched copy", async () => {
      const result = await run(["fetch", "pw-rest@1", "-o", "v1.json"]);
      expect(result.code).toBe(0);
      expect(JSON.parse(read("v1.json").toString("utf8")).nodes).toEqual(v1.nodes);
      const validated = await run(["validate", "v1.json", "--format", "json"]);
      expect(validated.code).not.toBe(2);
      expect(validated.stdout).toContain("v1.json");
    });
  });

  describe("diff --check --format md", () => {
    it("shares --max-chars among the drifted files, so the whole comment fits, with a note per cut diff", async () => {
      service.pathways.set("pw-a", realJson("ivr-workaround-custom-code-sms.json"));
      service.pathways.set("pw-b", realJson("noshow-rebooking-v1-export.json"));
      await run(["fetch", "pw-a", "pw-b"]);
      service.pathways.set("pw-a", realJson("noshow-rebooking-v1-export.json"));
      service.pathways.set("pw-b", realJson("ivr-workaround-custom-code-sms.json"));
      const full = await run(["diff", "--check", "-f", "md", "--max-chars", "0"]);
      expect(full.stdout.length).toBeGreaterThan(20_000);
      const cut = await run(["diff", "--check", "-f", "md", "--max-chars", "20000"]);
      expect(cut.code).toBe(1);
      expect(cut.stdout.length).toBeLessThanOrEqual(20_000);
      expect(cut.stdout.match(/This diff was shortened to fit/g)).toHaveLength(2);
      expect(cut.stdout).toContain("`pathway diff pathways/pw-a.json remote:pw-a --format md --max-chars 0`");
      // A limit smaller than the summary itself is still never exceeded, and the cut says so.
      const tiny = await run(["diff", "--check", "-f", "md", "--max-chars", "150"]);
      expect(tiny.stdout.length).toBeLessThanOrEqual(150);
      expect(tiny.stdout).toMatch(/…/);
    });
  });

  describe("a fetch that never discards work", () => {
    it("refuses to overwrite a file edited since the last fetch: exit 1, bytes as they were, both ways on named", async () => {
      await run(["fetch", "pw-rest", "-o", "r.json"]);
      const edited = read("r.json").toString("utf8").replace('"name": "MOM AI Restaurant Voice Genie"', '"name": "My local edit"');
      writeFileSync(path.join(dir, "r.json"), edited);
      const before = read("r.json");
      service.pathways.set("pw-rest", v1);
      const result = await run(["fetch", "pw-rest", "-o", "r.json"]);
      expect(result.code).toBe(1);
      expect(read("r.json").equals(before)).toBe(true);
      expect(result.stderr).toContain("r.json has local edits");
      expect(result.stderr).toContain("--force");
      expect(result.stderr).toContain("pathway diff r.json remote:pw-rest");
      const forced = await run(["fetch", "pw-rest", "-o", "r.json", "--force"]);
      expect(forced.code).toBe(0);
      expect(read("r.json").toString("utf8")).toContain('"name": "MOM AI Restaurant Voice Genie"');
    });

    it("a bare fetch reports each skipped file and still fetches the others", async () => {
      service.pathways.set("pw-shop", realJson("receptionist-auto-shop.json"));
      await run(["fetch", "pw-rest", "pw-shop"]);
      writeFileSync(path.join(dir, "pathways/pw-rest.json"), "{ not json any more");
      service.pathways.set("pw-shop", { ...realJson("receptionist-auto-shop.json"), name: "Shop v2" });
      const result = await run(["fetch"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/⚠ skipped pathways\/pw-rest\.json: .*no longer valid JSON/);
      expect(read("pathways/pw-rest.json").toString("utf8")).toBe("{ not json any more");
      expect(result.stdout).toContain("✔ pw-shop → pathways/pw-shop.json");
      expect(JSON.parse(read("pathways/pw-shop.json").toString("utf8")).name).toBe("Shop v2");
    });

    it("overwrites a file that only changed in formatting, or that already holds the remote content", async () => {
      await run(["fetch", "pw-rest", "-o", "r.json"]);
      writeFileSync(path.join(dir, "r.json"), JSON.stringify(JSON.parse(read("r.json").toString("utf8"))));
      expect((await run(["fetch", "pw-rest", "-o", "r.json"])).code).toBe(0);
      writeFileSync(path.join(dir, "loose.json"), JSON.stringify(v3));
      expect((await run(["fetch", "pw-rest", "-o", "loose.json"])).code).toBe(0);
    });

    it("refuses an existing file it never wrote, and reports it in --format json", async () => {
      writeFileSync(path.join(dir, "mine.json"), JSON.stringify(v1));
      const result = await run(["fetch", "pw-rest", "-o", "mine.json", "--format", "json"]);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject([
        {
          id: "pw-rest",
          ok: false,
          skipped: true,
          error: { code: "refused", reason: "local-edits", message: expect.stringContaining("was not written by `pathway fetch`") },
        },
      ]);
      expect(read("mine.json").toString("utf8")).toBe(JSON.stringify(v1));
      expect(existsSync(path.join(dir, "pathwaykit.manifest.json"))).toBe(false);
    });

    it("sees a pushed file as unedited, even when the service stores it differently", async () => {
      service.pathways.set("pw-shop", realJson("receptionist-auto-shop.json"));
      await run(["fetch", "pw-shop", "-o", "shop.json"]);
      const value = JSON.parse(read("shop.json").toString("utf8"));
      value.name = "Shop v2";
      writeFileSync(path.join(dir, "shop.json"), JSON.stringify(value, null, 2));
      expect((await run(["push", "shop.json"])).code).toBe(0);
      // The service copied labels to the top level, so its version differs from the file; the file still has no edits.
      const result = await run(["fetch", "pw-shop", "-o", "shop.json"]);
      expect(result.code).toBe(0);
    });

    it("push's refusal points at a path that keeps both sides' work", async () => {
      await run(["fetch", "pw-rest", "-o", "r.json"]);
      service.pathways.set("pw-rest", v1);
      const value = JSON.parse(read("r.json").toString("utf8"));
      value.name = "Mine";
      writeFileSync(path.join(dir, "r.json"), JSON.stringify(value));
      const refused = await run(["push", "r.json", "--no-validate"]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain("pathway diff r.json remote:pw-rest");
      expect(refused.stdout).toContain("pathway fetch pw-rest -o r.remote.json --no-manifest");
      expect(refused.stdout).not.toMatch(/take their version with `pathway fetch pw-rest`/);
    });
  });
});
