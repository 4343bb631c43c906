// `pathway build`: writes canonical JSON, points findings at TypeScript lines, --check fails on stale JSON (in-process; the executable for TypeScript positions).
import { describe, expect, test } from "vitest";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const BUILDER = pathToFileURL(path.join(ROOT, "src/builder/index.ts")).href;

/** A temp project (ESM) holding one entry module. */
function project(files: Record<string, string>): string {
  const sources = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, text.replaceAll("BUILDER", BUILDER)]));
  return createTempProject({ "package.json": '{"type": "module"}\n', ...sources }, "pathwaykit-build-");
}

const GOOD = `import { defaultNode, endCall, pathway } from "BUILDER";
export default pathway({ name: "Tiny" })
  .start("hi", defaultNode({ text: "Hi" }))
  .node("bye", endCall({ text: "Bye" }))
  .edge("hi", "bye", "Done");
`;

const BAD = `import { defaultNode, pathway, transfer } from "BUILDER";
export default pathway({ name: "Bad" })
  .start("hi", defaultNode({ text: "Hi" }))
  .node("desk", transfer({ name: "Desk", transferNumber: "555-0100" }))
  .edge("hi", "desk", "Transfer");
`;

describe("pathway build", () => {
  test("writes <name>.json next to the module, in canonical form", async () => {
    const dir = project({ "tiny.pathway.ts": GOOD });
    const result = await runMain(["build", "tiny.pathway.ts"], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("wrote: tiny.json");
    const text = readFileSync(path.join(dir, "tiny.json"), "utf8");
    expect(JSON.parse(text)).toMatchObject({ name: "Tiny", edges: [{ id: "hi->bye", label: "Done" }] });
    expect((await runMain(["fmt", "--check", "tiny.json"], { cwd: dir })).code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes("pathwaykit-tmp"))).toEqual([]);
  });

  test("-o writes into another directory", async () => {
    const dir = project({ "src/tiny.pathway.ts": GOOD });
    expect((await runMain(["build", "src/", "-o", "out"], { cwd: dir })).code).toBe(0);
    expect(existsSync(path.join(dir, "out/tiny.json"))).toBe(true);
  });

  // The executable: a node's TypeScript line is read from a stack trace that Node source-maps, but vitest replaces
  // Error.prepareStackTrace in its workers, so in-process the builder would see positions in tsx's compiled code.
  test("reports findings at the TypeScript line that declared the node, and writes nothing", () => {
    const dir = project({ "bad.pathway.ts": BAD });
    const result = runCli(["build", "bad.pathway.ts"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("bad.pathway.ts");
    expect(result.stdout).toMatch(/^\s+4:\d+\s+error\s+Transfer node "Desk"/m);
    expect(result.stdout).toContain("transfer-number-format");
    expect(existsSync(path.join(dir, "bad.json"))).toBe(false);
  });

  // The executable, for source-mapped positions (see the first such test).
  test.each([
    [
      "what `npm init -y` writes (npm 11)",
      '{\n  "name": "flows",\n  "version": "1.0.0",\n  "main": "index.js",\n  "type": "commonjs",\n  "license": "ISC"\n}\n',
    ],
    ["a package.json without a type", '{ "name": "flows" }\n'],
  ])("in a CommonJS folder (%s), findings keep the TypeScript line, in the entry and in a fragment", (_, packageJson) => {
    // The modules import "pathwaykit", which this folder has not installed: it resolves to the running package, whose
    // CommonJS copy (dist/builder.cjs) must not be taken for the author's code either.
    const fragment = `import { transfer, type PathwayBuilder } from "pathwaykit";
export function handOff<I extends string, S extends boolean>(b: PathwayBuilder<I, S>) {
  return b.node("front", transfer({ name: "Front desk", transferNumber: "0800 123" }));
}
`;
    const entry = `import { defaultNode, pathway, transfer } from "pathwaykit";
import { handOff } from "./fragment";
export default pathway({ name: "Bad" })
  .start("hi", defaultNode({ text: "Hi" }))
  .node("desk", transfer({ name: "Desk", transferNumber: "555-0100" }))
  .use(handOff)
  .edge("hi", "desk", "Transfer")
  .edge("desk", "front", "Busy");
`;
    const dir = createTempProject({ "package.json": packageJson, "bad.pathway.ts": entry, "fragment.ts": fragment }, "pathwaykit-build-cjs-");
    const result = runCli(["build", "bad.pathway.ts", "--format", "json"], { cwd: dir });
    expect(result.code).toBe(1);
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; line: number | null; column: number | null }[] }[];
    expect(files.map((f) => [f.filePath, f.messages.map((m) => [m.ruleId, m.line, m.column])])).toEqual([
      ["bad.pathway.ts", [["transfer-number-format", 5, 4]]],
      ["fragment.ts", [["transfer-number-format", 3, 12]]],
    ]);
    expect(existsSync(path.join(dir, "bad.json"))).toBe(false);
  });

  // The executable, for source-mapped positions (see the first such test).
  test("a finding inside a fragment points at the fragment's file and line", () => {
    const fragment = `import { transfer, type PathwayBuilder } from "BUILDER";
export function handOff<I extends string, S extends boolean>(b: PathwayBuilder<I, S>, prefix: string) {
  return b.node(\`\${prefix}-desk\`, transfer({ name: "Desk", transferNumber: "0800 123" }));
}
`;
    const entry = `import { defaultNode, pathway } from "BUILDER";
import { handOff } from "./fragment.js";
export default pathway({ name: "Uses a fragment" })
  .start("hi", defaultNode({ text: "Hi" }))
  .use((b) => handOff(b, "sales"));
`;
    const dir = project({ "fragment.ts": fragment, "entry.pathway.ts": entry });
    const result = runCli(["build", "entry.pathway.ts", "--format", "json"], { cwd: dir });
    expect(result.code).toBe(1);
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    expect(files.find((f) => f.filePath === "fragment.ts")?.messages).toEqual([expect.objectContaining({ ruleId: "transfer-number-format", line: 3 })]);
  });

  // The executable, for source-mapped positions (see the first such test).
  test("--format json gives the findings with their TypeScript positions", () => {
    const dir = project({ "bad.pathway.ts": BAD });
    const result = runCli(["build", "bad.pathway.ts", "--format", "json"], { cwd: dir });
    const [file] = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    expect(file!.filePath).toBe("bad.pathway.ts");
    expect(file!.messages[0]).toMatchObject({ ruleId: "transfer-number-format", line: 4 });
  });

  // The executable: the module replaces Error.prepareStackTrace, which vitest's worker needs for itself.
  test("declares every node and edge without formatting a stack trace, so a large module builds in linear time", () => {
    // Formatting a stack through source maps on every builder call took time in proportion to the module each time:
    // an imported 1,000-node pathway took minutes to build. The module counts the formatting it sees while declaring.
    const nodes = Array.from(
      { length: 300 },
      (_, i) => `  .node("n${i}", defaultNode({ text: "Step ${i}" }))\n  .edge(${i === 0 ? '"hi"' : `"n${i - 1}"`}, "n${i}", "Next")`,
    );
    const entry = `import { defaultNode, endCall, pathway } from "BUILDER";
let formatted = 0;
Error.prepareStackTrace = (error) => { formatted++; return String(error); };
export default pathway({ name: "Long", fields: { get stacksFormatted() { return formatted; } } })
  .start("hi", defaultNode({ text: "Hi" }))
${nodes.join("\n")}
  .node("bye", endCall({ text: "Bye" }))
  .edge("n299", "bye", "Done");
`;
    const dir = project({ "long.pathway.ts": entry });
    const result = runCli(["build", "long.pathway.ts"], { cwd: dir });
    expect([result.code, result.stderr]).toEqual([0, "wrote: long.json\n"]);
    const built = JSON.parse(readFileSync(path.join(dir, "long.json"), "utf8")) as { stacksFormatted: number; nodes: unknown[] };
    expect(built.nodes).toHaveLength(302);
    expect(built.stacksFormatted).toBe(0);
  });

  test("--check exits 1 and names the file when the JSON on disk is stale", async () => {
    const dir = project({ "tiny.pathway.ts": GOOD });
    expect((await runMain(["build", "tiny.pathway.ts"], { cwd: dir })).code).toBe(0);
    expect((await runMain(["build", "tiny.pathway.ts", "--check"], { cwd: dir })).code).toBe(0);
    writeFileSync(path.join(dir, "tiny.pathway.ts"), GOOD.replace('"Done"', '"Finished"').replaceAll("BUILDER", BUILDER));
    const stale = await runMain(["build", "tiny.pathway.ts", "--check"], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("OUT OF DATE: tiny.json");
    expect(stale.stdout).toContain("tiny.json differs from what tiny.pathway.ts builds");
    expect(JSON.parse(readFileSync(path.join(dir, "tiny.json"), "utf8")).edges[0].label).toBe("Done");
  });

  test("--check fails when the JSON was never built", async () => {
    const dir = project({ "tiny.pathway.ts": GOOD });
    expect((await runMain(["build", "tiny.pathway.ts", "--check"], { cwd: dir })).code).toBe(1);
  });

  test("accepts a module that exports an already built pathway", async () => {
    const dir = project({ "built.pathway.ts": GOOD.replace('"Done");', '"Done").build();') });
    expect((await runMain(["build", "built.pathway.ts"], { cwd: dir })).code).toBe(0);
  });

  // The executable, for source-mapped positions (see the first such test).
  test("a module that calls build() on a broken pathway still gets its findings reported", () => {
    const dir = project({ "bad.pathway.ts": BAD.replace('"Transfer");', '"Transfer").build();') });
    const result = runCli(["build", "bad.pathway.ts"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\s+4:\d+\s+error/m);
  });

  test("exits 2 with a clear message for a missing module, a syntax error or no default export", async () => {
    const dir = project({ "broken.pathway.ts": "export default pathway(;\n", "empty.pathway.ts": "export const x = 1;\n" });
    const missing = await runMain(["build", "nope.pathway.ts"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain("nope.pathway.ts: no such file");
    const broken = await runMain(["build", "broken.pathway.ts"], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain("could not be loaded");
    expect(broken.stdout + broken.stderr).not.toMatch(/\n\s+at /);
    const empty = await runMain(["build", "empty.pathway.ts", "empty.pathway.ts"], { cwd: dir });
    expect(empty.code).toBe(2);
    expect(empty.stdout).toContain("the default export is missing");
  });

  test("builds the example pathways to the committed JSON", async () => {
    const dir = tempDir("pathwaykit-examples-");
    const result = await runMain(["build", "pathways/", "-o", dir]);
    expect(result.code).toBe(0);
    for (const file of readdirSync(dir)) {
      expect(readFileSync(path.join(dir, file), "utf8")).toBe(readFileSync(path.join(ROOT, "pathways", file), "utf8"));
    }
  });
});
