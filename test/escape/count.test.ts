// The one count writer: a number with its noun in the right number.
import { describe, expect, it } from "vitest";
import { toCount, toNounForm } from "../../src/escape/count.js";

describe("toCount", () => {
  it.each([
    { n: 0, noun: "finding", plural: undefined, text: "0 findings" },
    { n: 1, noun: "finding", plural: undefined, text: "1 finding" },
    { n: 2, noun: "finding", plural: undefined, text: "2 findings" },
    { n: 1, noun: "request body", plural: "request bodies", text: "1 request body" },
    { n: 3, noun: "request body", plural: "request bodies", text: "3 request bodies" },
  ])("writes $n $noun as $text", ({ n, noun, plural, text }) => {
    expect(toCount(n, noun, plural)).toBe(text);
  });

  it("gives the noun alone for phrases that put the number elsewhere (x of N calls)", () => {
    expect(`1 of 1 ${toNounForm(1, "call")}`).toBe("1 of 1 call");
    expect(`1 of 2 ${toNounForm(2, "call")}`).toBe("1 of 2 calls");
  });
});
