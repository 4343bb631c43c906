// Long strings compared like git: units (lines, sentences, JSON lines) in hunks with context, changed words marked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getTextDiff, getTextUnit, type TextDiff } from "../../src/diff/index.js";

/** The old and new text a diff with `context: "all"` describes (units joined without their breaks). */
function sides(diff: TextDiff): { old: string[]; new: string[] } {
  const lines = diff.hunks.flatMap((h) => h.lines);
  const oldText = (l: (typeof lines)[number]) =>
    l.words
      ? l.words
          .filter((w) => !w.added)
          .map((w) => w.value)
          .join("")
      : l.text;
  return { old: lines.filter((l) => l.op !== "+").map(oldText), new: lines.filter((l) => l.op !== "-").map((l) => l.text) };
}

const lines = (n: number, edit?: (i: number) => string | undefined) => Array.from({ length: n }, (_, i) => edit?.(i) ?? `line ${i} of the prompt`).join("\n");

describe("getTextDiff", () => {
  it("shows one changed line with three lines of context by default, the word marked", () => {
    const diff = getTextDiff(
      lines(100),
      lines(100, (i) => (i === 50 ? "line 50 of the script" : undefined)),
    );
    expect(diff.unit).toBe("line");
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]).toMatchObject({ oldStart: 48, oldCount: 7, newStart: 48, newCount: 7 });
    const changed = diff.hunks[0]!.lines.filter((l) => l.op !== " ");
    expect(changed).toEqual([
      { op: "~", text: "line 50 of the script", words: [{ value: "line 50 of the " }, { value: "prompt", removed: true }, { value: "script", added: true }] },
    ]);
  });

  it("takes --context N and all, and merges changes closer than twice the context", () => {
    const b = lines(100, (i) => (i === 10 || i === 14 || i === 80 ? `changed ${i}` : undefined));
    expect(getTextDiff(lines(100), b, { context: 1 }).hunks.map((h) => [h.oldStart, h.oldCount])).toEqual([
      [10, 3],
      [14, 3],
      [80, 3],
    ]);
    expect(getTextDiff(lines(100), b, { context: 2 }).hunks.map((h) => [h.oldStart, h.oldCount])).toEqual([
      [9, 9],
      [79, 5],
    ]);
    const all = getTextDiff(lines(100), b, { context: "all" });
    expect(all.hunks).toHaveLength(1);
    expect(all.hunks[0]!.lines).toHaveLength(100);
    expect(all.hunks[0]!.lines.filter((l) => l.op === "~").map((l) => l.text)).toEqual(["changed 10", "changed 14", "changed 80"]);
  });

  it("cuts one-line text into sentences", () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence ${i} is here.`).join(" ");
    const diff = getTextDiff(text, text.replace("Sentence 20 is here.", "Sentence 20 is there!"), { context: 1 });
    expect(diff).toMatchObject({ unit: "sentence", oldUnits: 40, newUnits: 40 });
    expect(diff.hunks[0]!.lines.map((l) => l.op)).toEqual([" ", "~", " "]);
  });

  it("compares strings that hold JSON on both sides as JSON: key order and spacing are not changes", () => {
    const a = '{"order": "{{order}}", "phone": "{{from}}", "total": 12}';
    expect(getTextUnit(a, '{"total":12,"phone":"{{from}}","order":"{{order}}"}')).toBe("json");
    expect(getTextDiff(a, '{ "total":12, "phone":"{{from}}", "order":"{{order}}" }')).toMatchObject({ unit: "json", hunks: [], sameJson: true });
    const changed = getTextDiff(a, '{"order": "{{order}}", "phone": "{{to}}", "total": 12}');
    expect(changed.hunks.flatMap((h) => h.lines).filter((l) => l.op !== " ")).toEqual([
      {
        op: "~",
        text: '  "phone": "{{to}}",',
        words: [{ value: '  "phone": "{{' }, { value: "from", removed: true }, { value: "to", added: true }, { value: '}}",' }],
      },
    ]);
  });

  it("shows two unrelated texts as removed and added, without a word diff", () => {
    const diff = getTextDiff("alpha beta\ngamma", "one two\nthree");
    expect(diff.hunks[0]!.lines.map((l) => l.op)).toEqual(["-", "+", "-", "+"]);
  });

  it("describes both texts exactly (property: the hunks with all context give back each side)", () => {
    const unit = fc.constantFrom("a", "b", "c", "say hello", "say goodbye", "");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), fc.array(unit, { maxLength: 30 }), (xs, ys) => {
        const a = xs.join("\n");
        const b = ys.join("\n");
        const diff = getTextDiff(a, b, { context: "all" });
        const lineList = (t: string) => t.match(/[^\n]*\n|[^\n]+$/g)?.map((l) => l.replace(/\n$/, "")) ?? [];
        if (a === b) expect(diff.hunks).toEqual([]);
        else expect(sides(diff)).toEqual({ old: lineList(a), new: lineList(b) });
      }),
    );
  });

  it("never drops a character when it cuts one-line text into sentences (property)", () => {
    const piece = fc.constantFrom("Price is $12.99 each.", " ", "e.g.", "Yes!", "  ", "why?", "(see above.)", "ok", "3.5", '"quoted."');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), fc.array(piece, { maxLength: 25 }), (xs, ys) => {
        const a = xs.join("");
        const b = ys.join("");
        const diff = getTextDiff(a, b, { context: "all" });
        if (a === b) return;
        const got = sides(diff);
        expect(got.old.join("")).toBe(a);
        expect(got.new.join("")).toBe(b);
      }),
    );
  });

  it("stays fast on a 20,000-line text with one edit", () => {
    const big = lines(20_000);
    const diff = getTextDiff(big, big.replace("line 9999 of", "line 9999 in"));
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]!.oldStart).toBe(9997);
  });
});
