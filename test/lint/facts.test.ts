// Lint facts are built per run and handed to rules in their context: a pathway edited between runs is analysed afresh.
import { expect, it } from "vitest";
import { lintValue } from "../../src/lint/index.js";
import { runPathwayRules as runRules } from "../../src/validate/index.js";
import { withLintFacts } from "../../src/lint/index.js";
import unreachableNode from "../../src/lint/rules/unreachable-node.js";

const pathway = () => ({
  nodes: [
    { id: "a", type: "Default", data: { name: "A", isStart: true, text: "hi" } },
    { id: "b", type: "Default", data: { name: "B", text: "b" } },
    { id: "end", type: "End Call", data: { name: "End", text: "bye" } },
  ],
  edges: [{ id: "e1", source: "a", target: "end", label: "done" }],
});

const unreachable = (value: unknown) =>
  lintValue(value)
    .diagnostics.filter((d) => d.ruleId === "unreachable-node")
    .map((d) => d.pointer);

it("reports fresh reachability when the same pathway object is edited between two runs", () => {
  const p = pathway();
  expect(unreachable(p)).toEqual(["/nodes/1"]);
  p.edges.push({ id: "e2", source: "a", target: "b", label: "more" }, { id: "e3", source: "b", target: "end", label: "done" });
  expect(unreachable(p)).toEqual([]);
  p.edges.splice(1, 2);
  expect(unreachable(p)).toEqual(["/nodes/1"]);
});

it("runs rules on the facts of the context they are given, and each context builds its own", () => {
  const p = pathway();
  const setting = () => ({ severity: "warning" as const });
  expect(runRules(p, [unreachableNode], setting, (c) => withLintFacts(c)).map((d) => d.pointer)).toEqual(["/nodes/1"]);
  p.edges.push({ id: "e2", source: "a", target: "b", label: "more" });
  expect(runRules(p, [unreachableNode], setting, (c) => withLintFacts(c))).toEqual([]);
  // Without the linter's facts, a rule still gets analyses of the value it is given (never a cached one).
  p.edges.pop();
  expect(runRules(p, [unreachableNode], setting).map((d) => d.pointer)).toEqual(["/nodes/1"]);
});
