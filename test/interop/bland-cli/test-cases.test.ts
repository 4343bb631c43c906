// bland-cli test cases checked without a call: each expected_path starts at the start node and steps along ways the flow allows; and the seam to scenario runs.
import { describe, expect, it } from "vitest";
import { readBlandCliFile } from "../../../src/interop/bland-cli/read-file.js";
import { checkBlandCliTestCases, readBlandCliTestFile } from "../../../src/interop/bland-cli/test-cases.js";
import { toScenario } from "../../../src/interop/bland-cli/to-scenario.js";
import type { Pathway } from "../../../src/model/index.js";
import { marked } from "../../support/marked.js";

const PATHWAY = readBlandCliFile(
  'name: T\nnodes:\n  greeting:\n    prompt: Hi.\n    edges:\n      - target: lookup\n  lookup:\n    prompt: Order?\n    edges:\n      - target: goodbye\n  agent:\n    type: Transfer Call\n    is_global: true\n    global_label: wants a human\n    number: "+15551234567"\n  help:\n    prompt: Explain.\n    is_global: true\n    global_label: confused\n  goodbye:\n    type: End Call\n    prompt: Bye.\n',
  "yaml",
).value as Pathway;

function check(source: string) {
  const { text, marks } = marked(source);
  const found = checkBlandCliTestCases(readBlandCliTestFile(text), PATHWAY);
  return {
    found: found.map((d) => `${d.ruleId} ${d.range?.start.line}:${d.range?.start.column}`),
    wanted: marks.map((m) => `bland-cli-test-path ${m.line}:${m.column}`),
    messages: found.map((d) => d.message),
  };
}

describe("checkBlandCliTestCases", () => {
  it("accepts paths along edges, into a global node, and back from one that returns", () => {
    const { found } = check(
      "tests:\n  - name: ok\n    expected_path: [greeting, lookup, goodbye]\n  - name: human\n    expected_path: [greeting, agent]\n  - name: detour\n    expected_path: [greeting, help, greeting, lookup]\n",
    );
    expect(found).toEqual([]);
  });

  it("reports a node the pathway lacks, a path that does not begin at the start, and a step no way allows", () => {
    const result = check(
      "tests:\n  - name: a\n    expected_path: [greeting, «lookpu]\n  - name: b\n    expected_path: [«lookup, goodbye]\n  - name: c\n    expected_path: [greeting, «goodbye]\n  - name: d\n    expected_path: [greeting, agent, «lookup]\n",
    );
    expect(result.found).toEqual(result.wanted);
    expect(result.messages[0]).toContain('"lookpu"');
    expect(result.messages[1]).toContain('a call starts at "greeting"');
    expect(result.messages[2]).toContain('from "greeting" to "goodbye"');
  });

  it("reports a file without a tests list at its top", () => {
    expect(check("«pathway: T\n").found).toEqual(["bland-cli-test-path 1:1"]);
  });
});

describe("toScenario", () => {
  it("turns a test case into a scenario: the persona as description, the path and variables as end expectations", () => {
    expect(
      toScenario(
        {
          name: "happy",
          scenario: "Caller asks where order 1234 is.",
          expected_path: ["greeting", "lookup"],
          expected_variables: { order: "1234" },
          max_turns: 6,
        },
        "bland-pathway.yaml",
      ),
    ).toEqual({
      name: "happy",
      description: "Caller asks where order 1234 is.",
      pathway: "bland-pathway.yaml",
      decider: "llm",
      max_turns: 6,
      turns: [],
      expect: { path: ["greeting", "lookup"], vars: { order: "1234" } },
    });
  });
});
