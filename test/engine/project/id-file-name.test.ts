// One file name per id (pathways and calls alike): distinct ids never share a name, each name gives its id back, and ordinary ids keep their plain name.
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromIdFileName, toIdFileName } from "../../../src/engine/project/id-file-name.js";

/** Ids built from the characters that used to collide (`/`, `_`, `.`, `:`, `%`, space, half surrogate pairs) and any grapheme. */
const unit = fc.oneof(
  fc.constantFrom(".", "/", "\\", "%", "_", "-", ":", "A", "a", " ", "\ud800", "\udc00", "u"),
  fc.string({ unit: "grapheme", maxLength: 1 }),
);
const id = fc.oneof(fc.string({ unit, maxLength: 8 }), fc.string({ unit: "binary", maxLength: 8 }), fc.uuid());

describe("toIdFileName", () => {
  it.each([
    ["1b2c3d4e-5f6a", "1b2c3d4e-5f6a.json"],
    ["4c150427-fb1e-4dd1-a44d-4f25b24361b0", "4c150427-fb1e-4dd1-a44d-4f25b24361b0.json"],
    ["a_b", "a_b.json"],
    ["a/b", "a%2Fb.json"],
    ["a.b", "a.b.json"],
    ["a:b", "a%3Ab.json"],
    ["a%2Fb", "a%252Fb.json"],
    [".", "%2E.json"],
    ["..", "%2E..json"],
    ["é", "%C3%A9.json"],
    ["\ud800", "%uD800.json"],
    ["", "%.json"],
  ])("%j -> %s, and back", (given, name) => {
    expect(toIdFileName(given)).toBe(name);
    expect(fromIdFileName(name)).toBe(given);
  });

  it("keeps the frame it is given: a/b -> call-a%2Fb.scenario.yaml", () => {
    expect(`call-${toIdFileName("a/b", ".scenario.yaml")}`).toBe("call-a%2Fb.scenario.yaml");
    expect(fromIdFileName("a%2Fb.scenario.yaml", ".scenario.yaml")).toBe("a/b");
  });

  it("never gives two ids one name, and never a name that is a path, hidden, or . / ..", () => {
    fc.assert(
      fc.property(id, id, (a, b) => {
        fc.pre(a !== b);
        expect(toIdFileName(a)).not.toBe(toIdFileName(b));
      }),
    );
    fc.assert(
      fc.property(id, (a) => {
        const name = toIdFileName(a);
        expect(name).toMatch(/^[A-Za-z0-9_%-][A-Za-z0-9_%.-]*\.json$/);
        expect(path.posix.basename(name)).toBe(name);
        expect(path.win32.basename(name)).toBe(name);
        expect(fromIdFileName(name)).toBe(a);
      }),
    );
  });

  it("keeps [A-Za-z0-9-] ids (uuids) as they are, so folders written by earlier versions still line up", () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/), (plain) => toIdFileName(plain) === `${plain}.json`));
  });

  it.each(["a_b.jsonx", "a%2fb.json", "%41.json", ".x.json", "a%C3.json", "a b.json", "%uD800%uDC00.json"])("reads %s as no id's name", (name) => {
    expect(fromIdFileName(name)).toBeUndefined();
  });
});
