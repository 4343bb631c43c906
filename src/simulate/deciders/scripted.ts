// The scripted decider: the turn names the edge to take (`take:`); fully deterministic. Without `take:` it stays.
import type { Candidate, Decider, Decision } from "../types.js";

function norm(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

function describe(c: Candidate): string {
  const target = c.targetName ? `"${c.targetName}" (id ${c.targetId})` : `id ${c.targetId}`;
  return c.kind === "global"
    ? `global ${target}`
    : `edge ${c.id} → ${target}${c.label ? ` "${c.label.length > 60 ? `${c.label.slice(0, 57)}...` : c.label}"` : ""}`;
}

/**
 * Resolves a `take:` reference against the candidates, trying in order: edge id, edge label, target node id, target
 * node name (global nodes also by their globalLabel). Several matches at the first level that matches are an error.
 */
export function resolveTake(candidates: readonly Candidate[], take: string): Decision {
  // Fast path: an edge id that names exactly one choice (what generated scenarios write).
  let byId = -1;
  for (let i = 0; i < candidates.length; i++) {
    if (candidates[i]!.kind === "edge" && candidates[i]!.id === take) {
      if (byId >= 0) {
        byId = -2;
        break;
      }
      byId = i;
    }
  }
  if (byId >= 0) return { kind: "take", index: byId, reason: `take: "${take}"` };
  const wanted = norm(take);
  const levels: ((c: Candidate) => boolean)[] = [
    (c) => c.kind === "edge" && c.id === take,
    (c) => c.kind === "edge" && norm(c.label) === wanted,
    (c) => c.targetId === take,
    (c) => c.targetName !== undefined && norm(c.targetName) === wanted,
    (c) => c.kind === "global" && norm(c.label) === wanted,
  ];
  for (const level of levels) {
    const indexes = candidates.flatMap((c, i) => (level(c) ? [i] : []));
    if (indexes.length === 1) return { kind: "take", index: indexes[0]!, reason: `take: "${take}"` };
    if (indexes.length > 1) {
      return {
        kind: "error",
        reason: `take: "${take}" matches ${indexes.length} choices (${indexes.map((i) => describe(candidates[i]!)).join("; ")}); name the edge by its id.`,
      };
    }
  }
  const options = candidates.length === 0 ? "none (no outgoing edges and no global nodes)" : candidates.map(describe).join("; ");
  return { kind: "error", reason: `take: "${take}" is not a choice here. Choices: ${options}.` };
}

/** Lists a candidate for messages and the chat's /edges. */
export function describeCandidate(c: Candidate): string {
  return describe(c);
}

/** The scripted decider: turns without `take:` stay at the node (its condition is not met yet). */
export function createScriptedDecider(): Decider {
  return {
    name: "scripted",
    decide: () => ({ kind: "stay", reason: "no take: in this turn, so the node's condition is not met yet" }),
  };
}
