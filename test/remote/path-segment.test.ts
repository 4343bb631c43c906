// Which ids can be one URL path segment, and that every accepted id stays one segment of the endpoint it was meant for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPathwayClient, getPathSegmentProblem, RemoteError } from "../../src/remote/index.js";

describe("getPathSegmentProblem", () => {
  it.each([
    ["", "is empty"],
    [".", 'is ".", which a URL reads'],
    ["..", 'is "..", which a URL reads'],
    ["...", undefined],
    ["%2e%2e", undefined],
    [".%2e", undefined],
    ["a/b", undefined],
    ["1b2c3d4e-uuid", undefined],
    ["a\ud800", "half of a UTF-16 surrogate pair"],
    ["\udc00", "half of a UTF-16 surrogate pair"],
    ["\ud83d\ude00", undefined],
  ])("%j: %s", (id, problem) => {
    const found = getPathSegmentProblem(id);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });

  it("every id it accepts, encoded, is exactly one segment under the endpoint (no climbing, no other endpoint)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({
            unit: fc.oneof(fc.constantFrom(".", "/", "%", "?", "#", "\ud800", "\udc00"), fc.string({ unit: "grapheme", maxLength: 1 })),
            maxLength: 6,
          }),
          fc.constantFrom(".", "..", "%2e", "%2E%2e", ".%2E", "./..", "?x", "#y"),
        ),
        (id) => {
          fc.pre(getPathSegmentProblem(id) === undefined);
          const url = new URL(`v1/pathway/${encodeURIComponent(id)}/versions`, "https://api.example/");
          const segments = url.pathname.split("/");
          expect(segments.slice(0, 3)).toEqual(["", "v1", "pathway"]);
          expect(segments).toHaveLength(5);
          expect(decodeURIComponent(segments[3]!)).toBe(id);
          expect(url.search + url.hash).toBe("");
        },
      ),
    );
  });
});

describe("the client", () => {
  it.each([
    ["getPathway", (c: ReturnType<typeof createPathwayClient>) => c.getPathway("..")],
    ["updatePathway", (c: ReturnType<typeof createPathwayClient>) => c.updatePathway(".", { nodes: [], edges: [] })],
    ["listVersions", (c: ReturnType<typeof createPathwayClient>) => c.listVersions("..")],
    ["getVersion", (c: ReturnType<typeof createPathwayClient>) => c.getVersion("..", 1)],
    ["sendChatMessage", (c: ReturnType<typeof createPathwayClient>) => c.sendChatMessage("..", "hi")],
  ])("%s refuses a dot id with kind invalid-id and sends nothing", async (_name, call) => {
    const sent: string[] = [];
    const client = createPathwayClient({ apiKey: "k", baseUrl: "https://api.example", fetch: async (url) => (sent.push(url), new Response("{}")) });
    const error = await call(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).kind).toBe("invalid-id");
    expect(sent).toEqual([]);
  });
});
