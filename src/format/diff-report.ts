// What every diff formatter shares: its options and signature over the diff layer's VersionsDiff, and the helpers that name changes.
import { toCount, toNounForm } from "../escape/count.js";
import type { DiffSummary, PathwayChange, PathwayDiff, TextHunk, TextUnit, VersionsDiff, WordPart } from "../diff/index.js";

/** Options of a diff formatter. */
export interface DiffFormatOptions {
  /** ANSI colours (text format only). Default false. */
  color?: boolean;
  /** Markdown only: the longest output; past it the largest details are cut, with a note. 0 for no limit. Default 65,536 (GitHub's comment limit). */
  maxChars?: number;
  /** Markdown only: the command that prints the full diff, named in the note when details are cut. */
  fullDiffCommand?: string;
  /** The kinds the diff was filtered to (`--only`), for the header. */
  only?: readonly string[];
}

/** A pure diff formatter. */
export type DiffFormatter = (input: VersionsDiff, options?: DiffFormatOptions) => string;

/** A field path for people: `data.prompt`, `data.routes[0].targetNodeId` (raw text: each writer escapes it for its language). */
export function toFieldPath(path: readonly string[]): string {
  let out = "";
  for (const key of path) {
    if (/^\d+$/.test(key)) out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** A JSON value on one line, cut to `max` characters. */
export function toShortValue(value: unknown, max = 120): string {
  const text = value === undefined ? "(none)" : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How an entity is named: `node "Greeting" (id 1)`, `edge 1 → 2 "yes"`, `pathway` (raw text: each writer escapes it for its language). */
export function describeEntity(change: PathwayChange): string {
  if (change.entity === "node") return change.name ? `node "${change.name}" (id ${change.nodeId})` : `node id ${change.nodeId}`;
  if (change.entity === "edge" && change.edge) {
    const label = change.edge.label === null ? "(no label)" : JSON.stringify(change.edge.label);
    return `edge ${change.edge.source} → ${change.edge.target} ${label}${change.edge.occurrence > 0 ? ` #${change.edge.occurrence + 1}` : ""}`;
  }
  return change.entity === "globalConfig" ? "global config" : "pathway";
}

/** Groups changes by the entity they belong to, in order of first appearance. */
export function groupChanges(changes: readonly PathwayChange[]): { key: string; changes: PathwayChange[] }[] {
  const groups = new Map<string, PathwayChange[]>();
  for (const c of changes) {
    const key =
      c.entity === "node" ? `node:${c.nodeId}` : c.entity === "edge" ? `edge:${JSON.stringify(c.edge)}:${c.path.length === 0 ? c.op : "change"}` : c.entity;
    const list = groups.get(key);
    if (list) list.push(c);
    else groups.set(key, [c]);
  }
  return [...groups].map(([key, list]) => ({ key, changes: list }));
}

/** One-line summary: "1 node changed, 2 edges added". */
export function toSummaryLine(s: DiffSummary): string {
  const parts: string[] = [];
  const add = (n: number, noun: string, what: string) => {
    if (n > 0) parts.push(`${toCount(n, noun)} ${what}`);
  };
  add(s.nodesAdded, "node", "added");
  add(s.nodesRemoved, "node", "removed");
  add(s.nodesRenamed, "node", "renamed");
  add(s.nodesChanged, "node", "changed");
  add(s.edgesAdded, "edge", "added");
  add(s.edgesRemoved, "edge", "removed");
  add(s.edgesChanged, "edge", "changed");
  add(s.pathwayFieldsChanged, "pathway field", "changed");
  return parts.length === 0 ? "no differences" : parts.join(", ");
}

/** The old side of a changed unit, from its word parts. */
export function toOldText(words: readonly WordPart[]): string {
  return words
    .filter((w) => !w.added)
    .map((w) => w.value)
    .join("");
}

/** What a unit is called in messages, singular or plural. */
export function toUnitName(unit: TextUnit, n: number): string {
  return toNounForm(n, unit === "sentence" ? "sentence" : "line");
}

/** "3 prompt, 2 routing": the kinds with changes, in the diff layer's order. */
export function toKindLine(diff: PathwayDiff): string {
  return Object.entries(diff.summary.byKind)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ");
}

/**
 * Word parts with long unchanged runs shortened to `keep` characters on the side that touches a change (both sides
 * for a run between changes), joined by " … ": a one-word edit in a 20,000-character line shows as a few words
 * around it. Changed parts are never shortened.
 */
export function toElidedWords(words: readonly WordPart[], keep = 120): WordPart[] {
  return words.map((w, i) => {
    if (w.added || w.removed) return w;
    const first = i === 0;
    const last = i === words.length - 1;
    const v = w.value;
    if (first && last) return v.length > 2 * keep ? { value: `${v.slice(0, keep)} …` } : w;
    if (first) return v.length > keep + 10 ? { value: `… ${v.slice(v.length - keep)}` } : w;
    if (last) return v.length > keep + 10 ? { value: `${v.slice(0, keep)} …` } : w;
    return v.length > 2 * keep + 10 ? { value: `${v.slice(0, keep)} … ${v.slice(v.length - keep)}` } : w;
  });
}

/** An unchanged context unit cut to `max` characters (what is left out is marked with "…"). */
export function toShortContext(text: string, max = 240): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A hunk of sentences as one run of word parts (context unchanged, whole units removed or added), same-side parts merged. */
export function toHunkWords(hunk: TextHunk): WordPart[] {
  const out: WordPart[] = [];
  const parts = hunk.lines.flatMap((l): WordPart[] =>
    l.op === "~" ? (l.words ?? []) : [{ value: l.text, ...(l.op === "-" && { removed: true }), ...(l.op === "+" && { added: true }) }],
  );
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && !last.added === !p.added && !last.removed === !p.removed) last.value += p.value;
    else out.push({ ...p });
  }
  return out;
}
