// `pathway report --coverage` with a coverage file that is not as `pathway test` wrote it: a clear refusal (exit 2), never a crash.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const BOOKING = path.join(ROOT, "pathways/appointment-booking.json");
type CoverageReport = { coverage: Record<string, Record<string, unknown>>[] };

let good: CoverageReport;
beforeAll(async () => {
  const r = await runMain(["test", path.join(ROOT, "pathways/scenarios/appointment-booking"), "--coverage", "--format", "json"]);
  good = JSON.parse(r.stdout) as CoverageReport;
}, 60_000);

/** The coverage report with one field of the first entry's `kind` replaced. */
function edited(kind: string, field: string, value: unknown): string {
  const copy = structuredClone(good);
  copy.coverage[0]![kind]![field] = value;
  return JSON.stringify(copy);
}

describe("pathway report --coverage with an edited coverage file", () => {
  it.each([
    ["nodes", "untested", null, /nodes\.untested: Invalid input: expected array, received null/],
    ["edges", "unreachable", [{ id: 5 }], /edges\.unreachable\[0\]\.id: Invalid input: expected string, received number/],
    ["globals", "percent", "all", /globals\.percent: Invalid input: expected number, received string/],
  ])(
    "refuses %s.%s = %j naming the field, with exit 2 and no stack",
    async (kind, field, value, message) => {
      const dir = tempDir();
      const file = path.join(dir, "coverage.json");
      writeFileSync(file, edited(kind, field, value));
      const r = await runMain(["report", BOOKING, "--coverage", file, "-o", path.join(dir, "r.html"), "--engine", "ranks"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^pathway: --coverage .*coverage\.json: the coverage of .*appointment-booking\.json is not as `pathway test --coverage --format json` writes it: /,
      );
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    },
    60_000,
  );

  it("still draws a file pathway test wrote", async () => {
    const dir = tempDir();
    const file = path.join(dir, "coverage.json");
    writeFileSync(file, JSON.stringify(good));
    const r = await runMain(["report", BOOKING, "--coverage", file, "-o", path.join(dir, "r.html"), "--engine", "ranks"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
  }, 60_000);
});
