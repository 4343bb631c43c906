// The run's temporary files go under one folder that the global setup removes (test/support/temp-root.ts).
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

it("os.tmpdir() in a test is the run's own folder, so nothing a test forgets to remove outlives the run", () => {
  expect(path.basename(tmpdir())).toMatch(/^pathwaykit-test-run-/);
  expect(existsSync(tmpdir())).toBe(true);
});
