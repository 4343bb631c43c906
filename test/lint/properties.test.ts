// The linter on any input: never throws, and its findings do not depend on the order of nodes and edges.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getFindingLocation, lintPathway, lintValue } from "../../src/lint/index.js";
import type { Pathway } from "../../src/model/index.js";
import { shuffled, validPathway } from "../support/arbitraries.js";

/** Node-like objects with random data, including the fields the graph reads, in wrong shapes too. */
const messyPathway = fc.record({
  nodes: fc.array(
    fc.record(
      {
        id: fc.oneof(fc.constantFrom("a", "b", "c", "d"), fc.integer()),
        type: fc.constantFrom("Default", "End Call", "Route", "Webhook", "Transfer Call", 7),
        data: fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.record(
            {
              isStart: fc.boolean(),
              isGlobal: fc.boolean(),
              enableGlobalAutoReturn: fc.boolean(),
              prompt: fc.oneof(fc.constantFrom("{{a}}", "{{ b.c }}", "{{"), fc.integer()),
              routes: fc.oneof(fc.array(fc.record({ targetNodeId: fc.constantFrom("a", "b", "zz", 3) }), { maxLength: 2 }), fc.jsonValue({ maxDepth: 1 })),
              fallbackNodeId: fc.oneof(fc.constantFrom("a", "b", null), fc.integer()),
              responsePathways: fc.jsonValue({ maxDepth: 3 }),
              extractVars: fc.oneof(fc.constant([["a", "string", "x"]]), fc.jsonValue({ maxDepth: 2 })),
              responseData: fc.jsonValue({ maxDepth: 2 }),
              body: fc.jsonValue({ maxDepth: 3 }),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 8 },
  ),
  edges: fc.oneof(
    fc.array(
      fc.record(
        {
          id: fc.string(),
          source: fc.constantFrom("a", "b", "c", "x"),
          target: fc.constantFrom("a", "b", "c", "x"),
          label: fc.oneof(fc.string(), fc.constant(" ")),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 10 },
    ),
    fc.jsonValue({ maxDepth: 1 }),
  ),
});

describe("lint on any input", () => {
  it("never throws on arbitrary JSON or on messy pathways", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), messyPathway), (value) => {
        const result = lintPathway(JSON.stringify(value, null, 2));
        for (const d of result.diagnostics) expect(typeof d.message).toBe("string");
      }),
      { numRuns: 400 },
    );
  });

  it("reports the same findings (by rule and node or edge id) whatever the order of nodes and edges", () => {
    fc.assert(
      fc.property(validPathway, fc.integer(), (p, seed) => {
        const key = (value: Pathway) =>
          lintValue(value)
            .diagnostics.map((d) => `${d.ruleId} ${getFindingLocation(value, d.pointer)}`)
            .sort();
        const q = { ...p, nodes: shuffled(p.nodes, seed), edges: shuffled(p.edges ?? [], seed + 1) } as Pathway;
        // duplicate-edge-label names the later of two edges and trap-cycle the first node of the loop, both by file
        // order, so for them only the number of findings must match.
        const byOrder = /^(duplicate-edge-label|trap-cycle) /;
        const strip = (keys: string[]) => keys.map((k) => (byOrder.test(k) ? k.split(" ")[0]! : k));
        expect(strip(key(q)).sort()).toEqual(strip(key(p)).sort());
      }),
      { numRuns: 200 },
    );
  });
});
