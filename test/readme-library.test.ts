// README's "Use it as a library" example runs as written (against this checkout's src/index.ts) and prints a report.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it, vi } from "vitest";
import { ROOT } from "./support/cli.js";

it("runs the library example from README.md", async () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const example = /<!-- example:library -->\n```ts\n([\s\S]*?)```\n<!-- \/example:library -->/.exec(readme)?.[1];
  expect(example, "README.md has the example between <!-- example:library --> markers").toBeDefined();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pathwaykit-readme-")), "example.ts");
  writeFileSync(file, example!.replace(/from "pathwaykit"/g, `from ${JSON.stringify(pathToFileURL(path.join(ROOT, "src/index.ts")).href)}`));
  const printed: unknown[][] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(args));
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    await import(pathToFileURL(file).href);
  } finally {
    process.chdir(cwd);
    log.mockRestore();
  }
  expect(printed).toHaveLength(1);
  expect(printed[0]![1]).toBe("0 validation errors");
});
