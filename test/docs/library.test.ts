// docs/library.md's example runs as written (against this checkout's src/index.ts) and prints a report.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it, vi } from "vitest";
import { ROOT } from "../support/cli.js";
import { createTempProject } from "../support/temp-project.js";

it("runs the library example from docs/library.md", async () => {
  const page = readFileSync(path.join(ROOT, "docs/library.md"), "utf8");
  const example = /<!-- example:library -->\n```ts\n([\s\S]*?)```\n<!-- \/example:library -->/.exec(page)?.[1];
  expect(example, "docs/library.md has the example between <!-- example:library --> markers").toBeDefined();
  const dir = createTempProject(
    { "example.ts": example!.replace(/from "pathwaykit"/g, `from ${JSON.stringify(pathToFileURL(path.join(ROOT, "src/index.ts")).href)}`) },
    "pathwaykit-library-doc-",
  );
  const file = path.join(dir, "example.ts");
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
