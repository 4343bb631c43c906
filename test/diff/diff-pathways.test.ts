
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusValue, itCorpus } from "../support/corpus.js";
import { applyChanges, getPathwayDiff, IGNORED_FIELDS } from "../../src/diff/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { mutatePathway, shuffleEntries, type Mutation } from "./mutate.js";

const real = (name: string): Record<string, unknown> => corpusValue<Record<string, unknown>>(name);

describe("getPathwayDiff on real versions", () => {
  itCorpus("finds exactly the webhook URL change between two versions of the restaurant pathway", () => {
    const diff = getPathwayDiff(real("restaurant-history-6ebf769.json"), real("restaurant-2024-get-dump.json"));
    expect(diff.equal).toBe(false);
    expect(diff.changes).toEqual([
      {
        entity: "node",
        op: "change",
        kind: "webhook",
        path: ["data", "url"],
        nodeId: "74e3fdcc-7f38-4e2f-80d3-76618eff8967",
        name: "Send the order",
        before: "https://mom-ai-restaurant-stage-1709afd7171d.herokuapp.com/post-phone-order",
        after: "https://mom-ai-restaurant.pro/post-voice-order",
        pointerA: "/nodes/6/data/url",
        pointerB: "/nodes/6/data/url",
        words: expect.any(Array),
      },
    ]);
    expect(diff.summary).toMatchObject({ nodesChanged: 1, nodesAdded: 0, nodesRemoved: 0, edgesAdded: 0, edgesRemoved: 0, edgesChanged: 0 });
  });

  itCorpus("gives the second version back when the changes are applied to the first", () => {
    const a = real("restaurant-history-6ebf769.json");
    const b = real("restaurant-2024-get-dump.json");
    expect(applyChanges(a, getPathwayDiff(a, b).changes)).toEqual(b);
  });

  itCorpus("sees an unrelated pathway as every node and edge replaced, and still replays it", () => {
    const a = real("restaurant-history-6ebf769.json");
    const b = real("receptionist-auto-shop.json");
    const diff = getPathwayDiff(a, b);
    expect(diff.summary.nodesRemoved).toBe(12);
    expect(getPathwayDiff(applyChanges(a, diff.changes), b).equal).toBe(true);
  });
});

const base = {
  name: "P",
  nodes: [
    {
      id: "1",
      type: "Default",
      data: { name: "Start", isStart: true, prompt: "Greet the caller warmly and ask how you can help with their booking today." },
      position: { x: 0, y: 0 },
    },
    { id: "2", type: "Default", data: { name: "Book", prompt: "Ask for the date and the number of guests, then confirm the booking details." } },
    { id: "3", type: "End Call", data: { name: "Bye", text: "Goodbye!" } },
  ],
  edges: [
    { id: "e1", source: "1", target: "2", label: "wants to book" },
    { id: "e2", source: "2", target: "3", label: "done" },
  ],
};
const edit = (fn: (p: typeof base) => void) => {
  const copy = structuredClone(base);
  fn(copy);
  return copy;
};

describe("getPathwayDiff", () => {
  it("reports a node whose id changed but whose content stayed as a rename, with its edges unchanged", () => {
    const b = edit((p) => {
      p.nodes[1]!.id = "randomnode_1712345";
      p.edges[0]!.target = "randomnode_1712345";
      p.edges[1]!.source = "randomnode_1712345";
      p.nodes[1]!.data.prompt += " Be brief.";
    });
    const diff = getPathwayDiff(base, b);
    expect(diff.changes.map((c) => [c.entity, c.op, c.path.join("."), c.fromId ?? c.nodeId])).toEqual([
      ["node", "rename", "", "2"],
      ["node", "change", "data.prompt", "randomnode_1712345"],
    ]);
    expect(diff.changes[0]!.similarity).toBeGreaterThan(0.8);
    expect(diff.summary).toMatchObject({ nodesRenamed: 1, nodesChanged: 1, edgesChanged: 0 });
  });

  it("reports a new id with different content as one node removed and one added", () => {
    const b = edit((p) => {
      p.nodes[2] = { id: "9", type: "Default", data: { name: "Transfer", text: "Connecting you to a human agent now, please hold." } };
      p.edges[1]!.target = "9";
    });
    const ops = getPathwayDiff(base, b).changes.map((c) => `${c.entity}:${c.op}`);
    expect(ops).toEqual(["node:add", "node:remove", "edge:add", "edge:remove"]);
  });

  it("matches edges by source, target and label, not by their regenerated ids", () => {
    const b = edit((p) => {
      p.edges[0]!.id = "reactflow__edge-1-Book";
      p.edges.reverse();
    });
    expect(getPathwayDiff(base, b).equal).toBe(true);
    expect(getPathwayDiff(base, b, { includeLayout: true }).changes).toEqual([
      expect.objectContaining({
        entity: "edge",
        op: "change",
        path: ["id"],
        before: "e1",
        after: "reactflow__edge-1-Book",
        pointerA: "/edges/0/id",
        pointerB: "/edges/1/id",
      }),
    ]);
  });

  it("reports a relabelled edge as one label change on the same endpoints", () => {
    const b = edit((p) => {
      p.edges[1]!.label = "booking confirmed";
    });
    expect(getPathwayDiff(base, b).changes).toEqual([
      {
        entity: "edge",
        op: "change",
        kind: "routing",
        path: ["label"],
        edge: { source: "2", target: "3", label: "done", occurrence: 0 },
        before: "done",
        after: "booking confirmed",
        pointerA: "/edges/1/label",
        pointerB: "/edges/1/label",
      },
    ]);
  });

  it("ignores every documented UI-only field by default and shows them with includeLayout", () => {
    const b = edit((p) => {
      const n = p.nodes[0] as Record<string, unknown>;
      n.position = { x: 5, y: 9 };
      Object.assign(n, { width: 200, height: 80, positionAbsolute: { x: 5, y: 9 }, dragging: false, selected: true });
      Object.assign(p.nodes[1]!.data, { active: true, isHighlighted: false });
      const e = p.edges[0] as Record<string, unknown>;
      Object.assign(e, { id: "reactflow__edge-x", type: "custom", data: { label: e.label, isHighlighted: true } });
      delete e.label;
    });
    expect(getPathwayDiff(base, b).equal).toBe(true);
    const layout = getPathwayDiff(base, b, { includeLayout: true });
    expect(layout.changes.map((c) => `${c.entity}:${c.path.join(".")}`).sort()).toEqual(
      [
        "edge:data",
        "edge:id",
        "edge:label",
        "edge:type",
        "node:data.active",
        "node:data.isHighlighted",
        "node:dragging",
        "node:height",
        "node:position.x",
        "node:position.y",
        "node:positionAbsolute",
        "node:selected",
        "node:width",
      ].sort(),
    );
    expect(layout.ignoredFields).toEqual([]);
    expect(getPathwayDiff(base, b).ignoredFields).toEqual([...IGNORED_FIELDS]);
  });

  it("shows a long prompt change word by word", () => {
    const b = edit((p) => {
      p.nodes[1]!.data.prompt = "Ask for the date, the time and the number of guests, then confirm the booking details.";
    });
    const [change] = getPathwayDiff(base, b).changes;
    expect(change!.words!.filter((w) => w.added || w.removed)).toEqual([
      { value: ",", added: true },
      { value: "the time ", added: true },
    ]);
    // Whitespace is kept token for token: the parts give back both texts exactly.
    expect(
      change!
        .words!.filter((w) => !w.added)
        .map((w) => w.value)
        .join(""),
    ).toBe(change!.before);
    expect(
      change!
        .words!.filter((w) => !w.removed)
        .map((w) => w.value)
        .join(""),
    ).toBe(change!.after);
  });

  it("compares the global prompt pseudo-entry and top-level fields", () => {
    const a = { ...base, nodes: [...base.nodes, { globalConfig: { globalPrompt: "Be kind." } }] };
    const b = { ...a, name: "Q", version_number: 3, nodes: [...base.nodes, { globalConfig: { globalPrompt: "Be brief." } }] };
    expect(getPathwayDiff(a, b).changes.map((c) => [c.entity, c.op, c.path.join("."), c.pointerB])).toEqual([
      ["pathway", "change", "name", "/name"],
      ["pathway", "add", "version_number", "/version_number"],
      ["globalConfig", "change", "0.globalConfig.globalPrompt", "/nodes/3/globalConfig/globalPrompt"],
    ]);
  });

  it("treats missing edges, `edges: false` and an empty list alike, and never throws on junk", () => {
    expect(getPathwayDiff({ nodes: [] }, { nodes: [], edges: false }).changes).toEqual([]);
    expect(getPathwayDiff({ nodes: [], edges: [] }, { nodes: [] }).changes).toEqual([]);
    for (const junk of [null, 3, "x", [], { nodes: "no" }, { nodes: [null, 1, { id: 5 }], edges: [null, { source: {} }] }]) {
      expect(() => getPathwayDiff(junk, base)).not.toThrow();
      expect(getPathwayDiff(junk, junk).equal).toBe(true);
    }
  });

  it("keeps `__proto__` keys as data", () => {
    const a = JSON.parse('{"nodes":[{"id":"1","type":"Default","data":{"__proto__":{"x":1}}}],"edges":[]}');
    const b = JSON.parse('{"nodes":[{"id":"1","type":"Default","data":{"__proto__":{"x":2}}}],"edges":[]}');
    const diff = getPathwayDiff(a, b);
    expect(diff.changes.map((c) => c.path)).toEqual([["data", "__proto__", "x"]]);
    expect(getPathwayDiff(applyChanges(a, diff.changes), b).equal).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("reports a changed top-level `__proto__` key, with or without includeLayout", () => {
    const a = JSON.parse('{"__proto__":1,"nodes":[],"edges":[]}');
    const b = JSON.parse('{"__proto__":2,"nodes":[],"edges":[]}');
    for (const includeLayout of [false, true]) {
      const diff = getPathwayDiff(a, b, { includeLayout });
      expect(diff.changes).toEqual([
        { entity: "pathway", op: "change", kind: "metadata", path: ["__proto__"], before: 1, after: 2, pointerA: "/__proto__", pointerB: "/__proto__" },
      ]);
      expect(getPathwayDiff(applyChanges(a, diff.changes, { includeLayout }), b, { includeLayout }).equal).toBe(true);
    }
  });
});

const WORDS = ["menu", "refund", "hours", "human", "address"];
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(
    "prompt",
    "rename",
    "remove-node",
    "position",
    "condition",
    "drop-prompt",
    "label",
    "move-label",
    "remove-edge",
    "edge-id",
    "duplicate-edge",
    "edge-description",
    "add-node",
    "add-edge",
    "name",
    "global-prompt",
  ),
  at: fc.nat(1000),
  word: fc.constantFrom(...WORDS),
}) as fc.Arbitrary<Mutation>;
const pathwayArb = fc
  .record({ seed: fc.integer({ min: 1, max: 10_000 }), nodes: fc.integer({ min: 2, max: 25 }) })
  .map((o) => generatePathway({ nodes: o.nodes, seed: o.seed }));

describe("getPathwayDiff properties", () => {
  it("finds no change between a pathway and itself", () => {
    fc.assert(
      fc.property(pathwayArb, fc.array(mutation, { maxLength: 6 }), (p, ms) => {
        const a = mutatePathway(p, ms);
        return getPathwayDiff(a, a).equal && getPathwayDiff(a, structuredClone(a), { includeLayout: true }).equal;
      }),
    );
  });

  it("ignores the order of nodes and edges", () => {
    fc.assert(
      fc.property(pathwayArb, fc.array(mutation, { maxLength: 6 }), fc.nat(), (p, ms, seed) => {
        const a = mutatePathway(p, ms);
        return getPathwayDiff(a, shuffleEntries(a, seed), { includeLayout: true }).equal;
      }),
    );
  });

  it("gives b (up to ignored fields) when the changes are applied to a, and leaves a untouched", () => {
    fc.assert(
      fc.property(
        pathwayArb,
        fc.array(mutation, { maxLength: 8 }),
        fc.array(mutation, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (p, ma, mb, includeLayout) => {
          const a = mutatePathway(p, ma);
          const b = shuffleEntries(mutatePathway(a, mb), mb.length);
          const frozen = structuredClone(a);
          const diff = getPathwayDiff(a, b, { includeLayout });
          const result = applyChanges(a, diff.changes, { includeLayout });
          expect(a).toEqual(frozen);
          expect(getPathwayDiff(result, b, { includeLayout }).changes).toEqual([]);
          return true;
        },
      ),
      { numRuns: Number(process.env.DIFF_RUNS ?? 300) },
    );
  });
});
