// Baselines: recorded findings are hidden by place (node or edge id), so edits elsewhere and reordering keep them hidden.
import { describe, expect, it } from "vitest";
import { createBaseline, filterByBaseline, getFindingLocation, lintPathway } from "../../src/lint/index.js";
import { END, START, pathwayText } from "../support/pathway-text.js";

const stuck = (id: string) => `{"id": "${id}", "type": "Default", "data": {"text": "x"}}`;
const edges = (ids: string[]) => [
  `{"id": "e0", "source": "start", "target": "end", "label": "bye"}`,
  ...ids.map((id, i) => `{"id": "e${i + 1}", "source": "start", "target": "${id}", "label": "to ${id}"}`),
];
const lint = (text: string) => {
  const r = lintPathway(text);
  return { file: "p.json", value: r.value, diagnostics: r.diagnostics };
};

describe("baselines", () => {
  it("keys a finding by the id of its node or edge", () => {
    const value = { nodes: [{ id: "a" }], edges: [{ id: "e", source: "a" }] };
    expect(getFindingLocation(value, "/nodes/0/data/prompt")).toBe("node:a/data/prompt");
    expect(getFindingLocation(value, "/edges/0/label")).toBe("edge:e/label");
    expect(getFindingLocation(value, "")).toBe("");
  });

  it("hides recorded findings even after the nodes are reordered, and reports new ones", () => {
    const before = lint(pathwayText([START, END, stuck("a")], edges(["a"])));
    const baseline = createBaseline([before]);
    expect(baseline.findings.map((f) => [f.ruleId, f.location])).toEqual([["dead-end", "node:a"]]);
    const after = lint(pathwayText([START, stuck("b"), END, stuck("a")], edges(["a", "b"])));
    const { files, baselined } = filterByBaseline([after], baseline);
    expect(baselined).toBe(1);
    expect(files[0]!.diagnostics.map((d) => [d.ruleId, d.pointer])).toEqual([["dead-end", "/nodes/1"]]);
  });

  it("does not carry a baseline from one file to another", () => {
    const baseline = createBaseline([lint(pathwayText([START, END, stuck("a")], edges(["a"])))]);
    const other = { ...lint(pathwayText([START, END, stuck("a")], edges(["a"]))), file: "other.json" };
    expect(filterByBaseline([other], baseline).baselined).toBe(0);
  });
});
