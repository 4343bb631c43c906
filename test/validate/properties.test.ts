// Properties of the validator that hold for every input: it never throws, valid pathways round-trip and pass, order does not matter.
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { toCanonicalJson } from "../../src/model/index.js";
import { parseDocument } from "../../src/parse/index.js";
import { validatePathway, validateValue } from "../../src/validate/index.js";
import { shuffled, validPathway } from "../support/arbitraries.js";
import { fuzzRuns } from "../support/fuzz.js";

const runs = fuzzRuns(200);

describe("validator properties", () => {
  it("never throws on arbitrary JSON values, and every finding has a rule id, severity, message and pointer", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const d of validateValue(value)) {
          expect(d.ruleId).toMatch(/^[a-z0-9-]+$/);
          expect(["error", "warning"]).toContain(d.severity);
          expect(d.message.length).toBeGreaterThan(10);
          expect(d.pointer === "" || d.pointer.startsWith("/")).toBe(true);
        }
      }),
      { numRuns: runs },
    );
  });

  it("never throws on pathway-like objects whose parts are arbitrary", () => {
    const part = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({ id: fc.jsonValue({ maxDepth: 1 }), type: fc.jsonValue({ maxDepth: 1 }), data: fc.jsonValue({ maxDepth: 3 }) }),
    );
    fc.assert(
      fc.property(fc.record({ nodes: fc.array(part), edges: fc.oneof(fc.array(part), fc.jsonValue({ maxDepth: 1 })) }), (value) => {
        expect(() => validateValue(value)).not.toThrow();
      }),
      { numRuns: runs },
    );
  });

  it("never throws on arbitrary bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(() => validatePathway(bytes)).not.toThrow();
      }),
      { numRuns: runs },
    );
  });

  it("reports no error for a valid pathway, and load/serialise gives back the same value", () => {
    fc.assert(
      fc.property(validPathway, (pathway) => {
        const text = JSON.stringify(pathway, null, 2);
        const result = validatePathway(text);
        expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const loaded = parseDocument(text).value;
        // Compared with the pathway as JSON carries it (JSON has no -0, so -0 in the generated value is 0 on disk).
        expect(isDeepStrictEqual(JSON.parse(toCanonicalJson(loaded)), JSON.parse(text))).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it("keeps every value of arbitrary JSON documents through load and canonical serialisation, __proto__ keys included", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const loaded = parseDocument(JSON.stringify(value)).value;
        expect(isDeepStrictEqual(JSON.parse(toCanonicalJson(loaded)), JSON.parse(JSON.stringify(value)))).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it("finds the same problems whatever the order of nodes and edges", () => {
    const broken = validPathway.chain((p) =>
      fc.record({
        pathway: fc.constant(p),
        dangling: fc.boolean(),
        dupe: fc.boolean(),
        noStart: fc.boolean(),
        seed: fc.integer(),
      }),
    );
    fc.assert(
      fc.property(broken, ({ pathway, dangling, dupe, noStart, seed }) => {
        const nodes = structuredClone(pathway.nodes) as Record<string, any>[];
        const edges = structuredClone(pathway.edges ?? []) as Record<string, any>[];
        if (dangling) edges.push({ id: "dangling", source: "n0", target: "nowhere", label: "x" });
        if (dupe) nodes.push({ id: "n0", type: "End Call", data: { name: "copy", text: "bye" } });
        if (noStart) delete nodes[0]!.data.isStart;
        const key = (p: unknown) =>
          validateValue(p)
            .map((d) => (d.ruleId === "duplicate-node-id" ? d.ruleId : `${d.ruleId}: ${d.message.replace(/\[\d+\]/g, "[]")}`))
            .sort();
        const original = key({ ...pathway, nodes, edges });
        expect(key({ ...pathway, nodes: shuffled(nodes, seed), edges: shuffled(edges, seed + 1) })).toEqual(original);
      }),
      { numRuns: runs },
    );
  });
});
