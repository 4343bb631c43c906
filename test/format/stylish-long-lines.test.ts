// The stylish formatter's code frames cost the same whatever the line lengths: a pathway written on one line is no slower.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { formatStylish } from "../../src/format/index.js";
import { cpuMsOf } from "../support/cpu-time.js";

const COUNT = 6_000;
const ITEM = `{"id":"n","text":"${"x".repeat(1_000)}"}`;

function findingsAt(positions: { line: number; column: number }[]): Diagnostic[] {
  return positions.map((start, i) => ({ ruleId: "r", severity: "error", message: `finding ${i}`, pointer: `/nodes/${i}`, range: { start, end: start } }));
}

function time(run: () => string): { ms: number; out: string } {
  let out = "";
  const ms = cpuMsOf(() => (out = run()));
  return { ms, out };
}

describe("stylish on long lines", () => {
  it("frames 6,000 findings on one 6 MB line about as fast as the same findings on 6,000 lines", () => {
    const items = Array.from({ length: COUNT }, () => ITEM);
    const oneLine = `[${items.join(",")}]`;
    const indented = `[\n${items.join(",\n")}\n]`;
    const onePositions = items.map((_, i) => ({ line: 1, column: 2 + i * (ITEM.length + 1) }));
    const indentedPositions = items.map((_, i) => ({ line: i + 2, column: 1 }));
    const one = () => formatStylish([{ filePath: "one.json", text: oneLine, diagnostics: findingsAt(onePositions) }]);
    const ind = () => formatStylish([{ filePath: "ind.json", text: indented, diagnostics: findingsAt(indentedPositions) }]);
    ind();
    const a = time(ind);
    const b = time(one);
    expect(b.out).toContain("finding 5999");
    // Each frame is windowed to 160 characters: the one-line frames are as short as the indented ones.
    expect(b.out.length).toBeLessThan(a.out.length * 2);
    // Reading the whole 6 MB line per finding (the old way) was about 25x the indented time; windowing first makes it even.
    expect(b.ms).toBeLessThan(Math.max(5 * a.ms, 300));
  });
});
