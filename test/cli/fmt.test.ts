// `pathway fmt` run in this process: one file that cannot be formatted (or breaks the formatter) never stops the others.
import { describe, expect, test, vi } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

// The formatter breaks on documents holding "BOOM", as an unforeseen bug would.
vi.mock(import("../../src/codegen/fmt.js"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    formatPathwayDocument: (input: string | Uint8Array) => {
      if (Buffer.from(input).toString("utf8").includes("BOOM")) throw new RangeError("Maximum call stack size exceeded");
      return actual.formatPathwayDocument(input);
    },
  };
});

// Writing fails for files named locked*.json, as on a read-only disk.
vi.mock(import("../../src/host/write-file-atomic.js"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    writeFileAtomic: async (file: string, text: string | Uint8Array) => {
      if (path.basename(file).startsWith("locked")) throw new Error(`EROFS: read-only file system, open '${file}'`);
      return actual.writeFileAtomic(file, text);
    },
  };
});

const OK = '{"nodes":[],"name":"ok"}';

function project(files: Record<string, string>): string {
  return createTempProject(files, "pathwaykit-fmt-");
}

describe("pathway fmt, file by file", () => {
  test("reports a document nested 100000 deep (exit 2) and still formats the next file", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const dir = project({ "deep.json": deep, "ok.json": OK });
    const result = await runMain(["fmt", "deep.json", "ok.json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("deep.json");
    expect(result.stderr).toMatch(/Data nested 100000 levels deep/);
    expect(result.stdout).toContain("formatted ok.json");
    expect(readFileSync(path.join(dir, "deep.json"), "utf8")).toBe(deep);
    expect(readFileSync(path.join(dir, "ok.json"), "utf8")).toBe('{\n  "name": "ok",\n  "nodes": []\n}\n');
  });

  test("--format json prints every file's status, in the per-file shape of validate and lint, when one is too deep", async () => {
    const dir = project({ "deep.json": "[".repeat(100_000) + "]".repeat(100_000), "ok.json": OK });
    const result = await runMain(["fmt", "deep.json", "ok.json", "-f", "json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        filePath: "deep.json",
        status: "failed",
        errorCount: 1,
        warningCount: 0,
        messages: [expect.objectContaining({ ruleId: "nesting-depth", severity: "error", line: 1, column: expect.any(Number) })],
      },
      { filePath: "ok.json", status: "formatted", errorCount: 0, warningCount: 0, messages: [] },
    ]);
    const validate = await runMain(["validate", "deep.json", "-f", "json"], { cwd: dir });
    const [fmtDeep] = JSON.parse(result.stdout) as Record<string, unknown>[];
    const [validateDeep] = JSON.parse(validate.stdout) as Record<string, unknown>[];
    expect(Object.keys(fmtDeep!).filter((k) => k !== "status")).toEqual(Object.keys(validateDeep!));
  });

  test("an error thrown while formatting one file fails that file (exit 2) without a stack trace and the rest are formatted", async () => {
    const dir = project({ "a.json": '{"BOOM": 1}', "ok.json": OK });
    const result = await runMain(["fmt", "a.json", "ok.json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("a.json");
    expect(result.stderr).toContain("Internal error while formatting this file (Maximum call stack size exceeded); the file was left unchanged");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toContain("formatted ok.json");
    expect(readFileSync(path.join(dir, "a.json"), "utf8")).toBe('{"BOOM": 1}');
  });

  test("a file that cannot be written fails alone (exit 2), saying so, and the rest are formatted", async () => {
    const dir = project({ "locked.json": OK, "ok.json": OK });
    const result = await runMain(["fmt", "locked.json", "ok.json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("locked.json");
    expect(result.stderr).toContain("Cannot write the formatted file (EROFS: read-only file system");
    expect(result.stdout).toContain("formatted ok.json");
  });

  test("refuses a number that would change, naming where it is, and leaves the file untouched", async () => {
    const text = '{"big":12345678901234567890123,"neg":-0}';
    const dir = project({ "n.json": text, "ok.json": OK });
    const result = await runMain(["fmt", "n.json", "ok.json", "-f", "json"], { cwd: dir });
    expect(result.code).toBe(2);
    const [n, ok] = JSON.parse(result.stdout) as { status: string; messages: { ruleId: string; pointer: string }[] }[];
    expect(n!.status).toBe("failed");
    expect(n!.messages).toEqual([
      expect.objectContaining({ ruleId: "number-not-exact", pointer: "/big", line: 1, column: 8, endLine: 1, endColumn: 31 }),
      expect.objectContaining({ ruleId: "number-not-exact", pointer: "/neg", line: 1, column: 38, endLine: 1, endColumn: 40 }),
    ]);
    expect(ok!.status).toBe("formatted");
    expect(readFileSync(path.join(dir, "n.json"), "utf8")).toBe(text);
  });

  test("refuses a file with a duplicate key, naming the key and saying to remove one", async () => {
    const text = '{"nodes":[{"twice":1,"twice":2}]}';
    const dir = project({ "dup.json": text, "ok.json": OK });
    const result = await runMain(["fmt", "dup.json", "ok.json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("dup.json");
    expect(result.stderr).toContain('The key "twice" appears twice in the same object');
    expect(result.stderr).toContain("remove one of the two");
    expect(result.stdout).toContain("formatted ok.json");
    expect(readFileSync(path.join(dir, "dup.json"), "utf8")).toBe(text);
  });
});
