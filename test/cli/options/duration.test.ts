// The --timeout parser shared by every command: units, bare seconds, bounds, and the guard for old millisecond values.
import { InvalidArgumentError } from "commander";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDuration } from "../../../src/cli/options/duration.js";

describe("parseDuration", () => {
  it.each([
    ["500ms", 500],
    ["30s", 30_000],
    ["30", 30_000],
    ["0.5", 500],
    [".25s", 250],
    ["1.5m", 90_000],
    ["2m", 120_000],
    ["24h", 86_400_000],
    [" 3m ", 180_000],
  ])("reads %j as %d ms", (text, ms) => {
    expect(parseDuration()(text)).toBe(ms);
  });

  it.each(["", "soon", "0", "0ms", "0.4ms", "-1s", "1e3", "5 min", "30S", "24.1h", "Infinity", "NaN"])("refuses %j", (text) => {
    expect(() => parseDuration()(text)).toThrow(InvalidArgumentError);
  });

  it("refuses bare numbers above the guard, asking for a unit, and takes them with one", () => {
    const parse = parseDuration(300);
    expect(parse("300")).toBe(300_000);
    for (const old of ["500", "30000"])
      expect(() => parse(old)).toThrow(`A bare number is seconds, but this flag took milliseconds before: write ${old}ms or ${old}s to say which.`);
    expect(parse("30000ms")).toBe(30_000);
    expect(parse("500s")).toBe(500_000);
  });

  it("gives the same milliseconds for n seconds written in any unit that holds it exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), (seconds) => {
        const parse = parseDuration();
        expect(parse(`${seconds}`)).toBe(seconds * 1000);
        expect(parse(`${seconds}s`)).toBe(seconds * 1000);
        expect(parse(`${seconds * 1000}ms`)).toBe(seconds * 1000);
        if (seconds % 60 === 0) expect(parse(`${seconds / 60}m`)).toBe(seconds * 1000);
      }),
    );
  });
});
