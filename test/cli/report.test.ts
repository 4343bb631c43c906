// `pathway report`: page written, base diff, scenarios coverage, exit codes (in-process; the executable for a real stdin pipe).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { startFakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";

const BOOKING = path.join(ROOT, "pathways/appointment-booking.json");
const NO_STACK = /\n\s+at .*:\d+:\d+/;

/** The JSON data embedded in a report page. */
function embedded(html: string): {
  nodes: { id: string; diff?: string; coverage?: string }[];
  diff?: { summary: Record<string, number>; removed: unknown[] };
  coverage?: { table: { kind: string }[] };
} {
  const m = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
  return JSON.parse(m![1]!) as ReturnType<typeof embedded>;
}

describe("pathway report", () => {
  it("writes a page beside the pathway's name, with the summary as JSON on request", async () => {
    const dir = tempDir();
    const out = path.join(dir, "booking.html");
    const r = await runMain(["report", BOOKING, "-o", out, "--format", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout) as { output: string; nodes: number; engine: string };
    expect(summary).toMatchObject({ output: out, engine: "elk" });
    const html = readFileSync(out, "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(embedded(html).nodes.length).toBe(summary.nodes);
  }, 60_000);

  it("warns before a long ELK layout, naming the faster engine, then says when it ran out of time", async () => {
    const dir = tempDir();
    const big = path.join(dir, "big.json");
    writeFileSync(big, JSON.stringify(generatePathway({ nodes: 800, edges: 2400, seed: 3 })));
    // auto would not run ELK here (its picture is bound to be too wide, see test/layout/choose.test.ts): asked for it.
    const r = await runMain(["report", big, "-o", path.join(dir, "big.html"), "--timeout", "0.5", "--engine", "elk"]);
    expect(r.stderr).toMatch(
      /^pathway: warning: .*big\.json: 800 nodes and \d+ edges take ELK up to a minute to lay out \(limit --timeout 0.5s\)\. --engine ranks draws it at once/,
    );
    // The limit as given (a rounded "within 1 s" misstated --timeout 0.5, and 200ms read "within 0 s").
    expect(r.stderr).toMatch(/did not finish within 0\.5 s.*raise --timeout or use --engine ranks/);
    expect(r.code).toBe(2);
    const quick = await runMain(["report", big, "-o", path.join(dir, "big.html"), "--engine", "ranks"]);
    expect(quick).toMatchObject({ code: 0, stderr: "" });
    const auto = await runMain(["report", big, "-o", path.join(dir, "auto.html"), "--timeout", "0.5"]);
    expect(auto).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(path.join(dir, "auto.html"), "utf8")).toBe(readFileSync(path.join(dir, "big.html"), "utf8"));
  }, 60_000);

  it("colours the changes since --base and runs --scenarios for coverage", async () => {
    const dir = tempDir();
    const pathway = JSON.parse(readFileSync(BOOKING, "utf8")) as { nodes: { id: string; data: Record<string, unknown> }[] };
    const old = structuredClone(pathway);
    old.nodes[1]!.data.prompt = "An older prompt";
    const removedId = "gone-node";
    old.nodes.push({ id: removedId, data: { name: "Gone" } } as never);
    const base = path.join(dir, "old.json");
    writeFileSync(base, JSON.stringify(old));
    const out = path.join(dir, "r.html");
    const r = await runMain(["report", BOOKING, "--base", base, "--scenarios", path.join(ROOT, "pathways/scenarios/appointment-booking"), "-o", out]);
    expect(r.stderr).not.toMatch(NO_STACK);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote .*r\.html: \d+ nodes, \d+ edges, \d+ findings, diff, coverage/);
    const data = embedded(readFileSync(out, "utf8"));
    expect(data.nodes.find((n) => n.id === pathway.nodes[1]!.id)!.diff).toBe("changed");
    expect(data.diff!.summary.nodesRemoved).toBe(1);
    expect(data.coverage!.table.map((t) => t.kind)).toEqual(["nodes", "edges", "globals"]);
    expect(data.nodes.filter((n) => n.coverage === "covered").length).toBeGreaterThan(0);
  }, 60_000);

  it("exits 2 with a clear message for an unreadable pathway, a bad --coverage file, both coverage flags, or stdin without -o", async () => {
    const dir = tempDir();
    const missing = await runMain(["report", path.join(dir, "nope.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json/);
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, "{not json");
    const cov = await runMain(["report", BOOKING, "--coverage", bad, "-o", path.join(dir, "x.html")]);
    expect(cov.code).toBe(2);
    expect(cov.stderr).toMatch(/--coverage .*bad\.json is not valid JSON/);
    const both = await runMain(["report", BOOKING, "--coverage", bad, "--scenarios", dir]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--coverage or --scenarios, not both/);
    const stdin = await runMain(["report", "-"], { stdin: readFileSync(BOOKING) });
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toMatch(/stdin needs a place for its report: name a file with -o <file>/);
    const fromStdin = await runMain(["report", "-", "-o", path.join(dir, "stdin.html")], { stdin: readFileSync(BOOKING) });
    expect(fromStdin.code).toBe(0);
    for (const r of [missing, cov, both, stdin, fromStdin]) expect(r.stderr).not.toMatch(NO_STACK);
  }, 60_000);

  it("diffs against remote:<id> from a real HTTP service on loopback, never writing the API key into the page", async () => {
    const pathway = JSON.parse(readFileSync(BOOKING, "utf8")) as { nodes: { id: string; data: Record<string, unknown> }[] };
    const old = structuredClone(pathway);
    old.nodes[2]!.data.prompt = "What the service has";
    const service = await startFakeService({ pathways: { "pw-book": old } });
    try {
      const dir = tempDir();
      const out = path.join(dir, "r.html");
      const r = await runMain(["report", BOOKING, "--base", "remote:pw-book", "-o", out], {
        cwd: dir,
        env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey },
      });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const html = readFileSync(out, "utf8");
      expect(html).not.toContain(service.apiKey);
      const data = embedded(html);
      expect(data.nodes.find((n) => n.id === pathway.nodes[2]!.id)!.diff).toBe("changed");
      expect(service.requests.map((q) => q.path)).toEqual(["/v1/convo_pathway/pw-book"]);
    } finally {
      await service.close();
    }
  }, 60_000);

  // The executable: a pathway piped into a real stdin with nowhere to write its page ends with status 2, the reason on stderr alone.
  it("exits with status 2 for stdin without -o, saying so on stderr", () => {
    const r = runCli(["report", "-"], { input: readFileSync(BOOKING) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/stdin needs a place for its report: name a file with -o <file>/);
  });
});
