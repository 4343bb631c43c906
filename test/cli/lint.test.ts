// `pathway lint` and `pathway analyze` (in-process; the executable for the exit status): config discovery, flags, baselines, formats, exit codes.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, itCorpus } from "../support/corpus.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const RESTAURANT = path.join(CORPUS_DIR, "restaurant-2024-get-dump.json");
const RECEPTIONIST = path.join(CORPUS_DIR, "receptionist-auto-shop.json");
const NO_STACK = /\n\s+at .*\(.*:\d+:\d+\)/;

/** A project directory with the restaurant file and, when given, a config. */
function project(config?: unknown): { dir: string; file: string } {
  const dir = tempDir("pathwaykit-lint-");
  mkdirSync(path.join(dir, "pathways"));
  const file = path.join(dir, "pathways", "restaurant.json");
  writeFileSync(file, readFileSync(RESTAURANT));
  if (config !== undefined) writeFileSync(path.join(dir, "pathway.config.json"), typeof config === "string" ? config : JSON.stringify(config, null, 2));
  return { dir, file };
}

describe("pathway lint", () => {
  itCorpus("exits 1 and reports validation and lint findings with line:column and rule id", async () => {
    const r = await runMain(["lint", RESTAURANT]);
    expect(r.code).toBe(1);
    // The global KB node has no edge and no enableGlobalAutoReturn: it returns to where the caller was, not a dead end.
    expect(r.stdout).not.toMatch(/dead-end/);
    expect(r.stdout).toMatch(/199:32\s+error\s+.*global-label-empty/);
    expect(r.stdout).toMatch(/215:55\s+warning\s+\{\{restaurant_name\}\}.*undefined-variable/);
  });

  itCorpus("prints JSON with the same shape as validate", async () => {
    const r = await runMain(["lint", RESTAURANT, "--format", "json"]);
    const [report] = JSON.parse(r.stdout);
    // Every node's globalPrompt reads {{ restaurant_language }}, which nothing sets: one finding per node, at its placeholder.
    expect(report).toMatchObject({ filePath: RESTAURANT, errorCount: 1, warningCount: 22 });
    expect(report.messages[0]).toMatchObject({ ruleId: "undefined-variable", pointer: "/nodes/0/data/globalPrompt", line: 12, column: 44 });
  });

  itCorpus("turns rules off with --rule and exits 0 when only warnings remain", async () => {
    const r = await runMain(["lint", RESTAURANT, "--rule", "dead-end:off", "global-label-empty:off"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/dead-end|global-label-empty/);
    expect((await runMain(["lint", RESTAURANT, "--rule", "dead-end:off", "global-label-empty:off", "--max-warnings", "0"])).code).toBe(1);
  });

  itCorpus("rejects an unknown rule in --rule as a usage error", async () => {
    const r = await runMain(["lint", RESTAURANT, "--rule", "no-such-rule:off"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown rule "no-such-rule"/);
  });

  itCorpus("finds pathway.config.json above the file and applies rules, variables and suppressions", async () => {
    const { dir } = project({
      rules: { "global-label-empty": "warn" },
      variables: { requestData: ["restaurant_name", "restaurant_menu", "store_location", "unique_azz_id", "restaurant_language", "opening_hours", "timezone"] },
      suppressions: [
        {
          file: "pathways/restaurant.json",
          nodeId: "9ed56a1f-b9eb-46e9-a510-5d66b0ab12b2",
          rule: "dead-end",
          reason: "the KB answers one question and the call goes on",
        },
      ],
    });
    const r = await runMain(["lint", "pathways", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(0);
    const [report] = JSON.parse(r.stdout);
    expect(report.messages.map((m: { ruleId: string; severity: string }) => [m.ruleId, m.severity])).toEqual([["global-label-empty", "warning"]]);
  });

  it("never lints the --config file as a pathway, whatever its name (as pathway.config.json is never read as one)", async () => {
    const dir = tempDir("pathwaykit-lint-explicit-config-");
    writeFileSync(path.join(dir, "kb.json"), readFileSync(path.join(ROOT, "pathways/support-kb.json")));
    writeFileSync(path.join(dir, "lint-rules.json"), JSON.stringify({ rules: { "unused-extracted-variable": "off" } }));
    const r = await runMain(["lint", ".", "--config", "lint-rules.json", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { filePath: string; messages: unknown[] }[]).map((f) => [f.filePath, f.messages.length])).toEqual([["kb.json", 0]]);
  });

  itCorpus("exits 2 naming the key when the config is invalid", async () => {
    const { dir } = project({ rules: { "prompt-too-long": ["error", { maxLength: "long" }] } });
    const r = await runMain(["lint", "pathways"], { cwd: dir });
    expect(r.code).toBe(2);
    // Named as the user would type it, not as the absolute path found by searching upwards.
    expect(r.stderr).toMatch(/^pathway: Config file pathway\.config\.json: "rules\.prompt-too-long\[1\]\.maxLength"/);
    expect(r.stderr).not.toMatch(NO_STACK);
  });

  itCorpus("exits 2 when the config is not JSON", async () => {
    const { dir } = project("{ rules: }");
    const r = await runMain(["lint", "pathways"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^pathway: Config file pathway\.config\.json is not valid JSON/);
  });

  describe("suppressions that hide nothing (as ESLint reports unused disable directives)", () => {
    const config = {
      suppressions: [
        { file: "kb.json", nodeId: "open-ticket", rule: "unused-extracted-variable", reason: "kept for the call record" },
        { file: "kb.json", nodeId: "open-ticket", rule: "dead-end", reason: "stale: the node has edges out" },
        { file: "other/*.json", rule: "dead-end", reason: "for files not linted in this run" },
      ],
    };
    const suppressing = () => {
      const dir = tempDir("pathwaykit-lint-suppress-");
      writeFileSync(path.join(dir, "kb.json"), readFileSync(path.join(ROOT, "pathways/support-kb.json")));
      writeFileSync(path.join(dir, "broken.json"), "{ not json");
      writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify(config, null, 2));
      return dir;
    };

    it("are warnings at their place in the config; ones for files this run did not lint are not", async () => {
      const r = await runMain(["lint", "kb.json", "--format", "json"], { cwd: suppressing() });
      expect(r.code).toBe(0);
      const results = JSON.parse(r.stdout) as { filePath: string; messages: object[] }[];
      expect(results.map((f) => f.filePath)).toEqual(["kb.json", "pathway.config.json"]);
      expect(results[0]!.messages).toEqual([]);
      expect(results[1]!.messages).toEqual([
        expect.objectContaining({
          ruleId: "unused-suppression",
          severity: "warning",
          pointer: "/suppressions/1",
          line: 9,
          column: 5,
          message:
            'Suppression 2 (rule "dead-end", node or edge "open-ticket", file "kb.json") hid no finding in the files linted: the finding is gone or the id names no node or edge with it; remove the suppression.',
        }),
      ]);
    });

    it("one whose glob also matches a pathway this run did not lint is not called stale (it may hide a finding there)", async () => {
      const dir = suppressing();
      writeFileSync(path.join(dir, "booking.json"), readFileSync(path.join(ROOT, "pathways/appointment-booking.json")));
      const globbed = [
        { file: "*.json", nodeId: "open-ticket", rule: "unused-extracted-variable", reason: "kb.json's, found by a glob" },
        { file: "*.json", rule: "dead-end", reason: "stale in every file" },
      ];
      writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify({ ignore: ["broken.json"], suppressions: globbed }, null, 2));
      const unused = async (args: string[]) => {
        const r = await runMain(["lint", ...args, "--format", "json"], { cwd: dir });
        return (JSON.parse(r.stdout) as { filePath: string; messages: { pointer: string }[] }[])
          .filter((f) => f.filePath === "pathway.config.json")
          .flatMap((f) => f.messages.map((m) => m.pointer));
      };
      // booking.json alone (a pre-commit hook's run) says nothing of kb.json, where the first one hides a finding.
      expect(await unused(["booking.json"])).toEqual([]);
      // Every file the globs match linted: only the second is stale.
      expect(await unused(["."])).toEqual(["/suppressions/1"]);
      expect(await unused(["booking.json", "kb.json"])).toEqual(["/suppressions/1"]);
    });

    it("one for a rule turned off in this run is not called stale (its finding was not looked for)", async () => {
      const r = await runMain(["lint", "kb.json", "--rule", "dead-end:off", "--format", "json"], { cwd: suppressing() });
      expect((JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["kb.json"]);
    });

    it("a file that could not be parsed does not make its suppressions look stale", async () => {
      const dir = suppressing();
      writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify({ suppressions: [{ file: "broken.json", rule: "dead-end", reason: "x" }] }));
      const r = await runMain(["lint", ".", "--format", "json"], { cwd: dir });
      expect((JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["broken.json", "kb.json"]);
    });
  });

  describe("the config's ignore globs (as ESLint's ignores)", () => {
    /** drafts/ ignored, beside one pathway that is linted. */
    const ignoring = () => {
      const dir = tempDir("pathwaykit-lint-ignore-");
      mkdirSync(path.join(dir, "drafts"));
      const kb = readFileSync(path.join(ROOT, "pathways/support-kb.json"));
      writeFileSync(path.join(dir, "kb.json"), kb);
      writeFileSync(path.join(dir, "drafts", "broken.json"), "{ not json");
      writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify({ ignore: ["drafts/**"] }));
      return dir;
    };

    it("leaves ignored files out of a directory or glob: not read, not listed, not counted", async () => {
      const dir = ignoring();
      for (const args of [["."], ["**/*.json"]]) {
        const r = await runMain(["lint", ...args, "--format", "json"], { cwd: dir });
        expect(r.code).toBe(0);
        expect((JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["kb.json"]);
      }
      expect((await runMain(["lint", "."], { cwd: dir })).stdout).toMatch(/in 1 file\n$/);
    });

    it("warns about an ignored file named on the command line instead of linting it, and lints the others", async () => {
      const r = await runMain(["lint", "drafts/broken.json", "kb.json", "--format", "json"], { cwd: ignoring() });
      expect(r.code).toBe(0);
      const [ignored, linted] = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; severity: string; message: string }[] }[];
      expect(ignored).toMatchObject({ filePath: "drafts/broken.json", messages: [{ ruleId: "ignored-file", severity: "warning" }] });
      expect(ignored!.messages[0]!.message).toBe(
        'drafts/broken.json was not linted: "ignore" in pathway.config.json matches it; remove it from "ignore" to lint it.',
      );
      expect(linted!.filePath).toBe("kb.json");
      // A pre-commit hook passing every staged file wants no warning for the ignored ones (ESLint's --no-warn-ignored).
      const quiet = await runMain(["lint", "drafts/broken.json", "kb.json", "--no-warn-ignored", "--format", "json"], { cwd: ignoring() });
      expect((JSON.parse(quiet.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["kb.json"]);
    });

    it("warns about an ignored file named on the command line even when a directory given before it also holds it", async () => {
      const r = await runMain(["lint", ".", "drafts/broken.json", "--format", "json"], { cwd: ignoring() });
      const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
      expect(results.map((f) => [f.filePath, f.messages.map((m) => m.ruleId)])).toEqual([
        ["drafts/broken.json", ["ignored-file"]],
        ["kb.json", ["unused-extracted-variable"]],
      ]);
    });

    it("counts a file a directory or glob found even when it was named before: that argument did match a linted file", async () => {
      for (const args of [
        ["kb.json", "."],
        ["kb.json", "**/*.json"],
      ]) {
        const r = await runMain(["lint", ...args, "--format", "json"], { cwd: ignoring() });
        expect([args.join(" "), r.code]).toEqual([args.join(" "), 0]);
        expect((JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["kb.json"]);
      }
    });

    it("fails (exit 2) on a directory or glob whose every file is ignored, as on one that matches nothing", async () => {
      for (const arg of ["drafts", "drafts/*.json"]) {
        const r = await runMain(["lint", arg], { cwd: ignoring() });
        expect(r.code).toBe(2);
        expect(r.stdout).toContain(
          `${arg}: every file it matches is ignored by "ignore" in pathway.config.json; name a file that is not ignored, or change "ignore".  no-matching-files`,
        );
      }
    });
  });

  itCorpus("writes a baseline, then reports only findings that are not in it", async () => {
    const { dir, file } = project();
    const w = await runMain(["lint", "pathways", "--baseline-write", "baseline.json"], { cwd: dir });
    expect(w.code).toBe(0);
    expect(w.stderr).toMatch(/wrote 23 findings to the baseline baseline.json/);
    const baseline = JSON.parse(readFileSync(path.join(dir, "baseline.json"), "utf8"));
    expect(baseline.findings).toContainEqual(
      expect.objectContaining({
        file: "pathways/restaurant.json",
        ruleId: "global-label-empty",
        location: "node:9ed56a1f-b9eb-46e9-a510-5d66b0ab12b2/data/globalLabel",
      }),
    );
    expect((await runMain(["lint", "pathways", "--baseline", "baseline.json", "--max-warnings", "0"], { cwd: dir })).code).toBe(0);
    // Linting the whole project does not read the baseline file as a pathway.
    expect((await runMain(["lint", ".", "--baseline", "baseline.json", "--max-warnings", "0"], { cwd: dir })).code).toBe(0);
    // A new problem is still reported.
    const value = JSON.parse(readFileSync(file, "utf8"));
    value.nodes.push({ id: "new", type: "Default", data: { name: "New", text: "x" } });
    writeFileSync(file, JSON.stringify(value, null, 2));
    const r = await runMain(["lint", "pathways", "--baseline", "baseline.json", "--format", "json", "--max-warnings", "0"], { cwd: dir });
    expect(r.code).toBe(1);
    // The new node is unreachable and has no way on: one problem, reported once (a dead end no call reaches strands no one).
    expect(
      JSON.parse(r.stdout)[0]
        .messages.map((m: { ruleId: string }) => m.ruleId)
        .sort(),
    ).toEqual(["unreachable-node"]);
  });

  it("reports a node that no call reaches and that has no way on once, as unreachable (its dead end strands no caller)", async () => {
    const dir = tempDir("pathwaykit-lint-");
    const pathway = {
      nodes: [
        { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi!" } },
        { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
        { id: "orphan", type: "Default", data: { name: "Orphan", text: "Nobody hears this." } },
      ],
      edges: [{ id: "e1", source: "start", target: "bye", label: "Done" }],
    };
    writeFileSync(path.join(dir, "orphan.json"), JSON.stringify(pathway, null, 2));
    const r = await runMain(["lint", "orphan.json", "--format", "json"], { cwd: dir });
    const [file] = JSON.parse(r.stdout) as { messages: { ruleId: string; pointer: string }[] }[];
    expect(file!.messages.filter((m) => m.pointer === "/nodes/2").map((m) => m.ruleId)).toEqual(["unreachable-node"]);
    // A warning, not the dead-end error it also was: the file passes.
    expect(r.code).toBe(0);
  });

  itCorpus("reads stdin", async () => {
    const r = await runMain(["lint", "-", "--format", "json"], { stdin: readFileSync(RECEPTIONIST) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)[0].filePath).toBe("<stdin>");
  });

  it("explains itself in --help", async () => {
    const r = await runMain(["lint", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--baseline-write/);
    expect(r.stdout).toMatch(/Examples:/);
  });
});

describe("pathway analyze", () => {
  itCorpus("prints a readable summary", async () => {
    const r = await runMain(["analyze", RESTAURANT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/12 nodes, 24 edges/);
    expect(r.stdout).toMatch(/Start:\s+"Start" \(1\)/);
    // The global KB node returns to the interrupted node (no edge, no enableGlobalAutoReturn: false).
    expect(r.stdout).not.toMatch(/never return/);
    expect(r.stdout).toMatch(/Unreachable:\s+none/);
    expect(r.stdout).toMatch(/restaurant_name\s+undefined/);
  });

  itCorpus("prints the library's analysis as JSON", async () => {
    const r = await runMain(["analyze", RESTAURANT, "--format", "json"]);
    const a = JSON.parse(r.stdout);
    expect(a).toMatchObject({ start: "1", unreachable: [], deadEnds: [], strandingGlobals: [], traps: [] });
    expect(a.stats.countsByType).toEqual({ Default: 8, "End Call": 2, Webhook: 1, "Knowledge Base": 1 });
  });

  itCorpus("exits 2 with a clear message for a file that is not JSON", async () => {
    const r = await runMain(["analyze", path.join(CORPUS_DIR, "docs-get-pathway-example.MALFORMED.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/:10:16: Trailing comma/);
    expect(r.stderr).not.toMatch(NO_STACK);
  });

  it("exits 2 for a missing file or a directory, in validate's words", async () => {
    const r = await runMain(["analyze", "/nonexistent/p.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("pathway: /nonexistent/p.json: no such file or directory; check the path.\n");
    const dir = await runMain(["analyze", tempDir()]);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toMatch(/: is a directory/);
  });

  it("exits 2 for a file whose nodes hold no node with a string id, pointing at validate", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "junk.json"), '{"nodes":[null,1,"x",{"id":5}],"edges":{}}');
    const r = await runMain(["analyze", "junk.json"], { cwd: dir });
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toMatch(/^pathway: junk\.json: not a pathway: .*run `pathway validate junk\.json` to see why\.\n$/);
  });

  it("prints the error as JSON with --format json, and still exits 2", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "junk.json"), '{"nodes":[null,1,"x",{"id":5}],"edges":{}}');
    const r = await runMain(["analyze", "junk.json", "-f", "json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ ok: false, error: { code: "input", message: expect.stringMatching(/^junk\.json: not a pathway/) } });
    const missing = await runMain(["analyze", "missing.json", "-f", "json"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toEqual({ ok: false, error: { code: "io", message: "missing.json: no such file or directory; check the path." } });
  });

  itCorpus("takes --color and --no-color like validate", async () => {
    const help = (await runMain(["analyze", "--help"])).stdout;
    expect(help).toMatch(/--color\s+force colours even when not writing to a terminal/);
    expect(help).toMatch(/--no-color\s+disable colours \(also NO_COLOR=1\)/);
    expect((await runMain(["analyze", RESTAURANT, "--no-color"])).code).toBe(0);
    expect((await runMain(["analyze", RESTAURANT, "--color"])).code).toBe(0);
  });
});

// The process boundary: the executable's real exit status and stream separation.
describe("pathway lint and analyze as executables", () => {
  itCorpus("lint exits with status 1 on findings, the report on stdout and nothing on stderr", () => {
    const r = runCli(["lint", RESTAURANT]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/199:32\s+error\s+.*global-label-empty/);
    expect(r.stderr).toBe("");
  });

  it("analyze exits with status 2 for a missing file, the message on stderr and nothing on stdout", () => {
    const r = runCli(["analyze", "missing.json"]);
    expect(r).toEqual({ code: 2, stdout: "", stderr: "pathway: missing.json: no such file or directory; check the path.\n" });
  });
});
