// The watcher on real files: saves come in debounced batches, node_modules is skipped, and too many files are refused.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { watchFiles, type FileChange } from "../../../src/engine/watch/watch-files.js";
import { tempDir } from "../../support/cli.js";

/** Resolves with the first batch `watchFiles` delivers. */
function nextBatch(batches: FileChange[][]): Promise<FileChange[]> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (batches.length > 0) {
        clearInterval(poll);
        resolve(batches[0]!);
      }
    }, 20);
  });
}

describe("watchFiles", () => {
  it("delivers saves made close together as one batch, without files it does not watch", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "node_modules"));
    const batches: FileChange[][] = [];
    const watch = await watchFiles(dir, (changes) => void batches.push(changes), { debounceMs: 300 });
    try {
      writeFileSync(path.join(dir, "a.json"), "{}");
      writeFileSync(path.join(dir, "b.scenario.yaml"), "name: x");
      writeFileSync(path.join(dir, "notes.txt"), "not watched");
      writeFileSync(path.join(dir, "node_modules", "c.json"), "{}");
      const batch = await nextBatch(batches);
      expect(batch.map((c) => path.basename(c.file)).sort()).toEqual(["a.json", "b.scenario.yaml"]);
      expect(batch.every((c) => c.kind === "add")).toBe(true);
    } finally {
      await watch.close();
    }
  }, 60_000);

  it("refuses a folder with more files than maxFiles", async () => {
    const dir = tempDir();
    for (let i = 0; i < 12; i++) writeFileSync(path.join(dir, `p${i}.json`), "{}");
    await expect(watchFiles(dir, () => undefined, { maxFiles: 5 })).rejects.toThrow(/more than 5 files and folders to watch/);
  }, 60_000);
});
