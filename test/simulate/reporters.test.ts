// Test reporters: stylish shows expected vs actual and the trace, JUnit is valid XML of the right structure, TAP is TAP 13.
import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { formatTestJunit } from "../../src/format/junit.js";
import { formatTestTap } from "../../src/format/tap.js";
import { formatTestJson, formatTestStylish } from "../../src/format/test-report.js";
import type { TestReport, TraceEvent } from "../../src/simulate/index.js";

const trace: TraceEvent[] = [
  { type: "enter", turn: 0, nodeId: "1", nodeName: "Greeting", nodeType: "Default" },
  { type: "say", turn: 0, nodeId: "1", speech: "text", text: "Hello <there> & welcome", unset: [] },
  { type: "user", turn: 1, nodeId: "1", text: "book\u0001 it" },
  { type: "decide", turn: 1, nodeId: "1", decider: "scripted", decision: { kind: "take", index: 0, reason: 'take: "Book"' } },
  { type: "move", turn: 1, from: "1", to: "2", via: "edge", edgeId: "e1", reason: 'take: "Book"' },
  { type: "enter", turn: 1, nodeId: "2", nodeName: "Book", nodeType: "Default" },
];

const report: TestReport = {
  results: [
    { file: "a.scenario.yaml", name: "passes", status: "passed", durationMs: 3, failures: [], warnings: [], trace: [] },
    {
      file: "a.scenario.yaml",
      name: 'fails <with> "quotes" & \u0002 # hash',
      status: "failed",
      durationMs: 5,
      failures: [
        {
          message: 'expected to be at "End", but the conversation is at "Book" (id 2)',
          turn: 1,
          expected: "End",
          actual: '"Book" (id 2)',
          pointer: "/turns/0/expect/node",
          line: 7,
          column: 13,
        },
      ],
      warnings: ["{{x}} was not set"],
      trace,
    },
    {
      file: "b.scenario.yaml",
      name: "b.scenario.yaml",
      status: "error",
      durationMs: 0,
      failures: [{ message: 'unknown key "tkae"', pointer: "/turns/0/tkae", line: 4, column: 5 }],
      warnings: [],
      trace: [],
    },
  ],
  coverage: [
    {
      pathway: "p.json",
      nodes: { covered: 2, total: 3, percent: 66.6, untested: [{ id: "3", label: '"End"' }], unreachable: [{ id: "9", label: '"Island"' }] },
      edges: { covered: 1, total: 2, percent: 50, untested: [{ id: "e2", label: '"Book" → "End"' }], unreachable: [] },
      globals: { covered: 0, total: 0, percent: 100, untested: [], unreachable: [] },
    },
  ],
  coverageFailures: ["p.json: nodes coverage 66.6% is below the minimum 90%"],
  summary: { total: 3, passed: 1, failed: 1, errors: 1, durationMs: 8 },
};

describe("stylish", () => {
  it("shows each failure with its place, expected and actual, the trace, warnings, coverage and the summary", () => {
    const out = formatTestStylish(report);
    expect(out).toContain("at a.scenario.yaml:7:13 (turn 1)");
    expect(out).toContain('expected: "End"');
    expect(out).toContain('actual:   "\\"Book\\" (id 2)"');
    expect(out).toContain("trace up to the failure:");
    expect(out).toContain('turn 1     → "Book" via edge (edge e1)');
    expect(out).toContain("warning {{x}} was not set");
    expect(out).toMatch(/nodes\s+2\/3\s+66\.6%\s+1/);
    expect(out).toContain('untested nodes (reachable, no scenario visits them): "End" [3]');
    expect(out).toContain('unreachable nodes (no scenario can visit them; see pathway lint): "Island" [9]');
    expect(out).toContain("✖ 1 passed, 1 failed, 1 could not run (3 scenarios");
  });

  it("shows a repeated scenario's assertion rates, naming the place only when the failure has one", () => {
    const rate = (pointer: string) => ({ pointer, message: `failed at ${pointer || "start"}`, failed: 2, passRate: 0 });
    const repeated: TestReport = {
      results: [
        {
          file: "r.scenario.yaml",
          name: "r",
          status: "error",
          durationMs: 1,
          failures: [{ message: "the live chat could not start", pointer: "" }],
          warnings: [],
          trace: [],
          mode: "live",
          runs: 2,
          passed: 0,
          passRate: 0,
          paths: [],
          assertions: [rate(""), rate("/turns/0/take")],
        },
      ],
      summary: { total: 1, passed: 0, failed: 0, errors: 1, durationMs: 1 },
    };
    const text = formatTestStylish(repeated, { color: false });
    expect(text).toContain("0% failed at start (failed in 2 runs)\n");
    expect(text).toContain("0% failed at /turns/0/take (failed in 2 runs; /turns/0/take)\n");
  });

  it("prints the report object as JSON", () => {
    expect(JSON.parse(formatTestJson(report))).toEqual(JSON.parse(JSON.stringify(report)));
  });
});

describe("junit", () => {
  it("is valid XML with a testsuite per file and a testcase per scenario, failures and errors apart", () => {
    const xml = formatTestJunit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    // htmlEntities: fast-xml-parser decodes numeric character references (`&#60;`, standard XML) only when asked.
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@",
      htmlEntities: true,
      isArray: (name) => ["testsuite", "testcase"].includes(name),
    }).parse(xml);
    const suites = doc.testsuites.testsuite as {
      "@name": string;
      "@tests": string;
      "@failures": string;
      "@errors": string;
      testcase: Record<string, unknown>[];
    }[];
    expect(doc.testsuites["@tests"]).toBe("3");
    expect(suites.map((s) => [s["@name"], s["@tests"], s["@failures"], s["@errors"]])).toEqual([
      ["a.scenario.yaml", "2", "1", "0"],
      ["b.scenario.yaml", "1", "0", "1"],
    ]);
    const failing = suites[0]!.testcase[1]!;
    // The one HTML/XML escaper: entities for markup, U+FFFD for a character XML cannot hold (here U+0002).
    expect(failing["@name"]).toBe('fails <with> "quotes" & \ufffd # hash');
    expect((failing.failure as Record<string, string>)["@message"]).toContain('expected to be at "End"');
    expect((failing.failure as Record<string, string>)["#text"]).toContain("trace:");
    expect(failing["system-out"]).toContain("{{x}} was not set");
    expect(suites[1]!.testcase[0]!.error).toBeDefined();
  });
});

describe("tap", () => {
  it("is TAP 13 with a plan, a point per scenario and a YAML block under failures", () => {
    const lines = formatTestTap(report).split("\n");
    expect(lines.slice(0, 3)).toEqual(["TAP version 13", "1..3", "ok 1 - a.scenario.yaml > passes"]);
    expect(lines).toContain('not ok 2 - a.scenario.yaml > fails <with> "quotes" & \\u0002 \\# hash');
    expect(lines).toContain('  at: "a.scenario.yaml:7:13"');
    expect(lines).toContain('  expected: "End"');
    expect(lines.filter((l) => l === "  ---").length).toBe(lines.filter((l) => l === "  ...").length);
    expect(lines).toContain("# fail 2");
  });
});
