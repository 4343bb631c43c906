// The library's node host loads a pathway module without changing where the rest of the host program finds "pathwaykit".
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/host/node-host.js";
import { tempDir } from "../support/cli.js";

describe("createNodeHost().importModule", () => {
  it('installs no process-wide fallback for "pathwaykit": that is the CLI\'s (pathway build), not a library side effect', async () => {
    const dir = tempDir("pathwaykit-node-host-import-");
    writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
    writeFileSync(path.join(dir, "x.pathway.ts"), "export default { nodes: [], edges: [] } satisfies { nodes: unknown[] };\n");
    const mod = await createNodeHost({ cwd: dir }).importModule("x.pathway.ts");
    expect(mod.default).toEqual({ nodes: [], edges: [] });
    // A program that embeds pathwaykit keeps Node's answer: a folder without it installed cannot resolve it.
    expect(() => createRequire(path.join(dir, "x.js")).resolve("pathwaykit")).toThrow(/Cannot find module 'pathwaykit'/);
  });
});
