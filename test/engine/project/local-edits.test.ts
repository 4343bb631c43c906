// The check that keeps fetch from discarding work: a file's content against the hash recorded at the last fetch or push.
import { describe, expect, it } from "vitest";
import { getFileContentHash, getLocalFileState, isSafeToReplace, toLocalEditsMessage } from "../../../src/engine/project/local-edits.js";
import { getPathwayHash } from "../../../src/remote/index.js";

const pathway = { name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", text: "Hi" } }], edges: [] };
const bytes = (text: string) => new TextEncoder().encode(text);
const files = (map: Record<string, string>) => async (file: string) => (file in map ? bytes(map[file]!) : undefined);
const recorded = getPathwayHash(pathway);

describe("getLocalFileState", () => {
  it("sees no file as missing, and the content last written (in any formatting) as unchanged", async () => {
    const read = files({ "same.json": JSON.stringify(pathway, null, 2), "flat.json": JSON.stringify(pathway) });
    expect(await getLocalFileState("none.json", recorded, read)).toEqual({ state: "missing" });
    expect(await getLocalFileState("same.json", recorded, read)).toEqual({ state: "unchanged", hash: recorded });
    expect(await getLocalFileState("flat.json", recorded, read)).toEqual({ state: "unchanged", hash: recorded });
  });

  it("sees a changed value, broken JSON, and a file with no record as edited", async () => {
    const read = files({ "edited.json": JSON.stringify({ ...pathway, name: "Q" }), "broken.json": "{ nope", "loose.json": JSON.stringify(pathway) });
    expect(await getLocalFileState("edited.json", recorded, read)).toMatchObject({ state: "edited", reason: "changed" });
    expect(await getLocalFileState("broken.json", recorded, read)).toEqual({ state: "edited", reason: "unparseable" });
    expect(await getLocalFileState("loose.json", undefined, read)).toMatchObject({ state: "edited", reason: "untracked", hash: recorded });
  });

  it("lets an edited file be replaced only by the very content it already holds", async () => {
    const state = await getLocalFileState("loose.json", undefined, files({ "loose.json": JSON.stringify(pathway) }));
    expect(isSafeToReplace(state, recorded)).toBe(true);
    expect(isSafeToReplace(state, getPathwayHash({ ...pathway, name: "Other" }))).toBe(false);
    expect(isSafeToReplace({ state: "missing" }, recorded)).toBe(true);
  });

  it("names the file and both ways on", () => {
    const message = toLocalEditsMessage("pathways/a.json", "pw-1", { state: "edited", reason: "changed", hash: "sha256:x" });
    expect(message).toBe(
      "pathways/a.json has local edits since it was last fetched or pushed; not overwritten. Look first with `pathway diff pathways/a.json remote:pw-1`, or pass --force to take the remote version and discard them.",
    );
  });

  it("hashes a file's JSON, not its bytes, and gives undefined for what is not JSON or not UTF-8", () => {
    expect(getFileContentHash(bytes(' {"b":1, "a":2} '))).toBe(getPathwayHash({ a: 2, b: 1 }));
    expect(getFileContentHash(bytes("{"))).toBeUndefined();
    expect(getFileContentHash(new Uint8Array([0x7b, 0xff, 0x7d]))).toBeUndefined();
  });
});
