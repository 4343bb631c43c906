// The fingerprint of a pathway version: sha256 of its canonical JSON, so key order and whitespace do not count.
import { createHash } from "node:crypto";
import { toCanonicalJson } from "../model/canonical.js";
import { getEdgeLabel, isObject } from "../model/pathway.js";
import type { PathwayEdge } from "../model/schema.js";

/** `sha256:<hex>` of the pathway's canonical JSON. */
export function getPathwayHash(pathway: unknown): string {
  return `sha256:${createHash("sha256").update(toCanonicalJson(pathway)).digest("hex")}`;
}

/**
 * The parts of a pathway a version holds and a chat runs: nodes and edges, each edge's label in both places the service
 * uses (top level and data.label) and no empty `data`. So a local file and the version the service stored from it
 * compare equal whichever placement either uses; names, descriptions and bookkeeping (version_number...) do not count.
 */
export function toContentView(pathway: Record<string, unknown>): { nodes: unknown[]; edges: unknown[] } {
  const edges = (Array.isArray(pathway.edges) ? pathway.edges : []).map((edge) => {
    if (!isObject(edge)) return edge;
    const label = getEdgeLabel(edge as PathwayEdge);
    const { label: _top, data, ...rest } = edge;
    const inner: Record<string, unknown> = isObject(data) ? { ...data } : {};
    delete inner.label;
    const out: Record<string, unknown> = { ...rest };
    if (label !== undefined) {
      out.label = label;
      inner.label = label;
    }
    if (Object.keys(inner).length > 0) out.data = inner;
    return out;
  });
  return { nodes: Array.isArray(pathway.nodes) ? pathway.nodes : [], edges };
}

/** `sha256:` of a pathway's content (see toContentView): what push --draft records and publish compares. */
export function getContentHash(pathway: Record<string, unknown>): string {
  return getPathwayHash(toContentView(pathway));
}
