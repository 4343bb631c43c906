// Vitest global setup: every temporary file of the run, the tests' and their child processes', goes under one folder removed at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Points TMPDIR (which `os.tmpdir()`, child processes and Chromium follow) at a fresh folder; the teardown removes it. */
export default function tempRoot(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), "pathwaykit-test-run-"));
  const previous = process.env["TMPDIR"];
  process.env["TMPDIR"] = root;
  return () => {
    if (previous === undefined) delete process.env["TMPDIR"];
    else process.env["TMPDIR"] = previous;
    // Without this every run left ~3,000 folders in /tmp, and creating files there grew slow for everything else.
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
