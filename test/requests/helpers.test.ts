// Properties of the request helpers: the bounded edit distance agrees with the full one, and a second + is never dialable.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyPhone, closestName, editDistance } from "../../src/requests/helpers.js";
import { cpuMsOf } from "../support/cpu-time.js";

const short = fc.string({ unit: fc.constantFrom("a", "b", "c", "_"), maxLength: 12 });

describe("editDistance with a bound", () => {
  it("is the full distance when within the bound, and bound + 1 past it", () => {
    fc.assert(
      fc.property(short, short, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(editDistance(a, b), max + 1));
      }),
    );
  });

  it("suggests nothing for a name of 1 MB, at once", () => {
    let found: string | undefined = "";
    expect(cpuMsOf(() => (found = closestName(`request_dat${"a".repeat(1_000_000)}`, ["request_data", "voice"])))).toBeLessThan(1000);
    expect(found).toBeUndefined();
  });
});

describe("classifyPhone", () => {
  it("calls any number with a + after its first character invalid", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("1", "4", "5", " ", "-", "(", ")", "+"), minLength: 1, maxLength: 16 }), fc.nat(), (text, at) => {
        const value = `+${text.slice(0, at % text.length)}+${text.slice(at % text.length)}`;
        expect(classifyPhone(value).form).toBe("invalid");
      }),
    );
  });
});
