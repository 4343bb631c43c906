// The one confinement rule: which paths and globs named by a project's files stay inside its root, and that a refused glob is never searched.
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readConfiguredRequests } from "../../src/engine/check/check-requests.js";
import { findProjectRoot, resolveGlobInsideRoot, resolveInsideRoot } from "../../src/host/confine-path.js";
import { createMemoryHost } from "../support/memory-host.js";

const ROOT = "/project";
const noLinks = {};

describe("resolveInsideRoot", () => {
  it.each([
    ["p.json", true],
    ["a/../b/p.json", true],
    ["./p.json", true],
    ["/project/p.json", true],
    ["..", false],
    ["../p.json", false],
    ["a/../../p.json", false],
    ["/etc/passwd", false],
    ["/project-other/p.json", false],
    ["C:\\x.json", false],
    ["\\\\server\\share\\x.json", false],
  ])("%s inside: %s", async (relative, ok) => {
    expect((await resolveInsideRoot(noLinks, ROOT, relative)).ok).toBe(ok);
  });

  it("resolves against base but confines to root (a scenario two folders down may climb to the root, not past it)", async () => {
    const options = { base: "/project/a/b", rootName: "the project" };
    expect(await resolveInsideRoot(noLinks, ROOT, "../../p.json", options)).toEqual({ ok: true, path: "/project/p.json" });
    expect(await resolveInsideRoot(noLinks, ROOT, "../../../p.json", options)).toEqual({
      ok: false,
      reason: "leaves the project (through ..); keep the files it names inside the project",
    });
  });

  it("a path that normalises outside the root is refused, and one inside is accepted (all segment mixes)", async () => {
    const segment = fc.constantFrom("a", "b", "..", ".", "c.json");
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 8 }), async (parts) => {
        const relative = parts.join("/");
        const leaves = path.posix.relative(ROOT, path.posix.resolve(ROOT, relative)).startsWith("..");
        expect((await resolveInsideRoot(noLinks, ROOT, relative)).ok).toBe(!leaves);
      }),
    );
  });
});

describe("resolveGlobInsideRoot", () => {
  it.each([
    ["calls/*.json", true],
    ["**/*.request.json", true],
    ["calls/../calls/*.json", true],
    ["/project/calls/*.json", true],
    ["/**/*.request.json", false],
    ["../*.json", false],
    ["calls/../../x/*.json", false],
    ["{..,calls}/*.json", false],
    ["*/../../*.json", false],
    ["@(..)/*.json", false],
    ["C:/x/*.json", false], // a drive path names no file in the project on any system
  ])("%s accepted: %s", async (glob, ok) => {
    expect((await resolveGlobInsideRoot(noLinks, ROOT, glob)).ok).toBe(ok);
  });
});

describe("readConfiguredRequests", () => {
  it('refuses {"files": "/**/*.request.json"} without searching anything', async () => {
    const host = createMemoryHost({ "p.json": "{}" });
    const searched: string[][] = [];
    const glob = host.glob.bind(host);
    host.glob = async (patterns, options) => (searched.push([...patterns]), glob(patterns, options));
    const inputs = await readConfiguredRequests(host, {
      config: { requests: [{ files: ["/**/*.request.json"], pathway: "p.json" }] },
      root: ROOT,
      file: "/project/pathway.config.json",
    });
    expect(searched).toEqual([]);
    expect(inputs).toMatchObject([
      {
        path: "pathway.config.json requests[0]",
        problem: {
          ruleId: "no-matching-files",
          message: expect.stringContaining('requests[0].files "/**/*.request.json" starts in a folder that is an absolute path outside'),
        },
      },
    ]);
  });
});

describe("findProjectRoot", () => {
  it("is the nearest folder holding a marker, else the working directory for files under it, else the file's folder", async () => {
    const host = createMemoryHost({ "package.json": "{}", "a/pathway.config.json": "{}", "a/b/s.yaml": "", "c/s.yaml": "" }, { cwd: "/project" });
    expect(await findProjectRoot(host, "a/b/s.yaml")).toBe("/project/a");
    expect(await findProjectRoot(host, "c/s.yaml")).toBe("/project");
    const bare = createMemoryHost({ "x/s.yaml": "", "/elsewhere/s.yaml": "" }, { cwd: "/work" });
    expect(await findProjectRoot(bare, "x/s.yaml")).toBe("/work");
    expect(await findProjectRoot(bare, "/elsewhere/s.yaml")).toBe("/elsewhere");
  });
});
