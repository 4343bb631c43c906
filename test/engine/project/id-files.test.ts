// createIdFiles: one file per id, and never a write over another id's file, even two writes at once on a file system that ignores case.
import { describe, expect, it } from "vitest";
import type { Host } from "../../../src/host/host.js";
import { createIdFiles } from "../../../src/engine/project/id-files.js";
import { createMemoryHost } from "../../support/memory-host.js";

/** A host whose file names ignore case, as on macOS and Windows by default. */
function caseInsensitive(host: Host & { files: Map<string, string> }): Host & { files: Map<string, string> } {
  const fold = (file: string) => file.toLowerCase();
  return { ...host, readFile: (f) => host.readFile(fold(f)), stat: (f) => host.stat(fold(f)), writeFile: (f, c, o) => host.writeFile(fold(f), c, o) };
}

const records = (host: Host) =>
  createIdFiles(host, {
    dir: "calls",
    idIn: (bytes) => (JSON.parse(new TextDecoder().decode(bytes)) as { id?: string }).id,
    describe: (id) => `record ${id}`,
  });

describe("createIdFiles", () => {
  it("writes ABC and abc one after the other where case is ignored: the second finds the first and is refused", async () => {
    const host = caseInsensitive(createMemoryHost({}, { cwd: "/p" }));
    const files = records(host);
    const outcomes = await Promise.all([files.write("ABC", '{"id":"ABC"}', true), files.write("abc", '{"id":"abc"}', true)]);
    expect(outcomes.map((o) => o.status)).toEqual(["written", "refused"]);
    expect(outcomes[1]).toMatchObject({
      reason: "other-id",
      message:
        "calls/abc.json holds record ABC, not record abc: nothing was written over it (this file system does not tell ABC.json from abc.json apart); write one of them into another folder.",
    });
    expect([...host.files.values()]).toEqual(['{"id":"ABC"}']);
  });

  it("replaces the id's own file only when asked, and refuses a file that names no id", async () => {
    const host = createMemoryHost({ "calls/a.json": '{"id":"a"}', "calls/b.json": "{}" }, { cwd: "/p" });
    const files = records(host);
    expect(await files.write("a", '{"id":"a","v":2}', false)).toEqual({ status: "exists", file: "calls/a.json" });
    expect(await files.write("a", '{"id":"a","v":2}', true)).toEqual({ status: "written", file: "calls/a.json" });
    expect(await files.write("b", '{"id":"b"}', true)).toMatchObject({ status: "refused", reason: "not-an-id-file" });
    expect(host.files.get("/p/calls/b.json")).toBe("{}");
    expect(await files.write("é".repeat(40), "{}", true)).toMatchObject({ status: "refused", reason: "id-too-long" });
  });
});
