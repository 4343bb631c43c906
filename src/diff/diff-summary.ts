// Counting a diff's changes, and narrowing a diff to some kinds of change.
import { countByKind, type ChangeKind } from "./change-kind.js";
import type { DiffEntity, DiffOp, DiffSummary, PathwayChange, PathwayDiff } from "./diff-types.js";
import type { LikelyLoss } from "./likely-losses.js";

/**
 * Counts what changed: whole nodes and edges added, removed or renamed; nodes and edges with field changes; pathway and
 * global-config fields; and every change by kind.
 */
export function toDiffSummary(changes: readonly PathwayChange[]): DiffSummary {
  const whole = (entity: DiffEntity, op: DiffOp) => changes.filter((c) => c.entity === entity && c.op === op && c.path.length === 0).length;
  const changedNodes = new Set<string>();
  const changedEdges = new Set<string>();
  for (const c of changes) {
    if (c.path.length === 0) continue;
    if (c.entity === "node" && c.nodeId !== undefined) changedNodes.add(c.nodeId);
    else if (c.entity === "edge") changedEdges.add(JSON.stringify(c.edge));
  }
  return {
    nodesAdded: whole("node", "add"),
    nodesRemoved: whole("node", "remove"),
    nodesRenamed: whole("node", "rename"),
    nodesChanged: changedNodes.size,
    edgesAdded: whole("edge", "add"),
    edgesRemoved: whole("edge", "remove"),
    edgesChanged: changedEdges.size,
    pathwayFieldsChanged: changes.filter((c) => c.entity === "pathway" || c.entity === "globalConfig").length,
    byKind: countByKind(changes),
  };
}

/** The losses that belong to a kind: variables for extractVars entries, routing for the rest. */
const LOSS_KIND: Record<LikelyLoss["type"], ChangeKind> = {
  "edge-label-removed": "routing",
  "edge-removed": "routing",
  "extract-var-removed": "variables",
  "route-removed": "routing",
  "dangling-reference": "routing",
};

/** The diff restricted to changes (and likely losses) of the given kinds, with the summary counted again. */
export function filterDiffByKind(diff: PathwayDiff, kinds: readonly ChangeKind[]): PathwayDiff {
  const keep = new Set(kinds);
  const changes = diff.changes.filter((c) => keep.has(c.kind));
  return { ...diff, equal: changes.length === 0, changes, summary: toDiffSummary(changes), losses: diff.losses.filter((l) => keep.has(LOSS_KIND[l.type])) };
}
