// getContentHash: what push --draft records and publish compares ignores where a label sits, names, bookkeeping and order of keys, for every pathway.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getContentHash, toPushBody } from "../../src/remote/index.js";
import { validPathway } from "../support/arbitraries.js";
import "../support/fast-check-seed.js";
import { toStoredEdges } from "../support/fake-service.js";

/** Each edge with its label moved to the other place (top level <-> data.label). */
function moveLabels(pathway: Record<string, unknown>): Record<string, unknown> {
  const edges = (pathway.edges as Record<string, unknown>[]).map((edge) => {
    const data = { ...((edge.data as Record<string, unknown> | undefined) ?? {}) };
    if (typeof edge.label === "string") {
      const { label, ...rest } = edge;
      return { ...rest, data: { ...data, label } };
    }
    if (typeof data.label === "string") {
      const label = data.label;
      delete data.label;
      return { ...edge, label, data };
    }
    return edge;
  });
  return { ...pathway, edges };
}

describe("getContentHash", () => {
  it("is the same wherever each edge keeps its label, whatever the name and bookkeeping", () => {
    fc.assert(
      fc.property(validPathway, (p) => {
        const pathway = p as unknown as Record<string, unknown>;
        const hash = getContentHash(pathway);
        expect(getContentHash(moveLabels(pathway))).toBe(hash);
        expect(getContentHash({ ...pathway, name: "other", version_number: 3, is_latest: true })).toBe(hash);
      }),
    );
  });

  it("equals the hash of the body push sends and of what the service stores from it (labels in both places)", () => {
    fc.assert(
      fc.property(validPathway, (p) => {
        const pathway = p as unknown as Record<string, unknown>;
        const { body } = toPushBody(pathway);
        expect(getContentHash(body)).toBe(getContentHash(pathway));
        expect(getContentHash({ nodes: body.nodes, edges: toStoredEdges(body.edges) })).toBe(getContentHash(pathway));
        for (const edge of body.edges as { label?: unknown; data?: { label?: unknown } }[])
          if (edge.label !== undefined) expect(edge.data?.label).toBe(edge.label);
      }),
    );
  });

  it("differs when a node's text changes", () => {
    const a = { nodes: [{ id: "1", type: "Default", data: { text: "a" } }], edges: [] };
    const b = { nodes: [{ id: "1", type: "Default", data: { text: "b" } }], edges: [] };
    expect(getContentHash(a)).not.toBe(getContentHash(b));
  });
});
