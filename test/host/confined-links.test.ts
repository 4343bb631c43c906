// For any tree of folders, files and links in and out of a project, a folder walk reads only files whose real path is inside it, each once.
import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandInputs } from "../../src/engine/project/inputs.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { tempDir } from "../support/cli.js";

/** Where a link may point: a folder or file of the project, of the folder beside it, the disk's root, or an ancestor. */
const TARGETS = ["project/a", "project/a/b", "project/a/x.json", "project", "outside", "outside/y.json", "outside/d", "/", "/etc/passwd", ".."] as const;
const PLACES = ["project", "project/a", "project/a/b", "project/c", "outside", "outside/d"] as const;

const layout = fc.array(fc.record({ at: fc.constantFrom(...PLACES), target: fc.constantFrom(...TARGETS) }), { maxLength: 6 });

describe.runIf(process.platform !== "win32")("a folder walk and symbolic links", () => {
  it("lists every file whose real path is inside the project once, and nothing from outside", async () => {
    await fc.assert(
      fc.asyncProperty(layout, async (links) => {
        const root = realpathSync(tempDir("pathwaykit-links-prop-"));
        try {
          for (const dir of PLACES) mkdirSync(path.join(root, dir), { recursive: true });
          writeFileSync(path.join(root, "project/package.json"), "{}");
          for (const file of ["project/a/x.json", "project/a/b/z.json", "project/c/w.json", "outside/y.json", "outside/d/v.json"])
            writeFileSync(path.join(root, file), "{}");
          links.forEach(({ at, target }, i) => {
            const to = target.startsWith("/") ? target : target === ".." ? ".." : path.join(root, target);
            symlinkSync(to, path.join(root, at, `l${i}${i % 2 ? ".json" : ""}`));
          });
          const project = path.join(root, "project");
          const refs = await expandInputs(createNodeHost({ cwd: project }), "pathway", ["."]);
          const read = refs.filter((r) => !r.skipped).map((r) => realpathSync(r.file!));
          for (const real of read) expect(real.startsWith(project + path.sep)).toBe(true);
          expect(new Set(read).size).toBe(read.length);
          expect(new Set(read)).toEqual(new Set(["a/x.json", "a/b/z.json", "c/w.json"].map((f) => path.join(project, f))));
          for (const r of refs.filter((ref) => ref.skipped)) expect(r.problem?.severity).toBe("warning");
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 40 },
    );
  });
});
