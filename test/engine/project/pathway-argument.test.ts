// The one resolver of "which remote pathway and version": every form an argument takes, with one look at the disk.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePathwayArgument } from "../../../src/engine/project/pathway-argument.js";
import { loadManifest } from "../../../src/engine/project/manifest.js";
import { createMemoryHost } from "../../support/memory-host.js";

const MANIFEST = JSON.stringify({
  version: 1,
  pathways: [
    { file: "pathways/booking.json", id: "pw-book" },
    { file: "pathways/a.json", id: "pw-twice" },
    { file: "pathways/b.json", id: "pw-twice" },
  ],
});

/** A host over a small project, counting its stat calls. */
function project() {
  const host = createMemoryHost({ "pathwaykit.manifest.json": MANIFEST, "pathways/booking.json": "{}", "pathways/untracked.json": "{}", "notes": "x" });
  let stats = 0;
  const counted = { ...host, stat: (file: string) => (stats++, host.stat(file)) };
  return { host: counted, stats: () => stats };
}

const resolve = async (arg: string, options: { id?: string; idFlag?: string; versions?: boolean } = {}) => {
  const { host, stats } = project();
  const manifest = await loadManifest(host);
  const before = stats();
  const result = await resolvePathwayArgument(host, arg, { manifest, ...options }).then(
    (found): Record<string, unknown> => ({ ...found }),
    (error: Error) => ({ error: error.message }),
  );
  return { result, looks: stats() - before };
};

describe("resolvePathwayArgument", () => {
  it.each([
    [
      "a tracked file",
      "pathways/booking.json",
      {},
      { arg: "pathways/booking.json", id: "pw-book", file: "pathways/booking.json", entry: { file: "pathways/booking.json", id: "pw-book" } },
    ],
    [
      "a file with --id",
      "pathways/untracked.json",
      { id: "pw-new", idFlag: "--id" },
      { arg: "pathways/untracked.json", id: "pw-new", file: "pathways/untracked.json" },
    ],
    ["an id tracked once", "pw-book", {}, { arg: "pw-book", id: "pw-book", entry: { file: "pathways/booking.json", id: "pw-book" } }],
    ["an id tracked twice (no entry: a guess)", "pw-twice", {}, { arg: "pw-twice", id: "pw-twice" }],
    ["remote:<id>", "remote:pw-book", {}, { arg: "remote:pw-book", id: "pw-book", entry: { file: "pathways/booking.json", id: "pw-book" } }],
    ["remote:<id>@<n> where versions are allowed", "remote:pw-x@7", { versions: true }, { arg: "remote:pw-x@7", id: "pw-x", version: 7 }],
    ["remote:<id>@latest where versions are allowed", "remote:pw-x@latest", { versions: true }, { arg: "remote:pw-x@latest", id: "pw-x", version: "latest" }],
  ])("resolves %s", async (_name, arg, options, expected) => {
    expect((await resolve(arg, options)).result).toEqual(expected);
  });

  it.each([
    ["an empty word", "", {}, /an empty pathway id/],
    ["an untracked file", "pathways/untracked.json", { idFlag: "--id" }, /not in pathwaykit.manifest.json.*add --id <pathway id>/],
    ["--id beside an id", "pw-book", { id: "pw-x", idFlag: "--id" }, /--id pw-x names the remote pathway of a file, but "pw-book" is not a file/],
    ["a version where none is taken", "remote:pw-x@3", {}, /a whole pathway, not one version; publish takes the version as --pathway-version 3/],
    ["a malformed version", "remote:pw-x@two", { versions: true }, /expected remote:<pathway id>, remote:<id>@<version number> or remote:<id>@latest/],
    ["an id that is not a path segment", "remote:..", {}, /the pathway id/],
  ])("refuses %s (usage)", async (_name, arg, options, message) => {
    const { result } = await resolve(arg, options);
    expect((result as { error?: string }).error).toMatch(message);
  });

  it("looks at the disk at most once, and not at all for remote:", async () => {
    for (const arg of ["pathways/booking.json", "pw-book", "notes"]) expect((await resolve(arg)).looks, arg).toBeLessThanOrEqual(1);
    expect((await resolve("remote:pw-book")).looks).toBe(0);
  });

  it("gives any remote:<text> an id that is a safe path segment, or refuses it", async () => {
    const { host } = project();
    const manifest = await loadManifest(host);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), async (text) => {
        const found = await resolvePathwayArgument(host, `remote:${text}`, { manifest, versions: true }).catch((error: Error) => error);
        if (found instanceof Error) {
          expect((found as { kind?: string }).kind).toBe("usage");
          return;
        }
        // Every other character is encoded into the URL's path (remote/path-segment.ts): these alone would move it.
        expect(["", ".", ".."]).not.toContain(found.id);
        expect(() => encodeURIComponent(found.id)).not.toThrow();
      }),
    );
  });
});
