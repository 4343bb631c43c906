// createRedactor: the whole key, its escaped forms and long fragments are hidden; other text is left alone.
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
