// maskPersonalData: number fields masked whole, phone numbers and emails masked in every text, ids and times kept.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskPersonalData, maskPersonalText } from "../../src/calls/index.js";
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
