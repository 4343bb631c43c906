// Every change is labelled with what it is about, the summary counts by kind, and --only keeps the kinds asked for.
import { describe, expect, it } from "vitest";
import { CHANGE_KINDS, filterDiffByKind, getChangeKind, getPathwayDiff, type ChangeKind } from "../../src/diff/index.js";

const cases: [string, { entity: string; op: string; path: string[] }, ChangeKind][] = [
  ["a prompt", { entity: "node", op: "change", path: ["data", "prompt"] }, "prompt"],
  ["static text", { entity: "node", op: "change", path: ["data", "text"] }, "prompt"],
  ["a knowledge base", { entity: "node", op: "change", path: ["data", "kb"] }, "prompt"],
  ["a node added", { entity: "node", op: "add", path: [] }, "routing"],
  ["a node's type", { entity: "node", op: "change", path: ["type"] }, "routing"],
  ["an edge label", { entity: "edge", op: "change", path: ["label"] }, "routing"],
  ["an edge condition", { entity: "edge", op: "change", path: ["data", "condition", "0", "value"] }, "routing"],
  ["a Route target", { entity: "node", op: "change", path: ["data", "routes", "0", "targetNodeId"] }, "routing"],
  ["a webhook response route", { entity: "node", op: "change", path: ["data", "responsePathways", "1"] }, "routing"],
  ["an extractVars entry", { entity: "node", op: "change", path: ["data", "extractVars", "2", "2"] }, "variables"],
  ["webhook responseData", { entity: "node", op: "add", path: ["data", "responseData"] }, "variables"],
  [
    "a tool's response mapping",
    { entity: "node", op: "change", path: ["data", "tools", "0", "config", "tool", "tool", "response_data", "0", "data"] },
    "variables",
  ],
  ["a tool's url", { entity: "node", op: "change", path: ["data", "tools", "0", "config", "tool", "tool", "body", "url"] }, "webhook"],
  ["a webhook url", { entity: "node", op: "change", path: ["data", "url"] }, "webhook"],
  ["a webhook body", { entity: "node", op: "change", path: ["data", "body"] }, "webhook"],
  ["webhook headers", { entity: "node", op: "change", path: ["data", "headers", "0", "1"] }, "webhook"],
  ["a transfer number", { entity: "node", op: "change", path: ["data", "transferNumber"] }, "transfer"],
  ["warm transfer settings", { entity: "node", op: "change", path: ["data", "warmTransferFields", "agentPrompt"] }, "transfer"],
  ["a global label", { entity: "node", op: "change", path: ["data", "globalLabel"] }, "globals"],
  ["the global prompt entry", { entity: "globalConfig", op: "change", path: ["0", "globalConfig", "globalPrompt"] }, "globals"],
  ["model options", { entity: "node", op: "change", path: ["data", "modelOptions", "temperature"] }, "model"],
  ["a node name", { entity: "node", op: "change", path: ["data", "name"] }, "metadata"],
  ["the pathway name", { entity: "pathway", op: "change", path: ["name"] }, "metadata"],
  ["a position (with includeLayout)", { entity: "node", op: "change", path: ["position", "x"] }, "layout"],
  ["an edge id (with includeLayout)", { entity: "edge", op: "change", path: ["id"] }, "layout"],
  ["an unknown data field", { entity: "node", op: "change", path: ["data", "somethingNew"] }, "other"],
];

describe("getChangeKind", () => {
  for (const [what, change, kind] of cases) {
    it(`labels ${what} as ${kind}`, () => {
      expect(getChangeKind(change)).toBe(kind);
    });
  }
  it("has a case for every kind", () => {
    expect(new Set(cases.map((c) => c[2]))).toEqual(new Set(CHANGE_KINDS));
  });
});

const a = {
  nodes: [
    {
      id: "1",
      type: "Default",
      data: {
        name: "Start",
        isStart: true,
        prompt: "Ask for the order.",
        extractVars: [
          ["item", "string", "what they order"],
          ["size", "string", "which size"],
        ],
      },
    },
    { id: "2", type: "Webhook", data: { name: "Send", url: "https://x.test/a", body: '{"item": "{{item}}"}' } },
    { id: "3", type: "End Call", data: { name: "Bye", text: "Bye" } },
  ],
  edges: [
    { id: "e1", source: "1", target: "2", label: "ordered" },
    { id: "e2", source: "2", target: "3", label: "sent" },
  ],
};

describe("summary by kind and --only", () => {
  const b = structuredClone(a);
  b.nodes[0]!.data.prompt = "Ask for the order politely.";
  b.nodes[0]!.data.extractVars = [["item", "string", "what they order"]];
  b.nodes[1]!.data.url = "https://x.test/b";
  b.edges[0]!.label = "placed an order";

  it("counts every change by kind", () => {
    expect(getPathwayDiff(a, b).summary.byKind).toMatchObject({ prompt: 1, variables: 1, webhook: 1, routing: 1, transfer: 0 });
  });

  it("keeps only the kinds asked for, and counts again", () => {
    const only = filterDiffByKind(getPathwayDiff(a, b), ["routing", "variables"]);
    expect(only.changes.map((c) => c.kind).sort()).toEqual(["routing", "variables"]);
    expect(only.summary).toMatchObject({ nodesChanged: 1, edgesChanged: 1, byKind: { prompt: 0, webhook: 0, routing: 1, variables: 1 } });
    expect(only.losses.map((l) => l.type)).toEqual(["extract-var-removed"]);
    expect(filterDiffByKind(getPathwayDiff(a, b), ["transfer"]).equal).toBe(true);
  });
});

describe("likely losses", () => {
  it("calls out an extractVars entry removed", () => {
    const b = structuredClone(a);
    b.nodes[0]!.data.extractVars = [["item", "string", "what they order"]];
    expect(getPathwayDiff(a, b).losses).toEqual([
      {
        type: "extract-var-removed",
        nodeId: "1",
        pointer: "/nodes/0/data/extractVars",
        message: 'extractVars entry "size" removed from node "Start" (id 1): later uses of {{size}} get no value.',
      },
    ]);
  });

  it("calls out an edge label removed, and an edge removed between nodes that stay", () => {
    const b = structuredClone(a) as { nodes: unknown[]; edges: Record<string, unknown>[] };
    delete b.edges[0]!.label;
    expect(getPathwayDiff(a, b).losses.map((l) => [l.type, l.pointer])).toEqual([["edge-label-removed", "/edges/0"]]);
    b.edges.pop();
    expect(getPathwayDiff(a, b).losses.map((l) => [l.type, l.pointer])).toEqual([
      ["edge-label-removed", "/edges/0"],
      ["edge-removed", "/edges/1"],
    ]);
  });

  it("calls out a route removed from a Route node or a webhook", () => {
    const route = {
      nodes: [
        {
          id: "r",
          type: "Route",
          data: {
            name: "Pick",
            routes: [
              { conditions: [{ field: "x", value: "1", operator: "is" }], targetNodeId: "a" },
              { conditions: [], targetNodeId: "b" },
            ],
          },
        },
      ],
      edges: [],
    };
    const b = structuredClone(route);
    b.nodes[0]!.data.routes.pop();
    expect(getPathwayDiff(route, b).losses).toMatchObject([
      { type: "route-removed", nodeId: "r", message: 'route routes[1] → b removed from node "Pick" (id r).' },
    ]);
  });

  it("calls out a removed node that something still points at, once per node", () => {
    const b = structuredClone(a) as { nodes: unknown[]; edges: unknown[] };
    b.nodes.splice(1, 1);
    const losses = getPathwayDiff(a, b).losses;
    expect(losses).toEqual([
      {
        type: "dangling-reference",
        nodeId: "2",
        pointer: "/edges/0/target",
        message: 'node "Send" (id 2) was removed but 2 references still point at it: edge 1 → 2, edge 2 → 3.',
      },
    ]);
    b.edges = [];
    expect(getPathwayDiff(a, b).losses).toEqual([]);
  });

  it("follows the flow model's other ways too: a Route target, a fallback and a webhook response route", () => {
    const p = {
      nodes: [
        { id: "r", type: "Route", data: { name: "Pick", routes: [{ conditions: [], targetNodeId: "gone" }], fallbackNodeId: "gone" } },
        { id: "w", type: "Webhook", data: { name: "Hook", responsePathways: [["BlandStatusCode", "==", "200", { id: "gone", name: "Gone" }]] } },
        { id: "gone", type: "End Call", data: { name: "Bye" } },
      ],
      edges: [],
    };
    const b = structuredClone(p);
    b.nodes.pop();
    expect(getPathwayDiff(p, b).losses).toEqual([
      {
        type: "dangling-reference",
        nodeId: "gone",
        pointer: "/nodes/0/data/routes/0/targetNodeId",
        message: 'node "Bye" (id gone) was removed but 3 references still point at it: node r routes[0], node r fallbackNodeId, node w responsePathways[0].',
      },
    ]);
  });
});
