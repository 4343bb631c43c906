// The shared pathway loader: what it accepts, and the exit code and message for everything it refuses.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ExitError } from "../../src/cli/exit.js";
import { checkPathway, loadPathway, parsePathway } from "../../src/cli/load-pathway.js";
import { tempDir } from "../support/cli.js";

const START = { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } };
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));

/** The ExitError `run` throws (failing the test when it throws nothing or something else). */
function exitError(run: () => unknown): ExitError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExitError) return error;
    throw error;
  }
  throw new Error("expected an ExitError");
}

async function asyncExitError(run: () => Promise<unknown>): Promise<ExitError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ExitError) return error;
    throw error;
  }
  throw new Error("expected an ExitError");
}

describe("checkPathway", () => {
  it("returns a pathway with at least one node that has a string id", () => {
    const pathway = { nodes: [{ globalConfig: {} }, START], edges: [] };
    expect(checkPathway(pathway, "p.json")).toBe(pathway);
  });

  it("refuses nodes that hold no node with a string id, with exit 2 and a pointer to validate", () => {
    const e = exitError(() => checkPathway({ nodes: [null, 1, "x", { id: 5 }], edges: {} }, "junk.json"));
    expect(e.code).toBe(2);
    expect(e.message).toMatch(/^junk\.json: not a pathway: "nodes" holds no node with a string "id"/);
    expect(e.message).toContain("run `pathway validate junk.json` to see why");
  });

  it("refuses a value that is not an object with a nodes array", () => {
    for (const value of [{ nodes: false }, [], null, "text", {}]) {
      const e = exitError(() => checkPathway(value, "x.json"));
      expect(e.code).toBe(2);
      expect(e.message).toMatch(/^x\.json: not a pathway \(expected a JSON object with a "nodes" array\); run `pathway validate x\.json`/);
    }
  });

  it("requires a start node only when asked", () => {
    const pathway = { nodes: [{ id: "a", type: "Default", data: {} }], edges: [] };
    expect(checkPathway(pathway, "p.json")).toBe(pathway);
    const e = exitError(() => checkPathway(pathway, "p.json", { requireStart: true }));
    expect(e.code).toBe(2);
    expect(e.message).toMatch(/^p\.json: no start node .*isStart.*; mark one, or run `pathway validate p\.json` to see why\.$/);
    expect(checkPathway({ nodes: [START] }, "p.json", { requireStart: true })).toEqual({ nodes: [START] });
  });
});

describe("parsePathway", () => {
  it("names the line and column of a syntax error", () => {
    const e = exitError(() => parsePathway(bytes('{"nodes": [1,]}'), "bad.json"));
    expect(e.code).toBe(2);
    expect(e.message).toMatch(/^bad\.json:1:\d+: .*; run `pathway validate bad\.json` to see why\.$/);
  });

  it("decodes strictly and names the line and column of a byte that is not UTF-8", () => {
    const e = exitError(() => parsePathway(Uint8Array.from([...bytes('{\n "x": "'), 0xe9, ...bytes('"}')]), "latin1.json"));
    expect(e.code).toBe(2);
    expect(e.message).toMatch(/^latin1\.json:2:8: Byte 0xe9 .* not valid UTF-8/);
  });

  it("quotes a path with spaces in the validate hint, and says - for stdin", () => {
    expect(exitError(() => parsePathway(bytes("{}"), "my file.json")).message).toContain('`pathway validate "my file.json"`');
    expect(exitError(() => parsePathway(bytes("{}"), "<stdin>")).message).toContain("`pathway validate -`");
  });
});

describe("loadPathway", () => {
  it("reads a file relative to cwd, or stdin for -", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "p.json"), JSON.stringify({ nodes: [START] }));
    expect(await loadPathway("p.json", { cwd: dir })).toEqual({ path: "p.json", pathway: { nodes: [START] } });
    const stdin = Readable.from([Buffer.from(JSON.stringify({ nodes: [START] }))]);
    expect(await loadPathway("-", { stdin })).toEqual({ path: "<stdin>", pathway: { nodes: [START] } });
  });

  it("words a missing file and a directory as validate does", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "sub"));
    const missing = await asyncExitError(() => loadPathway("nope.json", { cwd: dir }));
    expect(missing).toMatchObject({ code: 2, message: "nope.json: no such file or directory; check the path." });
    const directory = await asyncExitError(() => loadPathway("sub", { cwd: dir }));
    expect(directory.code).toBe(2);
    expect(directory.message).toMatch(/^sub: is a directory/);
  });
});
