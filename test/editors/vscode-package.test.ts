// `npm run package:vscode` makes a .vsix whose manifest VS Code reads: the client, its commands, and a server copy that runs.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { ROOT, tempDir } from "../support/cli.js";

/** Every entry of a zip file (a .vsix is one) with its bytes. */
function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("npm run package:vscode", () => {
  it("packages the extension with its manifest, bundled client and a server copy that starts", async () => {
    const dir = tempDir("pathwaykit-vsix-");
    const vsix = path.join(dir, "pathwaykit.vsix");
    const run = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/package-vscode.ts", "--out", vsix], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    const entries = await readZip(vsix);
    const manifest = JSON.parse(entries.get("extension/package.json")!.toString("utf8")) as Record<string, any>;
    expect(manifest).toMatchObject({ name: "pathwaykit-vscode", main: "./dist/extension.js", engines: { vscode: "^1.82.0" } });
    expect(manifest.contributes.commands.map((c: { title: string }) => c.title)).toEqual(["Open review page", "Show diagram"]);
    expect(entries.has("extension.vsixmanifest")).toBe(true);
    expect(entries.has("extension/dist/extension.js")).toBe(true);
    // The client is one bundled file: no node_modules, and no sources, in the package.
    expect([...entries.keys()].filter((f) => f.includes("node_modules/") || f.startsWith("extension/src/"))).toEqual([]);
    // The fallback server runs from the files in the package alone.
    const unpacked = path.join(dir, "unpacked");
    for (const [name, bytes] of entries) {
      if (!name.startsWith("extension/server/")) continue;
      const target = path.join(unpacked, name.slice("extension/".length));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }
    const help = spawnSync(process.execPath, [path.join(unpacked, "server/bin/pathway.cjs"), "lsp", "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("pathway lsp --stdio");
    // A repeated key is found with momoa, which the bundle loads on first use: the package holds its copy.
    const duplicate = path.join(dir, "duplicate.json");
    writeFileSync(duplicate, '{"nodes": [], "edges": [], "nodes": []}');
    const validate = spawnSync(process.execPath, [path.join(unpacked, "server/bin/pathway.cjs"), "validate", duplicate, "--format", "json"], {
      encoding: "utf8",
    });
    expect(validate.stderr).toBe("");
    expect((JSON.parse(validate.stdout) as { messages: { ruleId: string }[] }[])[0]!.messages.map((m) => m.ruleId)).toContain("duplicate-key");
  }, 300_000);
});
