// createRedactor: the whole key, its escaped forms and long fragments are hidden; other text is left alone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/remote/index.js";

describe("createRedactor", () => {
  const key = "sk-live-4f9a2b7c1d8e6f30";
  const redact = createRedactor(key);
  it("hides the key inside longer strings, escaped, URL-encoded, and long fragments of it", () => {
    expect(redact(`Bearer${key}xyz`)).toBe("Bearer[redacted]xyz");
    expect(redact(`k=${encodeURIComponent(key)}`)).toBe("k=[redacted]");
    expect(redact(`cut: ${key.slice(0, 14)}…`)).toBe("cut: [redacted]…");
    expect(redact(`tail ${key.slice(-12)}`)).toBe("tail [redacted]");
  });
  it("leaves other text alone, and does nothing for no key or a very short one", () => {
    expect(redact("sk-live is a prefix everybody has")).toBe("sk-live is a prefix everybody has");
    expect(createRedactor(undefined)("abc")).toBe("abc");
    expect(createRedactor("ab")("abcab")).toBe("abcab");
  });
});

describe("createRedactor, for all keys and texts", () => {
  const alnum = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEF0123456789-_"), minLength: 0, maxLength: 40 });
  it("leaves no run of key characters half the key long (at least 8), wherever the key or a piece of it sits", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."abcdef0123456789-"), minLength: 8, maxLength: 64 }),
        alnum,
        alnum,
        fc.nat(),
        fc.nat(),
        (key, before, after, x, y) => {
          const size = Math.min(key.length, Math.max(8, Math.ceil(key.length / 2)));
          const start = x % (key.length - size + 1);
          const end = start + size + (y % (key.length - start - size + 1));
          const out = createRedactor(key)(`${before}${key.slice(start, end)}${after}${key}`);
          for (let i = 0; i + size <= key.length; i++) expect(out).not.toContain(key.slice(i, i + size));
        },
      ),
    );
  });
});
