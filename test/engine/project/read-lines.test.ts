// readByteLines: lines across chunk boundaries, a last line without a line feed, and lines over the bound dropped as they come.
import { describe, expect, it } from "vitest";
import { readByteLines } from "../../../src/engine/project/read-lines.js";

async function lines(chunks: string[], max = 100): Promise<(string | number)[]> {
  const out: (string | number)[] = [];
  async function* source() {
    for (const c of chunks) yield new TextEncoder().encode(c);
  }
  for await (const item of readByteLines(source(), max)) out.push("tooLong" in item ? -item.tooLong : `${item.line}:${new TextDecoder().decode(item.bytes)}`);
  return out;
}

describe("readByteLines", () => {
  it("splits lines within and across chunks, keeps blank lines, and gives a last line without a line feed", async () => {
    expect(await lines(["a\nb", "c\n\nd"])).toEqual(["1:a", "2:bc", "3:", "4:d"]);
    expect(await lines(["a\n"])).toEqual(["1:a"]);
    expect(await lines([])).toEqual([]);
  });

  it("gives a line over the bound as too long, with its length, and reads the next one", async () => {
    expect(await lines(["12345", "67\nok\n", "x".repeat(9)], 5)).toEqual([-7, "2:ok", -9]);
    expect(await lines(["12345\n"], 5)).toEqual(["1:12345"]);
  });

  it("holds one chunk and one bounded line, however long a line is: a 64 MiB line with a bound of 1 KiB", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    async function* source() {
      for (let k = 0; k < 64; k++) yield chunk;
      yield new TextEncoder().encode("\nlast");
    }
    const out: unknown[] = [];
    for await (const item of readByteLines(source(), 1024)) out.push("tooLong" in item ? item.tooLong : new TextDecoder().decode(item.bytes));
    expect(out).toEqual([64 * 1024 * 1024, "last"]);
  });
});
