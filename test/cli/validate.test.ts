// `pathway validate`: output formats, exit codes, and bad input that must not crash it (in-process; the executable where the process boundary matters).
import Ajv04Module from "ajv-draft-04";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, itCorpus } from "../support/corpus.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const corpus = (name: string) => path.join(CORPUS_DIR, name);
const GOOD = corpus("receptionist-auto-shop.json");
const BAD = corpus("restaurant-2024-get-dump.json");
const NO_STACK = /\n\s+at .*\(.*:\d+:\d+\)/;

describe("pathway validate", () => {
  itCorpus("exits 0 and says so for a valid file", async () => {
    const r = await runMain(["validate", GOOD]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/1 file checked, no problems/);
  });

  itCorpus("exits 1 with file, line:column, message, rule id and a code frame for an invalid file", async () => {
    const r = await runMain(["validate", BAD]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(BAD);
    expect(r.stdout).toMatch(/199:32\s+error\s+Global node "New Knowledge Base Node" .* global-label-empty/);
    expect(r.stdout).toMatch(/> 199 \|\s+"globalLabel": "",\n\s+\|\s+\^/);
    expect(r.stdout).toMatch(/1 problem \(1 error, 0 warnings\) in 1 file/);
  });

  itCorpus("prints ESLint-style JSON with pointer and range", async () => {
    const r = await runMain(["validate", BAD, GOOD, "--format", "json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual([
      {
        filePath: BAD,
        errorCount: 1,
        warningCount: 0,
        messages: [
          {
            ruleId: "global-label-empty",
            severity: "error",
            message: expect.stringContaining("empty globalLabel"),
            pointer: "/nodes/9/data/globalLabel",
            line: 199,
            column: 32,
            endLine: 199,
            endColumn: 34,
          },
        ],
      },
      { filePath: GOOD, errorCount: 0, warningCount: 0, messages: [] },
    ]);
  });

  itCorpus("prints SARIF 2.1.0 that the official schema accepts, with stable rule ids and physical locations", async () => {
    const r = await runMain(["validate", "--format", "sarif", path.relative(ROOT, BAD)]);
    const log = JSON.parse(r.stdout);
    const schema = JSON.parse(readFileSync(path.join(ROOT, "node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
    const ajv = new Ajv04Module.default({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false });
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const [result] = log.runs[0].results;
    expect(result.ruleId).toBe("global-label-empty");
    expect(log.runs[0].tool.driver.rules[result.ruleIndex].id).toBe("global-label-empty");
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "../shared/corpus/real/restaurant-2024-get-dump.json", uriBaseId: "%SRCROOT%" },
      region: { startLine: 199, startColumn: 32, endLine: 199, endColumn: 34 },
    });
  });

  itCorpus("prints GitHub workflow annotations", async () => {
    const r = await runMain(["validate", "--format", "github", BAD]);
    expect(r.stdout).toMatch(
      new RegExp(
        `^::error file=${BAD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},line=199,col=32,endLine=199,endColumn=34,title=pathway global-label-empty::Global node`,
        "m",
      ),
    );
  });

  itCorpus("checks the other files when one is missing, and exits 2", async () => {
    const r = await runMain(["validate", "does-not-exist.json", GOOD, "--format", "json"]);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout);
    expect(report.map((f: { filePath: string }) => f.filePath)).toEqual(["does-not-exist.json", GOOD]);
    expect(report[0].messages[0]).toMatchObject({ ruleId: "unreadable-file", message: "does-not-exist.json: no such file or directory; check the path." });
  });

  itCorpus("walks a directory, and says so when it holds no pathway files", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "empty"));
    writeFileSync(path.join(dir, "package.json"), "{}");
    const none = await runMain(["validate", "empty", "."], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stdout).toMatch(/empty: no pathway files \(\.json\) in this directory/);
    expect((await runMain(["validate", CORPUS_DIR])).stdout).toMatch(/21 problems \(19 errors, 2 warnings\) in 14 files/);
  });

  itCorpus("handles an empty file, a byte-order mark and a bad byte without a stack trace", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "empty.json"), "");
    writeFileSync(path.join(dir, "bom.json"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(GOOD)]));
    writeFileSync(path.join(dir, "latin1.json"), Buffer.from('{"name": "caf\xe9", "nodes": []}', "latin1"));
    const r = await runMain(["validate", "empty.json", "bom.json", "latin1.json", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(NO_STACK);
    const byFile = Object.fromEntries(JSON.parse(r.stdout).map((f: any) => [f.filePath, f.messages.map((m: any) => `${m.ruleId}@${m.line}:${m.column}`)]));
    expect(byFile).toEqual({ "empty.json": ["parse-error@1:1"], "bom.json": ["byte-order-mark@1:1"], "latin1.json": ["invalid-utf8@1:14"] });
    expect((await runMain(["validate", "bom.json", "--max-warnings", "0"], { cwd: dir })).code).toBe(1);
    expect((await runMain(["validate", "bom.json", "--max-warnings", "1"], { cwd: dir })).code).toBe(0);
  });

  it("reports JSON nested 100,000 levels deep as too deep, naming the depth and place, without a stack trace", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "deep.json"), `{"nodes": [${"[".repeat(100_000)}${"]".repeat(100_000)}]}`);
    writeFileSync(path.join(dir, "deeper.json"), "[".repeat(100_000) + "]".repeat(100_000));
    const r = await runMain(["validate", "deep.json", "deeper.json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/Data nested 100002 levels deep at \/nodes\/0\/0\/0.*reads at most 256 levels.*nesting-depth/);
    expect(r.stdout).toMatch(/Data nested 100000 levels deep at \/0\/0\/0/);
  });

  it("treats __proto__ keys as data: they neither pollute nor count as fields", async () => {
    const text = '{"__proto__": {"polluted": 1}, "nodes": [{"id": "a", "type": "Default", "data": {"__proto__": {"isStart": true}, "text": "hi"}}]}';
    const r = await runMain(["validate", "-", "--format", "json"], { stdin: text });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].messages.map((m: any) => m.ruleId)).toEqual(["missing-start-node"]);
  });

  itCorpus("validates a 100 MB file", async () => {
    const dir = tempDir();
    const big = JSON.parse(readFileSync(GOOD, "utf8"));
    big.nodes[0].data.prompt = "x".repeat(100 * 1024 * 1024);
    writeFileSync(path.join(dir, "big.json"), JSON.stringify(big));
    const r = await runMain(["validate", "big.json"], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stderr: "" });
  });

  itCorpus("writes the report to a file with -o, leaving stdout empty", async () => {
    const dir = tempDir();
    const r = await runMain(["validate", BAD, "-f", "sarif", "-o", "out/report.sarif"], { cwd: dir });
    expect(r).toMatchObject({ code: 1, stdout: "" });
    expect(JSON.parse(readFileSync(path.join(dir, "out/report.sarif"), "utf8")).version).toBe("2.1.0");
    const toDir = await runMain(["validate", BAD, "-o", "out"], { cwd: dir });
    expect(toDir).toMatchObject({ code: 2, stderr: "pathway: cannot write the report: out: is a directory; name a file.\n" });
  });

  it("warns about a key repeated in one object, whose first value JSON readers drop", async () => {
    const r = await runMain(["validate", "-", "-f", "json"], {
      stdin: '{"nodes": [{"id": "a", "type": "Default", "data": {"isStart": true, "text": "hi", "text": "bye"}}]}',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)[0].messages).toMatchObject([
      { ruleId: "duplicate-key", severity: "warning", pointer: "/nodes/0/data/text", line: 1, column: 83 },
    ]);
  });

  it("gives a finding about the file itself the severity --rule sets, as lint does (one severity resolver)", async () => {
    const stdin = '{"nodes": [{"id": "a", "type": "Default", "data": {"isStart": true, "text": "hi", "text": "bye"}}]}';
    const r = await runMain(["validate", "-", "-f", "json", "--rule", "duplicate-key:error"], { stdin });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].messages).toMatchObject([{ ruleId: "duplicate-key", severity: "error", pointer: "/nodes/0/data/text" }]);
  });

  itCorpus("turns a rule off or down with --rule, and rejects unknown rules as a usage error", async () => {
    expect((await runMain(["validate", BAD, "--rule", "global-label-empty:off"])).code).toBe(0);
    expect((await runMain(["validate", BAD, "--rule", "global-label-empty:warn"])).code).toBe(0);
    const r = await runMain(["validate", BAD, "--rule", "no-such-rule:off"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown rule "no-such-rule"/);
    expect((await runMain(["validate", BAD, "--rule", "dead-end:off"])).stderr).toMatch(
      /"dead-end" is a lint rule, which pathway validate does not run; use pathway lint/,
    );
  });

  itCorpus("explains itself with --help, and treats bad usage as exit 2", async () => {
    const help = await runMain(["validate", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 no errors, 1 errors/);
    expect(help.stdout).toMatch(/--format <name>\s+output format \(stylish = text\) \(choices: "text",\s+"json", "sarif", "github"/);
    expect((await runMain(["validate", "--no-such-flag"])).code).toBe(2);
    expect((await runMain(["validate", GOOD, "--format", "xml"])).code).toBe(2);
    expect((await runMain(["validate", GOOD, "--max-warnings", "-1"])).stderr).toMatch(
      /option .--max-warnings <n>. argument .-1. is invalid\. Expected a whole number of at least 0/,
    );
  });

  itCorpus("colours stylish output only when asked or on a terminal", async () => {
    expect((await runMain(["validate", BAD])).stdout).not.toContain("\u001b[");
    expect((await runMain(["validate", BAD, "--color"])).stdout).toContain("\u001b[");
    expect((await runMain(["validate", BAD], { env: { FORCE_COLOR: "1", NO_COLOR: "" } })).stdout).toContain("\u001b[");
    expect((await runMain(["validate", BAD], { env: { NO_COLOR: "" }, tty: { columns: 80 } })).stdout).toContain("\u001b[");
    expect((await runMain(["validate", BAD], { tty: { columns: 80 } })).stdout).not.toContain("\u001b[");
  });

  it("wraps --help to the width of the terminal it was given, not to the process's own stdout", async () => {
    const summary = "check pathway files: JSON syntax and encoding, shape, start node, ids, references and node data";
    const narrow = (await runMain(["validate", "--help"], { tty: { columns: 50 } })).stdout;
    const wide = (await runMain(["validate", "--help"], { tty: { columns: 160 } })).stdout;
    expect(wide).toContain(summary);
    expect(narrow).not.toContain(summary);
    expect(narrow).toContain("check pathway files: JSON syntax and encoding,\nshape, start node");
  });
});

// The process boundary: what bin/pathway.cjs adds around main() (real stdin pipe, exit status, process.env, piped streams).
describe("no inputs: the working directory, as ESLint lints . (they exited 2 with 'No files given')", () => {
  it.each([["validate"], ["lint"]])("pathway %s checks the pathways under the working directory", async (command) => {
    const dir = tempDir("pathwaykit-cwd-");
    mkdirSync(path.join(dir, "pathways"));
    writeFileSync(path.join(dir, "pathways", "kb.json"), readFileSync(path.join(ROOT, "pathways/support-kb.json")));
    writeFileSync(path.join(dir, "package.json"), "{}");
    const r = await runMain([command, "--format", "json"], { cwd: dir });
    expect((JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["pathways/kb.json"]);
    const empty = await runMain([command], { cwd: tempDir("pathwaykit-cwd-empty-") });
    expect(empty.code).toBe(2);
    expect(empty.stdout).toContain(".: no pathway files (.json) in this directory");
  });

  it("pathway check-request checks the request files under the working directory", async () => {
    const dir = tempDir("pathwaykit-cwd-req-");
    writeFileSync(path.join(dir, "call.request.json"), JSON.stringify({ phone_number: "+14155550123", task: "Say hi." }));
    const r = await runMain(["check-request", "--format", "json"], { cwd: dir });
    expect((JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath)).toEqual(["call.request.json"]);
  });
});

describe("pathway validate as an executable", () => {
  itCorpus("reads stdin from a pipe with -, prints the findings on stdout only and exits with status 1", () => {
    const r = runCli(["validate", "-"], { input: readFileSync(BAD) });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/<stdin>\n\s+199:32/);
    expect(r.stderr).toBe("");
  });

  itCorpus("takes FORCE_COLOR from the environment, and writes no colour into a pipe otherwise", () => {
    expect(runCli(["validate", BAD]).stdout).not.toContain("\u001b[");
    expect(runCli(["validate", BAD], { env: { FORCE_COLOR: "1", NO_COLOR: "" } }).stdout).toContain("\u001b[");
  });

  it("exits with status 2 on a usage error, the message on stderr and nothing on stdout", () => {
    const r = runCli(["validate", "--format", "xml", "x.json"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/argument 'xml' is invalid/);
  });
});
