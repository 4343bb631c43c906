// maskPersonalData: number fields masked whole, phone numbers and emails masked in every text, ids and times kept.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskPersonalData, maskPersonalText, maskPhoneNumber, maskPhoneNumbers } from "../../src/calls/index.js";
import "../support/fast-check-seed.js";

describe("maskPersonalData", () => {
  it.each([
    ["call me on 555 010 0199 please", "call me on [masked] please"],
    ["+1 (415) 555-0100", "[masked]"],
    ["mail sam.lee@example.com now", "mail [masked] now"],
    ["order 42, 3 rooms", "order 42, 3 rooms"],
  ])("masks %j", (text, masked) => {
    expect(maskPersonalText(text)).toBe(masked);
  });

  it("masks the number fields whole and keeps ids and times", () => {
    const record = {
      call_id: "4c150427-fb1e-4dd1-a44d-4f25b24361b0",
      to: "+32470555101",
      created_at: "2025-04-15T18:31:53.696+00:00",
      variables: { short_from: "1170555102", now: "Tuesday, April 15, 2025 11:32 AM" },
      transcripts: [{ id: 144157637, text: "It's 0470 555 101" }],
    };
    expect(maskPersonalData(record)).toEqual({
      ...record,
      to: "[masked]",
      variables: { ...record.variables, short_from: "[masked]" },
      transcripts: [{ id: 144157637, text: "It's [masked]" }],
    });
  });

  it("leaves no phone number of ten digits anywhere in a masked value", () => {
    const phone = fc.stringMatching(/^\+?1?[2-9]\d{2}[ -]?\d{3}[ -]?\d{4}$/);
    fc.assert(
      fc.property(phone, fc.string(), fc.string(), (number, before, after) => {
        const masked = JSON.stringify(maskPersonalData({ text: `${before} ${number} ${after}`, list: [number], note: { [number]: number } }));
        expect(masked).not.toContain(number.replace(/\D/g, "").slice(-7));
      }),
    );
  });
});

describe("maskPhoneNumber", () => {
  it.each([
    ["+15550000123", "+1555***0123"],
    ["+44 7911 123456", "+4479***3456"],
    ["5550000123", "555***0123"],
    ["+1 (415) 555-0100", "+1415***0100"],
    ["+1555\u001b[31m0000999", "+1555***0999"],
    ["123", "[masked]"],
    ["", "[masked]"],
  ])("shows %j as %j", (number, masked) => {
    expect(maskPhoneNumber(number)).toBe(masked);
  });

  it("hides at least three digits of any number, and keeps nothing but digits, a plus and the stars", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const masked = maskPhoneNumber(text);
        expect(masked).toMatch(/^(\[masked\]|\+?\d{0,4}\*\*\*\d{4})$/);
        const digits = text.replace(/\D/g, "");
        if (masked !== "[masked]") expect(masked.replace(/\D/g, "").length).toBeLessThanOrEqual(digits.length - 3);
      }),
    );
  });

  it("masks the numbers inside a text, a URL's encoded one too", () => {
    expect(maskPhoneNumbers("GET http://h/v1/inbound/%2B15550000123 answered 500; call +1 415 555 0100")).toBe(
      "GET http://h/v1/inbound/%2B1555***0123 answered 500; call +1415***0100",
    );
  });
});
