// fixPathway (lint --fix on one document): for any pathway, only what the safe fixes cover changes, and a second run fixes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixPathway } from "../../src/lint/index.js";
import { toTidyLabel } from "../../src/lint/rules/edge-label-whitespace.js";
import { validPathway } from "../support/arbitraries.js";

type Edge = { id?: unknown; label?: unknown; data?: { label?: unknown } };
const labelOf = (e: Edge) => (typeof e.label === "string" ? e.label : typeof e.data?.label === "string" ? e.data.label : undefined);

describe("fixPathway", () => {
  it("changes only repeated edge ids and labels' stray whitespace (and a byte-order mark), and a second run changes nothing", () => {
    fc.assert(
      fc.property(validPathway, fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 2, "\t"), fc.boolean(), (pathway, distinct, indent, bom) => {
        // Repeat some edge ids, and give some labels whitespace around and inside.
        const edges = (pathway.edges as Edge[]).map((e, i) => {
          const label = labelOf(e);
          const messy = label !== undefined && i % 2 === 0 ? ` ${label.replace(/ /g, "  ")}\t` : label;
          return "data" in e && e.data ? { ...e, id: `e${i % distinct}`, data: { ...e.data, label: messy } } : { ...e, id: `e${i % distinct}`, label: messy };
        });
        const input = { ...pathway, edges };
        const text = (bom ? "\uFEFF" : "") + JSON.stringify(input, null, indent);
        const result = fixPathway(text);
        const fixed = JSON.parse((result.output ?? text).replace(/^\uFEFF/, "")) as typeof input;
        // Ids: unique, each the old one or the old one with a number after it.
        const ids = fixed.edges.map((e) => e.id as string);
        expect(new Set(ids).size).toBe(ids.length);
        fixed.edges.forEach((e, i) => expect(String(e.id)).toMatch(new RegExp(`^e${i % distinct}(-\\d+)?$`)));
        // Labels: tidy when they held words, else as they were; everything else untouched.
        const tidy = (e: Edge) => {
          const label = labelOf(e);
          const next = label === undefined || label.trim() === "" ? label : toTidyLabel(label);
          return "data" in e && e.data ? { ...e, id: 0, data: { ...e.data, label: next } } : { ...e, id: 0, label: next };
        };
        expect({ ...fixed, edges: fixed.edges.map(tidy) }).toEqual({ ...input, edges: input.edges.map(tidy) });
        // The mark goes with the fix; nothing fixable is left, and fixing again changes nothing.
        if (result.output !== undefined) expect(result.output.startsWith("\uFEFF")).toBe(false);
        expect(result.diagnostics.filter((d) => d.fix)).toEqual([]);
        expect(fixPathway(result.output ?? text).output).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a byte-order mark when its rule is off, and leaves a file that does not parse as it is", () => {
    const text =
      '\uFEFF{"nodes": [{"id": "a", "type": "Default", "data": {"name": "A", "isStart": true, "text": "Hi"}}], "edges": [{"id": "x", "source": "a", "target": "a", "label": " again "}]}';
    const kept = fixPathway(text, { rules: { "byte-order-mark": "off" } });
    expect(kept.output).toBe(text.replace('" again "', '"again"'));
    expect(fixPathway('{"nodes": [').output).toBeUndefined();
  });
});
