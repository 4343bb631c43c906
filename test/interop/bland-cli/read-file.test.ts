// Reading a bland-cli file: the pathway its push sends, every pointer placed on the YAML line of the node or key it came from, and what makes bland-cli refuse a file.
import { describe, expect, it } from "vitest";
import { readBlandCliFile } from "../../../src/interop/bland-cli/read-file.js";
import { marked } from "../../support/marked.js";

/** The start line:column of each pointer in a read file. */
function places(source: string, pointers: readonly string[]): { wanted: string[]; found: string[] } {
  const { text, marks } = marked(source);
  const doc = readBlandCliFile(text, "yaml");
  return {
    wanted: marks.map((m) => `${m.line}:${m.column}`),
    found: pointers.map((p) => {
      const r = doc.locate(p);
      return `${r?.start.line}:${r?.start.column}`;
    }),
  };
}

const PROJECT = `name: Orders
global:
  prompt: «Be brief.
nodes:
  «greeting:
    prompt: «Hello.
    edges:
      - «target: «lookup
        label: «Caller asks
  lookup:
    type: «Transfer Call
    number: «"+15551234567"
    extract_variables:
      - name: «order
        type: «string
        description: the order
    edges:
      - target: greeting
        condition: «again
`;

describe("readBlandCliFile", () => {
  it("places each pointer of the converted pathway on the YAML key it came from (a node on its name's line)", () => {
    const { wanted, found } = places(PROJECT, [
      "/nodes/0/globalConfig/globalPrompt",
      "/nodes/1",
      "/nodes/1/data/prompt",
      "/edges/0",
      "/edges/0/target",
      "/edges/0/label",
      "/nodes/2/type",
      "/nodes/2/data/transferNumber",
      "/nodes/2/data/extractVars/0/0",
      "/nodes/2/data/extractVars/0/1",
      "/edges/1/label",
    ]);
    expect(found).toEqual(wanted);
  });

  it("converts as bland-cli does: the first key starts, a missing type is Default, a condition stands in for a missing label", () => {
    const doc = readBlandCliFile(marked(PROJECT).text, "yaml");
    const value = doc.value as { nodes: { id?: string; type?: string; data?: Record<string, unknown> }[]; edges: Record<string, unknown>[] };
    expect(value.nodes.map((n) => [n.id, n.type, n.data?.isStart])).toEqual([
      [undefined, undefined, undefined],
      ["greeting", "Default", true],
      ["lookup", "Transfer Call", undefined],
    ]);
    expect(value.edges.map((e) => [e.id, e.label])).toEqual([
      ["reactflow__edge-greeting-lookup", "Caller asks"],
      ["reactflow__edge-lookup-greeting", "again"],
    ]);
    expect(doc.diagnostics).toEqual([]);
  });

  it("reports what makes bland-cli refuse a file, at its line: no name, an edge to no node, a repeated key", () => {
    const { text, marks } = marked("«nodes:\n  a:\n    edges:\n      - target: «nowhere\n  b:\n    prompt: once\n  «b:\n    prompt: again\n");
    const doc = readBlandCliFile(text, "yaml");
    expect(doc.diagnostics.map((d) => [d.ruleId, d.range?.start.line, d.range?.start.column])).toEqual([
      ["bland-cli-file", marks[2]!.line, marks[2]!.column],
      ["bland-cli-file", marks[0]!.line, marks[0]!.column],
      ["bland-cli-file", marks[1]!.line, marks[1]!.column],
    ]);
    expect(doc.diagnostics.map((d) => d.message).join("\n")).toMatch(/repeated key[\s\S]*no "name"[\s\S]*"nowhere"/);
  });

  it("tells an API pathway (nodes as a list) from a bland-cli file", () => {
    const doc = readBlandCliFile('{"nodes": [{"id": "a"}]}', "json");
    expect(doc.ok).toBe(false);
    expect(doc.diagnostics[0]!.message).toContain("not a bland-cli file");
  });
});
