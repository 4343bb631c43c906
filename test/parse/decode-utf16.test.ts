// A UTF-16 (or UTF-32) file is reported as such, not as a stray Windows-1252 byte or a file full of NUL characters.
import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "../../src/parse/index.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const JSON_TEXT = '{"nodes": []}';
const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();

describe("UTF-16 input", () => {
  const cases: [string, Buffer, RegExp][] = [
    [
      "UTF-16 LE with a byte-order mark",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON_TEXT, "utf16le")]),
      /UTF-16 little-endian \(byte-order mark FF FE\)/,
    ],
    ["UTF-16 BE with a byte-order mark", Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(JSON_TEXT)]), /UTF-16 big-endian \(byte-order mark FE FF\)/],
    ["UTF-16 LE without a mark", Buffer.from(JSON_TEXT, "utf16le"), /UTF-16 little-endian \(no byte-order mark\)/],
    ["UTF-16 BE without a mark", utf16be(JSON_TEXT), /UTF-16 big-endian \(no byte-order mark\)/],
    ["UTF-32 LE with a byte-order mark", Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]), /UTF-32 little-endian/],
  ];
  for (const [what, bytes, message] of cases) {
    it(`names ${what} and says to re-save as UTF-8`, () => {
      const { text, diagnostics } = decodeUtf8(bytes);
      expect(text).toBeUndefined();
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]!.message).toMatch(message);
      expect(diagnostics[0]!.message).toMatch(/re-save it as UTF-8/);
      expect(diagnostics[0]!.message).not.toMatch(/Windows-1252/);
    });
  }

  it("leaves UTF-8 with a BOM and plain UTF-8 alone", () => {
    expect(decodeUtf8(Buffer.from(`\ufeff${JSON_TEXT}`)).text).toBe(JSON_TEXT);
    expect(decodeUtf8(Buffer.from("{}")).text).toBe("{}");
  });

  it("validate names UTF-16 on the command line and fails", async () => {
    const dir = createTempProject({ "p.json": cases[0]![1] }, "pathwaykit-utf16-");
    const result = await runMain(["validate", "p.json"], { cwd: dir });
    expect(result.code).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/UTF-16 little-endian/);
  });
});
