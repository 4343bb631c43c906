// The pure formatters: same results in, same text out; escaping and code frames that stay readable.
import { describe, expect, it } from "vitest";
import type { Diagnostic, FileResult } from "../../src/diagnostics/index.js";
import { formatGithub, formatJson, formatStylish } from "../../src/format/index.js";

const d = (over: Partial<Diagnostic> = {}): Diagnostic => ({
  ruleId: "dead-end",
  severity: "error",
  message: "Node x has no way out.",
  pointer: "/nodes/0",
  range: { start: { line: 2, column: 3 }, end: { line: 2, column: 9 } },
  ...over,
});

describe("stylish", () => {
  it("groups by file, prints a code frame with a caret under the column, and sums up", () => {
    const out = formatStylish([{ filePath: "a.json", text: '{\n  {"id": "x"}\n}', diagnostics: [d(), d({ severity: "warning", range: undefined })] }]);
    expect(out).toBe(
      [
        "a.json",
        "  2:3      error  Node x has no way out.  dead-end",
        "    at /nodes/0",
        "      1 | {",
        '    > 2 |   {"id": "x"}',
        "        |   ^",
        "  -        warning  Node x has no way out.  dead-end",
        "    at /nodes/0",
        "",
        "✖ 2 problems (1 error, 1 warning) in 1 file",
        "",
      ].join("\n"),
    );
  });

  it("windows a very long line around the column so the caret stays on screen", () => {
    const long = `${"x".repeat(5000)}HERE${"y".repeat(5000)}`;
    const out = formatStylish([
      { filePath: "a.json", text: long, diagnostics: [d({ range: { start: { line: 1, column: 5001 }, end: { line: 1, column: 5005 } } })] },
    ]);
    const [line, caret] = out.split("\n").filter((l) => l.includes("> 1 |") || /^\s+\|\s+\^/.test(l));
    expect(line!.length).toBeLessThan(200);
    expect(line!.indexOf("HERE")).toBe(caret!.indexOf("^"));
  });

  it("says there are no problems, and uses colour only when asked", () => {
    expect(formatStylish([{ filePath: "a", diagnostics: [] }])).toBe("✔ 1 file checked, no problems\n");
    expect(formatStylish([{ filePath: "a", diagnostics: [d()] }], { color: true })).toContain("\u001b[31m");
    expect(formatStylish([{ filePath: "a", diagnostics: [d()] }], { color: false })).not.toContain("\u001b[");
  });
});

describe("github", () => {
  it("escapes what would end a workflow command early", () => {
    const results: FileResult[] = [{ filePath: "dir,x/a:b.json", diagnostics: [d({ message: "50% done\nnext line", severity: "warning" })] }];
    expect(formatGithub(results)).toBe(
      "::warning file=dir%2Cx/a%3Ab.json,line=2,col=3,endLine=2,endColumn=9,title=pathway dead-end::50%25 done%0Anext line (at /nodes/0)\n",
    );
  });
});

describe("json", () => {
  it("uses null for findings without a place", () => {
    const [file] = JSON.parse(formatJson([{ filePath: "a", diagnostics: [d({ range: undefined })] }]));
    expect(file.messages[0]).toMatchObject({ line: null, column: null, endLine: null, endColumn: null });
    expect(file).toMatchObject({ errorCount: 1, warningCount: 0 });
  });
});

describe("loadDiagnosticFormatter", () => {
  it("loads the same formatter as the diagnosticFormatters table, for every name", async () => {
    const { DIAGNOSTIC_FORMATTER_NAMES, loadDiagnosticFormatter } = await import("../../src/format/load-formatter.js");
    const { diagnosticFormatters } = await import("../../src/format/index.js");
    expect([...DIAGNOSTIC_FORMATTER_NAMES].sort()).toEqual(Object.keys(diagnosticFormatters).sort());
    for (const name of DIAGNOSTIC_FORMATTER_NAMES) expect(await loadDiagnosticFormatter(name)).toBe(diagnosticFormatters[name]);
  });
});
