// The input every diff formatter takes: the diff plus both pathway values and how to name them.
import { escapeTerminalText } from "../escape/terminal.js";

/** One piece of a word-level diff. */
export interface FormattableWord {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** The hunks of a long string's change, as formatters read them: structurally the diff layer's TextDiff. */
export interface FormattableTextDiff {
  unit: "line" | "sentence" | "json";
  oldUnits: number;
  newUnits: number;
  hunks: { oldStart: number; oldCount: number; newStart: number; newCount: number; lines: { op: " " | "-" | "+" | "~"; text: string; words?: FormattableWord[] }[] }[];
  sameJson?: boolean;
}

/**
 * The shape of one change as formatters read it: structurally the diff layer's PathwayChange (declared here because
 * formatters import nothing but diagnostics; a PathwayChange is assignable to it).
 */
export interface FormattableChange {
  entity: "pathway" | "globalConfig" | "node" | "edge";
  op: "add" | "remove" | "change" | "rename";
  path: string[];
  nodeId?: string;
  fromId?: string;
  name?: string;
  edge?: { source: string; target: string; label: string | null; occurrence: number };
  before?: unknown;
  after?: unknown;
  words?: FormattableWord[];
  /** Long strings: changed hunks of lines or sentences (or JSON lines), with context. */
  textDiff?: FormattableTextDiff;
  /** What the change is about: prompt, routing, variables, webhook, transfer, globals, model, metadata, layout, other. */
  kind?: string;
  similarity?: number;
  pointerA?: string;
  pointerB?: string;
}

/** The shape of a diff as formatters read it: structurally the diff layer's PathwayDiff. */
export interface FormattableDiff {
  equal: boolean;
  summary: {
    nodesAdded: number;
    nodesRemoved: number;
    nodesRenamed: number;
    nodesChanged: number;
    edgesAdded: number;
    edgesRemoved: number;
    edgesChanged: number;
    pathwayFieldsChanged: number;
    byKind?: Record<string, number>;
  };
  changes: FormattableChange[];
  ignoredFields: string[];
  /** Changes that often mean an accidental loss, each with a message for the reviewer. */
  losses?: { type: string; message: string; nodeId?: string; pointer: string }[];
}

/** What a diff formatter formats. `before`/`after` are the two pathway values (the diagram needs the graph). */
export interface DiffFormatInput {
  diff: FormattableDiff;
  before: unknown;
  after: unknown;
  /** How to name the first and second version, e.g. a file path or `remote:<id>`. */
  labelA: string;
  labelB: string;
}

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
export type DiffFormatter = (input: DiffFormatInput, options?: DiffFormatOptions) => string;

/** Text safe to print on a terminal: the one terminal escaper, kept under this name for the library API. */
export const toSafeText: (text: string) => string = escapeTerminalText;

/** A field path for people: `data.prompt`, `data.routes[0].targetNodeId`. */
export function toFieldPath(path: readonly string[]): string {
  let out = "";
  for (const key of path.map(toSafeText)) {
    if (/^\d+$/.test(key)) out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** A JSON value on one line, cut to `max` characters. */
export function toShortValue(value: unknown, max = 120): string {
  const text = value === undefined ? "(none)" : (JSON.stringify(value) ?? String(value));
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

/** How an entity is named: `node "Greeting" (id 1)`, `edge 1 → 2 "yes"`, `pathway`. */
export function describeEntity(change: FormattableChange): string {
  if (change.entity === "node") return toSafeText(change.name ? `node "${change.name}" (id ${change.nodeId})` : `node id ${change.nodeId}`);
  if (change.entity === "edge" && change.edge) {
    const label = change.edge.label === null ? "(no label)" : JSON.stringify(change.edge.label);
    return toSafeText(`edge ${change.edge.source} → ${change.edge.target} ${label}${change.edge.occurrence > 0 ? ` #${change.edge.occurrence + 1}` : ""}`);
  }
  return change.entity === "globalConfig" ? "global config" : "pathway";
}

/** Groups changes by the entity they belong to, in order of first appearance. */
export function groupChanges(changes: readonly FormattableChange[]): { key: string; changes: FormattableChange[] }[] {
  const groups = new Map<string, FormattableChange[]>();
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
export function toSummaryLine(diff: FormattableDiff): string {
  const s = diff.summary;
  const parts: string[] = [];
  const add = (n: number, what: string) => {
    if (n > 0) parts.push(`${n} ${what.replace("{s}", n === 1 ? "" : "s")}`);
  };
  add(s.nodesAdded, "node{s} added");
  add(s.nodesRemoved, "node{s} removed");
  add(s.nodesRenamed, "node{s} renamed");
  add(s.nodesChanged, "node{s} changed");
  add(s.edgesAdded, "edge{s} added");
  add(s.edgesRemoved, "edge{s} removed");
  add(s.edgesChanged, "edge{s} changed");
  add(s.pathwayFieldsChanged, "pathway field{s} changed");
  return parts.length === 0 ? "no differences" : parts.join(", ");
}

/** The old side of a changed unit, from its word parts. */
export function toOldText(words: readonly FormattableWord[]): string {
  return words.filter((w) => !w.added).map((w) => w.value).join("");
}

/** What a unit is called in messages, singular or plural. */
export function toUnitName(unit: FormattableTextDiff["unit"], n: number): string {
  const name = unit === "sentence" ? "sentence" : "line";
  return n === 1 ? name : `${name}s`;
}

/** "3 prompt, 2 routing": the kinds with changes, in the diff layer's order. */
export function toKindLine(diff: FormattableDiff): string {
  const byKind = diff.summary.byKind ?? {};
  return Object.entries(byKind)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ");
}

/**
 * Word parts with long unchanged runs shortened to `keep` characters on the side that touches a change (both sides
 * for a run between changes), joined by " … ": a one-word edit in a 20,000-character line shows as a few words
 * around it. Changed parts are never shortened.
 */
export function toElidedWords(words: readonly FormattableWord[], keep = 120): FormattableWord[] {
  return words.map((w, i) => {
    if (w.added || w.removed) return w;
    const first = i === 0;
    const last = i === words.length - 1;
    const v = w.value;
    if (first && last) return v.length > 2 * keep ? { value: v.slice(0, keep) + " …" } : w;
    if (first) return v.length > keep + 10 ? { value: "… " + v.slice(v.length - keep) } : w;
    if (last) return v.length > keep + 10 ? { value: v.slice(0, keep) + " …" } : w;
    return v.length > 2 * keep + 10 ? { value: v.slice(0, keep) + " … " + v.slice(v.length - keep) } : w;
  });
}

/** An unchanged context unit cut to `max` characters (what is left out is marked with "…"). */
export function toShortContext(text: string, max = 240): string {
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

/** A hunk of sentences as one run of word parts (context unchanged, whole units removed or added), same-side parts merged. */
export function toHunkWords(hunk: FormattableTextDiff["hunks"][number]): FormattableWord[] {
  const out: FormattableWord[] = [];
  const parts = hunk.lines.flatMap((l): FormattableWord[] => (l.op === "~" ? (l.words ?? []) : [{ value: l.text, ...(l.op === "-" && { removed: true }), ...(l.op === "+" && { added: true }) }]));
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && !last.added === !p.added && !last.removed === !p.removed) last.value += p.value;
    else out.push({ ...p });
  }
  return out;
}
