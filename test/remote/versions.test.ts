// The versions list and remote references: what the service answers, checked and sorted; remote:<id>@<n> parsed.
import { describe, expect, it } from "vitest";
import { parseRemoteRef, RemoteError, toRemoteLabel, toVersionList } from "../../src/remote/index.js";

describe("toVersionList", () => {
  it("sorts versions oldest first and keeps number, id, name, date and latest", () => {
    const body = [
      { id: "v2", version_number: 2, created_at: "2024-02-01T00:00:00Z", name: "Spring menu", is_latest: true },
      { id: "v1", version_number: 1, created_at: "2024-01-01T00:00:00Z", name: null, is_latest: false },
    ];
    expect(toVersionList(body, "p")).toEqual([
      { version: 1, id: "v1", createdAt: "2024-01-01T00:00:00Z", isLatest: false },
      { version: 2, id: "v2", name: "Spring menu", createdAt: "2024-02-01T00:00:00Z", isLatest: true },
    ]);
  });

  it("unwraps {data: [...]}, reads numeric strings, and skips entries without a whole version number", () => {
    const body = { data: [{ version_number: "3" }, { version_number: 1.5 }, { name: "no number" }, "junk", { version_number: -1 }] };
    expect(toVersionList(body, "p")).toEqual([{ version: 3, isLatest: false }]);
  });

  it("throws a RemoteError of kind shape for an answer that is not a list", () => {
    expect(() => toVersionList({ message: "nope" }, "p")).toThrow(RemoteError);
    expect(() => toVersionList("x", "p")).toThrow(/not a list of versions/);
  });
});

describe("parseRemoteRef", () => {
  const cases: [string, ReturnType<typeof parseRemoteRef>][] = [
    ["abc", { id: "abc" }],
    ["abc@3", { id: "abc", version: 3 }],
    ["abc@0", { id: "abc", version: 0 }],
    ["abc@latest", { id: "abc", version: "latest" }],
    ["a@b@2", { id: "a@b", version: 2 }],
    ["abc@", undefined],
    ["abc@x", undefined],
    ["abc@-1", undefined],
    ["@3", undefined],
    ["", undefined],
  ];
  for (const [text, ref] of cases) {
    it(`reads ${JSON.stringify(text)}`, () => {
      expect(parseRemoteRef(text)).toEqual(ref);
      if (ref) expect(toRemoteLabel(ref)).toBe(`remote:${text}`);
    });
  }
});
