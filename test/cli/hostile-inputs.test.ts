// Hostile files through the CLI: a YAML alias bomb is one file's error (the executable), and control characters never reach the terminal raw.
import { beforeAll, describe, expect, it } from "vitest";
import { execSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

beforeAll(() => {
  if (!existsSync(path.join(ROOT, "dist/bundle/main.cjs"))) execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
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
    lines.push(
      `${name}: &${name} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(",")}]`,
    );
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

  it.each([700, 3_000])("import of data nested %i deep exits 2 with the depth, no stack trace", async (depth) => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "deep.json"), deepPathway(depth, 1));
    const r = await runMain(["import", path.join(dir, "deep.json")]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`nested ${String(depth).slice(0, -1)}\\d levels deep at /nodes/0/data/extra`));
    expect(r.stderr).toContain("nesting-depth");
    // It is JSON, only too deep: the closing line says so rather than "cannot be parsed as JSON".
    expect(r.stderr).toMatch(/deep\.json nests deeper than pathwaykit reads; fix the problem above/);
    expect(r.stderr).not.toMatch(/internal error|Maximum call stack|cannot be parsed|\n\s+at .*:\d+:\d+\)?$/m);
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
    writeFileSync(
      path.join(dir, "s.scenario.yaml"),
      `name: "stays ${HOSTILE.replace(/\u001b/g, "\\e")
        .replace(/\u0007/g, "\\a")
        .replace(/\u009b/g, "\\x9b")
        .replace(/\u007f/g, "\\x7f")}"\npathway: p.json\nturns:\n  - user: hi\n    expect: { node: Bye }\n`,
    );
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

describe("a saved API answer instead of a pathway", () => {
  const pathwayValue = JSON.parse(TINY) as object;
  const answers = [
    ["{status, pathway_data}", "/pathway_data", { status: "success", message: "Pathway updated", pathway_data: { pathway_id: "pw-1", ...pathwayValue } }],
    ["{data}", "/data", { data: pathwayValue, errors: null }],
  ] as const;

  // These said 'A pathway needs a "nodes" array (there is none)' of a file that holds a pathway one level down.
  it.each(answers)("validate and lint of %s say where the pathway is, at that key's line", async (_, pointer, answer) => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "answer.json"), JSON.stringify(answer, null, 2));
    for (const command of ["validate", "lint"]) {
      const r = await runMain([command, "answer.json", "--format", "json"], { cwd: dir });
      expect(r.code, command).toBe(1);
      const [file] = JSON.parse(r.stdout) as { messages: { ruleId: string; message: string; pointer: string; line: number }[] }[];
      expect(file!.messages).toEqual([expect.objectContaining({ ruleId: "pathway-shape", pointer, line: pointer === "/data" ? 2 : 4 })]);
      expect(file!.messages[0]!.message).toBe(
        `This is a saved API answer, not a pathway: the pathway is under ${pointer}; save that value as the file (e.g. \`jq '.${pointer.slice(1)}' <file> > pathway.json\`).`,
      );
    }
  });

  it.each(answers)("import of %s exits 2 with the same words, and writes nothing", async (_, pointer, answer) => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "answer.json"), JSON.stringify(answer));
    const r = await runMain(["import", "answer.json", "-o", "answer.pathway.ts"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`This is a saved API answer, not a pathway: the pathway is under ${pointer};`);
    expect(r.stderr).toContain("not-a-pathway");
    expect(r.stderr).toMatch(/answer\.json is not a pathway; fix the problem above, then import again\.\n$/);
    expect(existsSync(path.join(dir, "answer.pathway.ts"))).toBe(false);
  });

  it("a command that runs one pathway gives the same answer", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "answer.json"), JSON.stringify(answers[0][2]));
    const r = await runMain(["analyze", "answer.json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("answer.json: This is a saved API answer, not a pathway: the pathway is under /pathway_data;");
  });
});
