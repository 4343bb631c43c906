// validate and lint over folders leave the project's other files alone: call records, scenarios, request bodies and bland-cli test files are skipped (told by content, on every real file), with one note.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CORPUS_DIR, corpusFiles, describeCorpus, parseableCorpus } from "../support/corpus.js";
import { REQUEST_CORPUS_DIR } from "../support/corpus-dir.js";
import { ROOT } from "../support/cli.js";
import { createTempProject } from "../support/temp-project.js";
import { runMain } from "../support/run-main.js";
import { getOtherFileKind } from "../../src/engine/project/other-file-kind.js";

const CALLS_DIR = path.join(CORPUS_DIR, "../calls");
const BLAND_DIR = path.join(CORPUS_DIR, "../bland-cli");

interface JsonResult {
  filePath: string;
  errorCount: number;
  messages: { ruleId: string; severity: string }[];
  skipped?: string;
}

const START = { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi." } };
const PATHWAY = JSON.stringify({
  nodes: [START, { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } }],
  edges: [{ id: "e", source: "start", target: "bye", label: "done" }],
});
const RECORD = JSON.stringify({ call_id: "c-1", queue_status: "complete", transcripts: [] });

describe("validate and lint over folders (small project)", () => {
  const files = {
    "pathways/p.json": PATHWAY,
    "calls/c-1.json": RECORD,
    "requests/booking.json": JSON.stringify({ phone_number: "+15555550123", task: "Book." }),
    "notes.json": JSON.stringify({ todo: [] }),
  };

  for (const command of ["validate", "lint"]) {
    it(`${command} with no inputs checks the pathways, skips the call record and the request body with one note, and still reports other JSON`, async () => {
      const dir = createTempProject(files);
      const r = await runMain([command], { cwd: dir });
      expect(r.stderr).toBe("pathway: skipped 1 call record and 1 request body in calls/, requests/; name a file to read it.\n");
      expect(r.stdout).not.toMatch(/calls\/|requests\//);
      expect(r.stdout).toMatch(/notes\.json/);
      expect(r.code).toBe(1);
      const json = await runMain([command, "--format", "json"], { cwd: dir });
      expect(json.stderr).toBe("");
      const results = JSON.parse(json.stdout) as JsonResult[];
      expect(results.map((x) => [x.filePath, x.skipped ?? null, x.errorCount])).toEqual([
        ["calls/c-1.json", "call-record", 0],
        ["notes.json", null, 1],
        ["pathways/p.json", null, 0],
        ["requests/booking.json", "request", 0],
      ]);
      expect(results[0]!.messages).toMatchObject([{ ruleId: "skipped-file", severity: "info" }]);
    });
  }

  it("exits 0 when only skipped files sit beside clean pathways, and --max-warnings 0 does not count them", async () => {
    const dir = createTempProject({ "pathways/p.json": PATHWAY, "calls/c-1.json": RECORD });
    const r = await runMain(["validate", ".", "--max-warnings", "0"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 file checked, no problems/);
  });

  it("reads and reports a file named directly, as before", async () => {
    const dir = createTempProject({ "calls/c-1.json": RECORD });
    const r = await runMain(["validate", "calls/c-1.json", "calls"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/calls\/c-1\.json\n.*pathway-shape/);
    expect(r.stderr).toBe("");
  });

  it("exits 2 for a folder that held no pathway, only skipped files", async () => {
    const dir = createTempProject({ "calls/c-1.json": RECORD });
    const r = await runMain(["lint", "calls/"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(
      /calls\/: no pathway was checked: every file it found is a call record, scenario, request body or bland-cli test file; name a file to check it as a pathway\. +no-matching-files/,
    );
  });

  it("says nothing of skipped files with --quiet", async () => {
    const dir = createTempProject({ "pathways/p.json": PATHWAY, "calls/c-1.json": RECORD });
    expect((await runMain(["validate", "--quiet"], { cwd: dir })).stderr).toBe("");
  });
});

describeCorpus("validate and lint over the real corpus folders", () => {
  /** The corpus laid out as a project: every kind under a neutral name, so only content can tell them. */
  function corpusProject(): { dir: string; expected: Map<string, string | null> } {
    const dir = createTempProject({}, "pathwaykit-skip-");
    const expected = new Map<string, string | null>();
    const put = (name: string, from: string | Buffer, kind: string | null) => {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      if (typeof from === "string") copyFileSync(from, path.join(dir, name));
      else writeFileSync(path.join(dir, name), from);
      expected.set(name, kind);
    };
    for (const f of corpusFiles) put(`pathways/${f}`, path.join(CORPUS_DIR, f), null);
    for (const f of readdirSync(CALLS_DIR).filter((x) => x.endsWith(".json")))
      put(`calls/${f.replace(/\.task-call\.json$/, ".json")}`, path.join(CALLS_DIR, f), "call-record");
    // Without `.request.` in the name, which a folder walk already skips by name: only the content tells them now.
    for (const f of readdirSync(REQUEST_CORPUS_DIR).filter((x) => x.endsWith(".json")))
      put(`requests/${f.replace(/\.(call|batch|inbound|purchase)\.request\.json$/, ".json")}`, path.join(REQUEST_CORPUS_DIR, f), "request");
    // bland-cli reads its test file with a YAML parser, which reads JSON too: the same cases as JSON (the YAML files themselves are never read by a *.json walk).
    for (const project of readdirSync(BLAND_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const tests = path.join(BLAND_DIR, project.name, "tests/test-cases.yaml");
      put(`bland/${project.name}/tests/test-cases.yaml`, tests, "never read");
      put(`bland/${project.name}/tests/test-cases.json`, Buffer.from(JSON.stringify(parse(readFileSync(tests, "utf8")), null, 2)), "bland-cli-tests");
    }
    // This repository's own scenarios, as JSON under plain names.
    const scenarios = path.join(ROOT, "pathways/scenarios/appointment-booking");
    for (const f of readdirSync(scenarios))
      put(
        `scenarios/${f.replace(/\.scenario\.yaml$/, ".json")}`,
        Buffer.from(JSON.stringify(parse(readFileSync(path.join(scenarios, f), "utf8")))),
        "scenario",
      );
    return { dir, expected };
  }

  it("tells every real file by its value: no corpus pathway is another kind", () => {
    for (const { name, value } of parseableCorpus) expect([name, getOtherFileKind(value)]).toEqual([name, undefined]);
  });

  for (const command of ["validate", "lint"]) {
    it(`${command} with no inputs checks every corpus pathway and skips every call record, request body, bland-cli test file and scenario`, async () => {
      const { dir, expected } = corpusProject();
      const results = JSON.parse((await runMain([command, "--format", "json"], { cwd: dir })).stdout) as JsonResult[];
      const got = new Map(results.map((r) => [r.filePath, r.skipped ?? null]));
      for (const [name, kind] of expected) {
        if (kind === "never read") expect(got.has(name), name).toBe(false);
        else expect([name, got.get(name)]).toEqual([name, kind]);
      }
      expect(results).toHaveLength([...expected.values()].filter((k) => k !== "never read").length);
      const text = await runMain([command], { cwd: dir });
      const counts = (kind: string) => [...expected.values()].filter((k) => k === kind).length;
      expect(text.stderr).toBe(
        `pathway: skipped ${counts("call-record")} call records, ${counts("scenario")} scenario files, ${counts("request")} request bodies and ${counts("bland-cli-tests")} bland-cli test files in bland/, calls/, requests/ and 1 more folder; name a file to read it.\n`,
      );
      // Every corpus pathway is in the findings report (the malformed ones with their parse errors, as before).
      for (const f of corpusFiles.filter((x) => /MALFORMED|BAD-BYTE/.test(x))) expect(text.stdout).toContain(`pathways/${f}`);
    });
  }
});
