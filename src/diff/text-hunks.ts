// Changes inside long strings as git shows them: units (lines, or sentences of one-line text) in hunks with context.
import { diffArrays, diffWordsWithSpace } from "diff";

/** One piece of a word-level diff of a string. */
export interface WordPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** What a text was cut into: lines, sentences (one-line text), or the lines of pretty-printed JSON (both sides parse). */
export type TextUnit = "line" | "sentence" | "json";

/**
 * One unit of a hunk: `" "` context, `"-"` only in the old text, `"+"` only in the new, `"~"` a changed unit whose
 * `words` show the edit (a removed unit paired with the added unit in its place).
 */
export interface HunkLine {
  op: " " | "-" | "+" | "~";
  /** The unit's text (for `~`, the new text), without its line break. */
  text: string;
  words?: WordPart[];
}

/** A run of changed units with context around them; numbers are 1-based unit positions, as in a unified diff. */
export interface TextHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: HunkLine[];
}

/** The hunks of a changed string. */
export interface TextDiff {
  unit: TextUnit;
  /** Units in the old and new text. */
  oldUnits: number;
  newUnits: number;
  hunks: TextHunk[];
  /** JSON compare only: the two strings hold the same JSON value and differ only in formatting or key order. */
  sameJson?: boolean;
}

/** Options of `getTextDiff`; all optional. */
export interface TextDiffOptions {
  /** Units of context around each change; `"all"` keeps every unit. Default 3. */
  context?: number | "all";
  /** Most unit edits searched before the texts count as unrelated (then shown as all removed, all added). Default 5,000. */
  maxEditLength?: number;
}

/** Splits text into lines (the break stays with its line, so the units join back to the text). */
function toLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Splits one-line text after each sentence end (the spaces stay with the sentence before). */
function toSentences(text: string): string[] {
  // A split (not a match) so that no character is ever dropped: the units always join back to the text.
  return text === "" ? [] : text.split(/(?<=[.!?]["')\]]*\s+)(?=\S)/);
}

/** The JSON value of a string that holds a JSON object or array, else undefined. */
function parseJsonText(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith("{") && t.endsWith("}")) && !(t.startsWith("[") && t.endsWith("]"))) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** Pretty JSON with sorted keys, so key order never shows as a change. */
function toSortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort())
      Object.defineProperty(out, k, { value: sort((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/** Word parts of two units, or undefined when they share too little for a word diff to help. */
export function getWordParts(before: string, after: string, maxEditLength = 400): WordPart[] | undefined {
  // WithSpace: whitespace is kept token for token, so the parts always join back to both texts exactly.
  const parts = diffWordsWithSpace(before, after, { maxEditLength });
  if (parts === undefined) return undefined;
  const same = parts.filter((p) => !p.added && !p.removed).reduce((n, p) => n + p.value.trim().length, 0);
  if (same === 0 && before.trim() !== "" && after.trim() !== "") return undefined;
  // Adjacent parts of the same side are one edit to the reader ("," and " the time" -> ", the time").
  const words: WordPart[] = [];
  for (const part of parts) {
    const last = words[words.length - 1];
    if (last && last.added === (part.added || undefined) && last.removed === (part.removed || undefined)) {
      last.value += part.value;
      continue;
    }
    const word: WordPart = { value: part.value };
    if (part.added) word.added = true;
    if (part.removed) word.removed = true;
    words.push(word);
  }
  return words;
}

const stripBreak = (unit: string) => unit.replace(/\r?\n$/, "");

/** Which unit two strings are compared by: JSON when both parse as JSON containers, lines when either has a break, else sentences. */
export function getTextUnit(before: string, after: string): TextUnit {
  if (parseJsonText(before) !== undefined && parseJsonText(after) !== undefined) return "json";
  return before.includes("\n") || after.includes("\n") ? "line" : "sentence";
}

/**
 * Compares two strings unit by unit and returns the changed hunks with `context` units around them. Adjacent removed
 * and added units are paired into `~` units with word parts. Linear in the text plus the edit distance times its
 * length; texts further apart than `maxEditLength` unit edits are shown as replaced whole.
 */
export function getTextDiff(before: string, after: string, options: TextDiffOptions = {}): TextDiff {
  const context = options.context ?? 3;
  const unit = getTextUnit(before, after);
  const a = unit === "json" ? toLines(toSortedJson(parseJsonText(before))) : unit === "line" ? toLines(before) : toSentences(before);
  const b = unit === "json" ? toLines(toSortedJson(parseJsonText(after))) : unit === "line" ? toLines(after) : toSentences(after);
  const parts = diffArrays(a, b, { maxEditLength: options.maxEditLength ?? 5_000 }) ?? [
    { value: a, removed: true, added: false, count: a.length },
    { value: b, added: true, removed: false, count: b.length },
  ];
  // Every unit in order, with its position on each side.
  const all: (HunkLine & { oldAt: number; newAt: number })[] = [];
  let oldAt = 0;
  let newAt = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if (!part.added && !part.removed) {
      for (const u of part.value) all.push({ op: " ", text: stripBreak(u), oldAt: oldAt++, newAt: newAt++ });
      continue;
    }
    const next = parts[p + 1];
    if (part.removed && next?.added) {
      const removed = part.value;
      const added = next.value;
      const paired = Math.min(removed.length, added.length);
      for (let i = 0; i < paired; i++) {
        const words = getWordParts(stripBreak(removed[i]!), stripBreak(added[i]!));
        if (words) all.push({ op: "~", text: stripBreak(added[i]!), words, oldAt: oldAt++, newAt: newAt++ });
        else {
          all.push({ op: "-", text: stripBreak(removed[i]!), oldAt: oldAt++, newAt });
          all.push({ op: "+", text: stripBreak(added[i]!), oldAt, newAt: newAt++ });
        }
      }
      for (let i = paired; i < removed.length; i++) all.push({ op: "-", text: stripBreak(removed[i]!), oldAt: oldAt++, newAt });
      for (let i = paired; i < added.length; i++) all.push({ op: "+", text: stripBreak(added[i]!), oldAt, newAt: newAt++ });
      p++;
      continue;
    }
    for (const u of part.value) {
      if (part.removed) all.push({ op: "-", text: stripBreak(u), oldAt: oldAt++, newAt });
      else all.push({ op: "+", text: stripBreak(u), oldAt, newAt: newAt++ });
    }
  }
  const hunks: TextHunk[] = [];
  const reach = context === "all" ? Infinity : Math.max(0, Math.floor(context));
  const changed: number[] = [];
  all.forEach((line, k) => {
    if (line.op !== " ") changed.push(k);
  });
  // Changes closer than twice the context share one hunk, as in a unified diff.
  const groups: [number, number][] = [];
  for (const k of changed) {
    const last = groups[groups.length - 1];
    if (last && k - last[1] - 1 <= 2 * reach) last[1] = k;
    else groups.push([k, k]);
  }
  for (const [first, last] of groups) {
    const lines = all.slice(Math.max(0, first - reach), Math.min(all.length, last + 1 + reach));
    const head = lines[0]!;
    hunks.push({
      oldStart: head.oldAt + 1,
      oldCount: lines.filter((l) => l.op !== "+").length,
      newStart: head.newAt + 1,
      newCount: lines.filter((l) => l.op !== "-").length,
      lines: lines.map(({ op, text, words }) => (words ? { op, text, words } : { op, text })),
    });
  }
  const diff: TextDiff = { unit, oldUnits: a.length, newUnits: b.length, hunks };
  if (unit === "json" && hunks.length === 0) diff.sameJson = true;
  return diff;
}
