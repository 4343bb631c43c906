// Hostile files through the CLI: a YAML alias bomb is one file's error (the executable), and control characters never reach the terminal raw.
import { beforeAll, describe, expect, it } from "vitest";
import { execSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

beforeAll(() => {
  if (!existsSync(path.join(ROOT, "dist/bundle/main.js"))) execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
});

const TINY = JSON.stringify({
  name: "tiny",
  nodes: [
    { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "Hello." } },
    { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
  ],
  edges: [{ id: "e1", source: "start", target: "bye", data: { label: "done" } }],
});

function billionLaughs(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 12; i++) {
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(9).fill("*" + String.fromCharCode(96 + i)).join(",")}]`);
  }
  return [...lines, "pathway: tiny.json", "turns: []", ""].join("\n");
}

describe("pathway test with an alias bomb beside valid scenarios", () => {
  // The executable: if the bomb ever expanded, it would exhaust a child process's memory, not the test worker's.
  it("reports the bomb as that file's error and still runs and reports the other files", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "tiny.json"), TINY);
    writeFileSync(path.join(dir, "a-ends.scenario.yaml"), "name: ends\npathway: tiny.json\nturns:\n  - user: done\n    take: done\nexpect: { ended: true }\n");
    writeFileSync(path.join(dir, "b-bomb.scenario.yaml"), billionLaughs());
    writeFileSync(path.join(dir, "c-stays.scenario.yaml"), "name: stays\npathway: tiny.json\nturns:\n  - user: hello\n    expect: { node: Start }\n");
    const r = runCli(["test", dir, "--format", "json"]);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(2);
    const out = r.stdout;
    expect(out).toMatch(/alias/i);
    expect(out).toContain("b-bomb.scenario.yaml");
    expect(out).toContain('"ends"');
    expect(out).toContain('"stays"');
  });
});

describe("deeply nested data", () => {
  function deepPathway(depth: number, leaf: number): string {
    let extra: unknown = leaf;
    for (let i = 0; i < depth; i++) extra = [extra];
    return JSON.stringify({ name: "deep", nodes: [{ id: "s", type: "Default", data: { name: "S", isStart: true, text: "Hi.", extra } }], edges: [] });
  }

  it("import of data nested 700 deep exits 2 with the depth, no stack trace", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "deep.json"), deepPathway(700, 1));
    const r = await runMain(["import", path.join(dir, "deep.json")]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/nested 70\d levels deep at \/nodes\/0\/data\/extra/);
    expect(r.stderr).not.toMatch(/internal error|Maximum call stack|\n\s+at .*:\d+:\d+\)?$/m);
    expect(r.stderr.length).toBeLessThan(5_000);
  });

  it("diff of data nested 2,500 deep exits 2 naming the file and the depth", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "a.json"), deepPathway(2_500, 1));
    writeFileSync(path.join(dir, "b.json"), deepPathway(2_500, 2));
    const r = await runMain(["diff", path.join(dir, "a.json"), path.join(dir, "b.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a\.json:1:\d+: Data nested 250\d levels deep/);
    expect(r.stderr).not.toMatch(/internal error|Maximum call stack/);
  });
});

describe("control characters in node names and ids", () => {
  /** Clear screen, set the window title, ring the bell, a C1 CSI, DEL: none may reach the terminal raw. */
  const HOSTILE = "Evil\u001b[2J\u001b]0;owned\u0007\u009b31m\u007f";
  const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
  const pathwayText = JSON.stringify({
    name: `Tiny ${HOSTILE}`,
    nodes: [
      { id: "start", type: "Default", data: { name: `Start ${HOSTILE}`, isStart: true, text: `Hello ${HOSTILE}.` } },
      { id: `island${HOSTILE}`, type: "Default", data: { name: `Island ${HOSTILE}`, text: "Nobody comes here." } },
      { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
    ],
    edges: [{ id: "e1", source: "start", target: "bye", data: { label: `done ${HOSTILE}` } }],
  });

  function project(): string {
    const dir = tempDir();
    writeFileSync(path.join(dir, "p.json"), pathwayText);
    // A second version whose changed values carry the controls (JSON escapes C0 but leaves DEL, C1 and bidi raw) and a
    // non-canonical file whose very name carries them.
    writeFileSync(path.join(dir, "q.json"), pathwayText.replace("Nobody comes here.", `Somebody ${JSON.stringify(HOSTILE).slice(1, -1)}`));
    writeFileSync(path.join(dir, `raw${HOSTILE}.json`), JSON.stringify(JSON.parse(pathwayText)));
    writeFileSync(path.join(dir, "s.scenario.yaml"), `name: "stays ${HOSTILE.replace(/\u001b/g, "\\e").replace(/\u0007/g, "\\a").replace(/\u009b/g, "\\x9b").replace(/\u007f/g, "\\x7f")}"\npathway: p.json\nturns:\n  - user: hi\n    expect: { node: Bye }\n`);
    return dir;
  }

  it.each([
    { command: "lint", args: (dir: string) => ["lint", path.join(dir, "p.json")] },
    { command: "analyze", args: (dir: string) => ["analyze", path.join(dir, "p.json")] },
    { command: "test", args: (dir: string) => ["test", path.join(dir, "s.scenario.yaml")] },
    { command: "chat", args: (dir: string) => ["chat", path.join(dir, "p.json"), "--decider", "scripted"], input: "hello\n/edges\n/take 1\n/quit\n" },
    { command: "diff", args: (dir: string) => ["diff", path.join(dir, "p.json"), path.join(dir, "q.json")] },
    { command: "fmt --check", args: (dir: string) => ["fmt", "--check", path.join(dir, `raw${HOSTILE}.json`)] },
  ])("$command shows them escaped", async ({ args, input }) => {
    const r = await runMain(args(project()), input === undefined ? {} : { stdin: input });
    const out = r.stdout + r.stderr;
    expect(out).not.toMatch(/internal error/);
    expect(out).toContain("\\u001b");
    expect(out).not.toMatch(RAW);
  });

  it("diff -f md keeps a newline in a node name inside its heading (the <summary> line)", async () => {
    const dir = tempDir();
    const before = { nodes: [{ id: "a", type: "Default", data: { name: "A", text: "one" } }], edges: [] };
    const after = { nodes: [{ id: "a", type: "Default", data: { name: "A\n# Injected heading\n@someone", text: "two" } }], edges: [] };
    writeFileSync(path.join(dir, "a.json"), JSON.stringify(before));
    writeFileSync(path.join(dir, "b.json"), JSON.stringify(after));
    const r = await runMain(["diff", path.join(dir, "a.json"), path.join(dir, "b.json"), "-f", "md"]);
    // Fenced code (the line diff) is inert: what matters is the Markdown outside it.
    const prose = r.stdout.replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, "");
    expect(prose).toMatch(/^<details><summary>✏️ Changed node .*Injected heading.*<\/summary>$/m);
    expect(prose).not.toMatch(/^\s*# Injected heading/m);
    expect(prose).not.toMatch(/@someone/);
  });
});
