// bland-cli's test cases (tests/test-cases.yaml) checked against the pathway without a call: each expected_path names nodes joined by ways the flow model allows.
import type { Diagnostic } from "../../diagnostics/index.js";
import { toPointer } from "../../diagnostics/index.js";
import { createFlowModel, getFlowWays, getGlobalReturn, type FlowModel } from "../../graph/index.js";
import { isObject, nodeData } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import { parseYaml } from "../../parse/parse-yaml.js";

/** The rule id of every finding about a test case's expected path. */
export const TEST_PATH_RULE = "bland-cli-test-path";

/** One test case of a bland-cli test file (`PathwayTestCase` in its d.ts), as written. */
export interface BlandCliTestCase {
  name?: string;
  /** Sent as the first user message by `bland pathway test`; a persona to play for a scenario run. */
  scenario?: string;
  expected_path?: string[];
  expected_variables?: Record<string, unknown>;
  max_turns?: number;
}

/** A read test file: its test cases, and its syntax and shape problems placed at their lines. */
export interface BlandCliTestFile {
  tests: BlandCliTestCase[];
  diagnostics: Diagnostic[];
  /** Where a pointer into the file is written. */
  locate: (pointer: string) => Diagnostic["range"];
}

const finding = (message: string, pointer: string, locate: BlandCliTestFile["locate"]): Diagnostic => {
  const range = locate(pointer);
  return { ruleId: TEST_PATH_RULE, severity: "error", message, pointer, ...(range && { range }) };
};

/** Reads a bland-cli test file (YAML; JSON is YAML too). Never throws: problems are diagnostics. */
export function readBlandCliTestFile(text: string): BlandCliTestFile {
  const parsed = parseYaml(text);
  const locate = (pointer: string) => parsed.locate(pointer);
  if (!parsed.ok) return { tests: [], diagnostics: parsed.diagnostics, locate };
  const tests = isObject(parsed.value) ? parsed.value.tests : undefined;
  if (!Array.isArray(tests)) {
    return {
      tests: [],
      diagnostics: [
        ...parsed.diagnostics,
        finding(
          'No "tests:" list: write each test case as "- name: ..." with scenario: and expected_path:.',
          isObject(parsed.value) && "tests" in parsed.value ? "/tests" : "",
          locate,
        ),
      ],
      locate,
    };
  }
  return { tests: tests.filter(isObject) as BlandCliTestCase[], diagnostics: parsed.diagnostics, locate };
}

/** The node index each name (or id) stands for: a name names its first node, as bland-cli's file keeps one node per name. */
function indexNames(flow: FlowModel): Map<string, number> {
  const byName = new Map<string, number>();
  flow.nodes.forEach(({ node }, i) => {
    const name = nodeData(node).name;
    if (typeof name === "string" && !byName.has(name)) byName.set(name, i);
  });
  flow.ids.forEach((id, i) => {
    if (!byName.has(id)) byName.set(id, i);
  });
  return byName;
}

/** True when the flow lets a call go from node `a` to node `b` next: a way that is taken, entering a global node, or a global node handing back. */
function canStep(flow: FlowModel, ways: ReadonlySet<string>, a: number, b: number, before: number | undefined): boolean {
  if (ways.has(`${a}>${b}`)) return true;
  if (flow.isGlobal[b] === 1 && flow.isGlobal[a] !== 1 && flow.isExit[a] !== 1) return true;
  return flow.isGlobal[a] === 1 && getGlobalReturn(flow, a) !== "none" && before === b;
}

/**
 * Checks every test case's `expected_path` against the pathway (the one its project converts to): each entry names a
 * node, the first is the start node, and each next one is reachable in one step by a way the flow model allows (an
 * edge, route or response route that is taken, entering a global node, or a global node returning to the node it
 * interrupted). Findings are placed in the test file. bland-cli itself never checks the path (it only sends `scenario`).
 */
export function checkBlandCliTestCases(file: BlandCliTestFile, pathway: Pathway): Diagnostic[] {
  const flow = createFlowModel(pathway);
  const names = indexNames(flow);
  const ways = new Set(
    getFlowWays(flow)
      .filter((w) => w.when !== "never" && w.fromIndex >= 0 && w.toIndex >= 0)
      .map((w) => `${w.fromIndex}>${w.toIndex}`),
  );
  const found: Diagnostic[] = [...file.diagnostics];
  const describeAt = (i: number) => `"${nodeData(flow.nodes[i]!.node).name ?? flow.ids[i]}"`;
  file.tests.forEach((test, t) => {
    const path = test.expected_path;
    const where = `test case ${typeof test.name === "string" ? JSON.stringify(test.name) : t + 1}`;
    if (path === undefined) return;
    if (!Array.isArray(path)) {
      found.push(
        finding(
          `The expected_path of ${where} is not a list; write it as [first node, next node, ...].`,
          toPointer(["tests", t, "expected_path"]),
          file.locate,
        ),
      );
      return;
    }
    let previous: number | undefined;
    let beforePrevious: number | undefined;
    path.forEach((entry, j) => {
      const at = toPointer(["tests", t, "expected_path", j]);
      const index = typeof entry === "string" ? names.get(entry) : undefined;
      if (index === undefined) {
        found.push(
          finding(`${where} expects node ${JSON.stringify(entry)}, which the pathway does not have; name a node key of bland-pathway.yaml.`, at, file.locate),
        );
        previous = beforePrevious = undefined;
        return;
      }
      if (j === 0 && flow.start >= 0 && index !== flow.start) {
        found.push(
          finding(
            `${where} starts at ${describeAt(index)}, but a call starts at ${describeAt(flow.start)} (the first node of the file); start the path there.`,
            at,
            file.locate,
          ),
        );
      } else if (previous !== undefined && !canStep(flow, ways, previous, index, beforePrevious)) {
        found.push(
          finding(
            `${where} goes from ${describeAt(previous)} to ${describeAt(index)}, but no edge, route or global node leads there in one step; add the edge or the nodes between.`,
            at,
            file.locate,
          ),
        );
      }
      beforePrevious = previous;
      previous = index;
    });
  });
  return found;
}
