// bland-cli project folders as pathways for every reading command: findings on the YAML lines, test cases checked, and `pathway convert` both ways.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/cli.js";

const YAML = `name: Order Status Line
global:
  prompt: Keep every reply under two sentences.
  voice: nat
nodes:
  greeting:
    prompt: Greet the caller.
    edges:
      - target: lookup
        label: Caller asks about an order
  lookup:
    prompt: Ask for the order number.
    edges:
      - target: goodbye
        label: Status delivered
  goodbye:
    type: End Call
    prompt: Thank the caller and hang up.
`;
const TESTS =
  "pathway: Order Status Line\ntests:\n  - name: happy_path\n    scenario: Caller asks where order 1234 is.\n    expected_path: [greeting, goodbye]\n";

let dir: string;
beforeEach(() => {
  dir = tempDir("pathwaykit-bland-");
  mkdirSync(path.join(dir, "shop/tests"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  writeFileSync(path.join(dir, "shop/bland-pathway.yaml"), YAML);
  writeFileSync(path.join(dir, "shop/tests/test-cases.yaml"), TESTS);
  writeFileSync(path.join(dir, "shop/.blandrc"), "pathway_file: bland-pathway.yaml\ntest_file: tests/test-cases.yaml\n");
});

type JsonResult = { filePath: string; messages: { ruleId: string; line: number; column: number; message: string }[] }[];
const lint = (args: string[]) => JSON.parse(runCli(["lint", ...args, "--format", "json"], { cwd: dir }).stdout) as JsonResult;

describe("a bland-cli project folder", () => {
  it("is linted as the pathway its push sends, each finding on the YAML line of its key, and its test cases on theirs", () => {
    const results = lint(["shop"]);
    expect(results.map((r) => r.filePath).sort()).toEqual(["shop/bland-pathway.yaml", "shop/tests/test-cases.yaml"]);
    const yaml = results.find((r) => r.filePath.endsWith(".yaml") && !r.filePath.includes("tests"))!;
    expect(yaml.messages.map((m) => `${m.ruleId} ${m.line}:${m.column}`)).toEqual(["bland-cli-push-loss 4:10"]);
    const tests = results.find((r) => r.filePath.includes("tests"))!;
    expect(tests.messages.map((m) => `${m.ruleId} ${m.line}:${m.column}`)).toEqual(["bland-cli-test-path 5:31"]);
    expect(tests.messages[0]!.message).toContain('from "greeting" to "goodbye"');
  });

  it("is found by a walk of its parent folder, and read by validate, analyze, diagram, report and diff", () => {
    const validated = runCli(["validate", "."], { cwd: dir });
    expect(validated.code).toBe(1);
    expect(validated.stdout).toContain("shop/tests/test-cases.yaml\n  5:31");
    const analysis = JSON.parse(runCli(["analyze", "shop", "--format", "json"], { cwd: dir }).stdout) as { start?: { id: string } };
    expect(JSON.stringify(analysis)).toContain("greeting");
    expect(runCli(["diagram", "shop/bland-pathway.yaml", "--format", "mermaid"], { cwd: dir }).stdout).toContain("Caller asks about an order");
    const report = runCli(["report", "shop", "-o", "report.html"], { cwd: dir });
    expect(report.code).toBe(0);
    expect(readFileSync(path.join(dir, "report.html"), "utf8")).toContain("bland-cli-push-loss");
    writeFileSync(path.join(dir, "other.yaml"), YAML.replace("Greet the caller.", "Greet the caller warmly."));
    const diff = runCli(["diff", "shop", "other.yaml"], { cwd: dir });
    expect(diff.stdout).toContain("Greet the caller warmly.");
  });

  it("offers no fix that would write JSON into the YAML, and lint --fix leaves it as it is", () => {
    writeFileSync(path.join(dir, "shop/bland-pathway.yaml"), YAML.replace("label: Status delivered", "label: '  Status delivered '"));
    const fixed = runCli(["lint", "shop", "--fix"], { cwd: dir });
    expect(fixed.stdout).toContain("edge-label-whitespace");
    expect(readFileSync(path.join(dir, "shop/bland-pathway.yaml"), "utf8")).toContain("'  Status delivered '");
  });
});

describe("a pathway JSON beside a .blandrc", () => {
  it("is warned of what a push through bland-cli's file loses", () => {
    const json = runCli(["convert", "shop", "--allow-loss", "-o", "shop/flow.json"], { cwd: dir });
    expect(json.code).toBe(0);
    const results = lint(["shop/flow.json"]);
    expect(results[0]!.messages.map((m) => m.ruleId)).toEqual(["bland-cli-push-loss", "bland-cli-push-loss", "bland-cli-push-loss"]);
    expect(results[0]!.messages.map((m) => m.message).join("\n")).toMatch(/new random ids[\s\S]*label is lost[\s\S]*label is lost/);
  });
});

describe("pathway convert", () => {
  it("writes the JSON of a bland-cli project only with --allow-loss when something is lost, and never over a file without --force", () => {
    const refused = runCli(["convert", "shop", "-o", "flow.json"], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("global.voice is never sent");
    expect(existsSync(path.join(dir, "flow.json"))).toBe(false);
    expect(runCli(["convert", "shop", "-o", "flow.json", "--allow-loss"], { cwd: dir }).code).toBe(0);
    const value = JSON.parse(readFileSync(path.join(dir, "flow.json"), "utf8")) as { nodes: { id?: string; data?: { isStart?: boolean } }[] };
    expect(value.nodes[1]).toMatchObject({ id: "greeting", data: { isStart: true } });
    const again = runCli(["convert", "shop", "-o", "flow.json", "--allow-loss"], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  it("writes a bland-cli project from pathway JSON (bland-pathway.yaml and .blandrc), listing what it cannot carry", () => {
    writeFileSync(
      path.join(dir, "flow.json"),
      JSON.stringify({
        name: "F",
        nodes: [
          { id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } },
          { id: "b", type: "End Call", data: { name: "B", prompt: "Bye" } },
        ],
        edges: [{ id: "e", source: "a", target: "b", label: "done" }],
      }),
    );
    const result = JSON.parse(runCli(["convert", "flow.json", "--format", "json"], { cwd: dir }).stdout) as {
      to: string;
      losses: { message: string; range?: unknown }[];
      text: string;
    };
    expect(result.to).toBe("bland-cli");
    expect(result.losses.map((l) => l.message.split(":")[0])).toEqual([
      "bland-cli gives all 2 nodes new random ids on every push",
      'Node "A" (id a)',
      'Node "B" (id b) has type End Call only in its top-level "type"',
      "Edge edge e",
    ]);
    expect(result.text).toContain("nodes:\n  A:\n");
    expect(runCli(["convert", "flow.json", "-o", "shop", "--allow-loss"], { cwd: dir }).stderr).toContain("is not empty");
    const written = runCli(["convert", "flow.json", "-o", "shop", "--allow-loss", "--force"], { cwd: dir });
    expect(written.code).toBe(0);
    expect(readFileSync(path.join(dir, "shop/.blandrc"), "utf8")).toBe("pathway_file: bland-pathway.yaml\ntest_file: tests/test-cases.yaml\n");
    expect(readFileSync(path.join(dir, "shop/bland-pathway.yaml"), "utf8")).toContain("  B:\n    prompt: Bye\n");
  });
});
