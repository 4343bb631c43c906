// The project files that are not pathways: which kind a parsed value is (never a pathway, nor a pathway gone wrong), and the one note about skipped files.
import { describe, expect, it } from "vitest";
import { getOtherFileKind } from "../../../src/engine/project/other-file-kind.js";
import { describeSkippedFiles, getSkippedFile, toSkippedResult } from "../../../src/engine/project/other-files.js";
import { getKnownFields, REQUEST_KINDS } from "../../../src/requests/models.js";
import { DOCUMENTED_REQUEST_FIELDS } from "../../../src/requests/request-fields.js";
import { SCENARIO_KEYS } from "../../../src/simulate/scenario-keys.js";
import { ScenarioSchema } from "../../../src/simulate/scenario.js";

const START = { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } };
const RECORD = { call_id: "c-1", queue_status: "complete", transcripts: [{ user: "user", text: "Hi" }] };

describe("getOtherFileKind", () => {
  it.each([
    { name: "a pathway", value: { nodes: [START], edges: [] } },
    { name: "a pathway with no usable node", value: { nodes: [], edges: [] } },
    { name: "a pathway whose nodes broke", value: { nodes: false, pathway_id: "p", prompt: "x" } },
    { name: "edges without nodes", value: { edges: [], call_id: "c-1" } },
    { name: "a saved API answer around a pathway", value: { status: "success", pathway_data: { nodes: [START] } } },
    { name: "an array of numbers", value: [1, 2] },
    { name: "an empty list", value: [] },
    { name: "an empty list answer", value: { calls: [] } },
    { name: "a list with one record and one other value", value: [RECORD, { id: 1 }] },
    {
      name: "a config that has a pathway_id among its own keys",
      value: { pathway_id: "p-1", pathway_file: "bland-pathway.yaml", test_file: "tests/test-cases.yaml" },
    },
    { name: "a settings file", value: { compilerOptions: { strict: true } } },
    { name: "a scenario-like value with a key scenarios do not have", value: { pathway: "p.json", expected: [] } },
    { name: "a tests list whose entries are not test cases", value: { tests: [1, 2] } },
  ])("is undefined for $name: it is checked (and its problems reported), not skipped", ({ value }) => {
    expect(getOtherFileKind(value)).toBeUndefined();
  });

  it.each([
    { name: "a call record", value: RECORD, kind: "call-record" },
    { name: "a record with c_id only, wrapped in data", value: { data: { c_id: "c-2" } }, kind: "call-record" },
    { name: "a list of records", value: [RECORD, { ...RECORD, call_id: "c-2" }], kind: "call-record" },
    { name: "the list endpoint's answer", value: { calls: [RECORD], total_count: 1 }, kind: "call-record" },
    { name: "a scenario with turns", value: { pathway: "../p.json", turns: [{ user: "hi" }] }, kind: "scenario" },
    { name: "a scenario without turns", value: { pathway: "../p.json", expect: { ended: true } }, kind: "scenario" },
    {
      name: "bland-cli test cases",
      value: { pathway: "Demo", tests: [{ name: "happy_path", scenario: "Caller says hi.", expected_path: ["greeting"] }] },
      kind: "bland-cli-tests",
    },
    { name: "empty bland-cli test cases", value: { tests: [] }, kind: "bland-cli-tests" },
    { name: "a call request", value: { phone_number: "+15555550123", task: "Book a table." }, kind: "request" },
    { name: "a call request with undocumented fields", value: { phone_number: "+15555550123", pathway_id: "p", amd: true }, kind: "request" },
    { name: "a batch request", value: { base_prompt: "Hi {{name}}", call_data: [{ phone_number: "+15555550123", name: "A" }] }, kind: "request" },
    { name: "an inbound update", value: { pathway_id: "p" }, kind: "request" },
    { name: "a number purchase", value: { area_code: "415" }, kind: "request" },
  ])("tells $name ($kind)", ({ value, kind }) => {
    expect(getOtherFileKind(value)).toBe(kind);
  });
});

describe("getSkippedFile", () => {
  it("skips only a file a folder or glob found: one named directly, or stdin, is read as it is", async () => {
    expect(await getSkippedFile({ path: "calls/a.json", foundBy: ["."] }, RECORD)).toEqual({ path: "calls/a.json", kind: "call-record" });
    expect(await getSkippedFile({ path: "calls/a.json", foundBy: ["."], named: true }, RECORD)).toBeUndefined();
    expect(await getSkippedFile({ path: "<stdin>" }, RECORD)).toBeUndefined();
    expect(await getSkippedFile({ path: "p.json", foundBy: ["."] }, { nodes: [START] })).toBeUndefined();
  });

  it("makes a result with one info note and the kind, counted as neither error nor warning", () => {
    const result = toSkippedResult({ path: "calls/a.json", kind: "call-record" });
    expect(result).toMatchObject({
      filePath: "calls/a.json",
      skipped: "call-record",
      diagnostics: [{ ruleId: "skipped-file", severity: "info", pointer: "" }],
    });
    expect(result.diagnostics[0]!.message).toBe(
      "Skipped: not a pathway but a call record (it has a call_id, or a conversation_id: a v2 event trace), which `pathway calls` reads; name the file itself to check it as a pathway.",
    );
  });
});

describe("describeSkippedFiles", () => {
  const skipped = (path: string, kind: "call-record" | "scenario" | "request" | "bland-cli-tests") => toSkippedResult({ path, kind });

  it("says how many of which kind, in which folders, in one line", () => {
    const results = [
      skipped("calls/a.json", "call-record"),
      { filePath: "pathways/p.json", diagnostics: [] },
      skipped("calls/b.json", "call-record"),
      skipped("calls/c.json", "call-record"),
      skipped("requests/r.json", "request"),
    ];
    expect(describeSkippedFiles(results)).toBe("skipped 3 call records and 1 request body in calls/, requests/; name a file to read it");
  });

  it("lists three kinds with commas, files in the working directory as ./, and at most three folders", () => {
    const results = [
      skipped("s.json", "scenario"),
      skipped("a/r.json", "request"),
      skipped("b/r.json", "request"),
      skipped("c/t.json", "bland-cli-tests"),
      skipped("d/t.json", "bland-cli-tests"),
    ];
    expect(describeSkippedFiles(results)).toBe(
      "skipped 1 scenario file, 2 request bodies and 2 bland-cli test files in ./, a/, b/ and 2 more folders; name a file to read it",
    );
  });

  it("names the first level below the folder the skipped files share", () => {
    expect(describeSkippedFiles([skipped("p/calls/a.json", "call-record"), skipped("p/requests/b.json", "request")])).toMatch(/ in p\/calls\/, p\/requests\/;/);
    expect(
      describeSkippedFiles([
        skipped("bland/x/tests/t.json", "bland-cli-tests"),
        skipped("bland/y/tests/t.json", "bland-cli-tests"),
        skipped("calls/c.json", "call-record"),
      ]),
    ).toMatch(/ in bland\/, calls\/;/);
    expect(describeSkippedFiles([skipped("p/calls/a.json", "call-record")])).toMatch(/ in p\/calls\/;/);
  });

  it("says nothing when nothing was skipped", () => {
    expect(describeSkippedFiles([{ filePath: "p.json", diagnostics: [] }])).toBeUndefined();
  });
});

describe("the plain-data copies the folder walk reads (it loads no zod)", () => {
  it("SCENARIO_KEYS are the scenario schema's keys", () => {
    expect([...SCENARIO_KEYS].sort()).toEqual(Object.keys(ScenarioSchema.shape).sort());
  });

  it("DOCUMENTED_REQUEST_FIELDS are every request model's fields", () => {
    expect([...DOCUMENTED_REQUEST_FIELDS].sort()).toEqual([...new Set(REQUEST_KINDS.flatMap((k) => getKnownFields(k)))].sort());
  });
});
