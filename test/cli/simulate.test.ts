// `pathway test`, `pathway scenarios generate` and `pathway chat` (in-process; the executable for a piped chat and a failing run's exit status).
import { beforeAll, describe, expect, it } from "vitest";
import { execSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { CORPUS_DIR, hasCorpus, itCorpus } from "../support/corpus.js";

const RECEPTIONIST = path.join(CORPUS_DIR, "receptionist-auto-shop.json");
/** Parses as JSON and has a nodes array, but no node a command could work on. */
const JUNK = '{"nodes":[null,1,"x",{"id":5}],"edges":{}}';
/** A node, but none marked as the start. */
const NO_START = JSON.stringify({ nodes: [{ id: "a", type: "Default", data: { name: "A", text: "Hi" } }], edges: [] });

/** test/fixtures/scenarios copied with the corpus pathway beside its scenarios: a scenario names only files inside its project. */
let FIXTURES = "";

beforeAll(() => {
  if (!existsSync(path.join(ROOT, "dist/bundle/main.cjs"))) execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
  if (!hasCorpus) return;
  FIXTURES = path.join(tempDir(), "scenarios");
  cpSync(path.join(ROOT, "test/fixtures/scenarios"), FIXTURES, { recursive: true });
  copyFileSync(RECEPTIONIST, path.join(FIXTURES, "receptionist", path.basename(RECEPTIONIST)));
});

/** A folder of scenario files, `$PATHWAY` being a copy of the corpus receptionist beside them. */
function scenarioDir(files: Record<string, string>): string {
  const dir = tempDir();
  if (hasCorpus) copyFileSync(RECEPTIONIST, path.join(dir, path.basename(RECEPTIONIST)));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text.replace("$PATHWAY", path.basename(RECEPTIONIST)));
  return dir;
}

describe("pathway test", () => {
  it("passes the example scenarios (and the corpus receptionist's, with the corpus) with full coverage of the example pathways", async () => {
    // test/fixtures/scenarios name a corpus pathway: without the corpus beside the clone they cannot run.
    const r = await runMain(["test", "pathways/scenarios", ...(hasCorpus ? [FIXTURES] : []), "--coverage", "--min-coverage", "nodes=100,edges=100"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✔ \d+ passed, 0 failed \(\d+ scenarios/);
    expect(r.stdout).toContain("Coverage of pathways/appointment-booking.json");
  });

  // The executable: a failing run's real exit status, the report on stdout.
  itCorpus("exits 1 on a failing scenario, showing expected, actual and the trace", () => {
    const dir = scenarioDir({
      "fail.scenario.yaml": "pathway: $PATHWAY\nturns:\n  - user: book\n    take: Offer Availability\n    expect: { node: Wrap Up }\n",
    });
    const r = runCli(["test", dir]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('expected to be at "Wrap Up", but the conversation is at "Offer Availability"');
    expect(r.stdout).toMatch(/fail\.scenario\.yaml:5:\d+ \(turn 1\)/);
    expect(r.stdout).toContain("trace up to the failure:");
  });

  itCorpus("exits 2 on an invalid scenario file, naming the line", async () => {
    const dir = scenarioDir({ "bad.scenario.yaml": "pathway: $PATHWAY\nturns:\n  - usr: hi\n" });
    const r = await runMain(["test", dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/unknown key "usr"/);
    expect(r.stdout).toMatch(/bad\.scenario\.yaml:3:5/);
  });

  itCorpus("exits 2 when the scenario's pathway file is missing", async () => {
    const dir = scenarioDir({ "x.scenario.yaml": "pathway: nowhere.json\nturns: []\n" });
    const r = await runMain(["test", dir, "--format", "json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).results[0]).toMatchObject({
      status: "error",
      failures: [{ line: 1, message: expect.stringContaining("nowhere.json: no such file or directory; check the path.") }],
    });
  });

  itCorpus("exits 2 when the scenario's pathway has no usable node or no start node, naming the pathway", async () => {
    const dir = scenarioDir({ "junk.scenario.yaml": "pathway: junk.json\nturns: []\n", "nostart.scenario.yaml": "pathway: nostart.json\nturns: []\n" });
    writeFileSync(path.join(dir, "junk.json"), JUNK);
    writeFileSync(path.join(dir, "nostart.json"), NO_START);
    const r = await runMain(["test", dir, "--format", "json"]);
    expect(r.code).toBe(2);
    const results = JSON.parse(r.stdout).results as { file: string; status: string; failures: { message: string; line?: number }[] }[];
    const byFile = Object.fromEntries(results.map((x) => [path.basename(x.file), x]));
    expect(byFile["junk.scenario.yaml"]).toMatchObject({
      status: "error",
      failures: [{ line: 1, message: expect.stringMatching(/junk\.json: not a pathway: .*pathway validate/) }],
    });
    expect(byFile["nostart.scenario.yaml"]).toMatchObject({
      status: "error",
      failures: [{ line: 1, message: expect.stringMatching(/nostart\.json: no start node/) }],
    });
  });

  itCorpus("runs a scenario with start: on a pathway without a start node", async () => {
    const dir = scenarioDir({ "s.scenario.yaml": "pathway: nostart.json\nstart: A\nturns: []\n" });
    writeFileSync(path.join(dir, "nostart.json"), NO_START);
    const r = await runMain(["test", dir]);
    expect(r.stdout).toMatch(/1 passed/);
    expect(r.code).toBe(0);
  });

  itCorpus("exits 2 on a scenario file that is not UTF-8, naming the bad byte's line and column", async () => {
    const dir = scenarioDir({});
    writeFileSync(
      path.join(dir, "latin1.scenario.yaml"),
      Buffer.concat([Buffer.from(`pathway: ${path.basename(RECEPTIONIST)}\nname: caf`), Buffer.from([0xe9]), Buffer.from("\nturns: []\n")]),
    );
    const r = await runMain(["test", dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/latin1\.scenario\.yaml:2:10/);
    expect(r.stdout).toMatch(/Byte 0xe9 .* not valid UTF-8/);
    expect(r.stdout).not.toMatch(/expected object/);
  });

  itCorpus("writes valid JUnit XML and TAP", async () => {
    const junit = await runMain(["test", FIXTURES, "--format", "junit"]);
    expect(junit.code).toBe(0);
    expect(XMLValidator.validate(junit.stdout)).toBe(true);
    const tap = await runMain(["test", FIXTURES, "-f", "tap"]);
    expect(tap.stdout.split("\n").slice(0, 2)).toEqual(["TAP version 13", "1..3"]);
  });

  itCorpus("writes the report to a file atomically with -o", async () => {
    const dir = tempDir();
    const r = await runMain(["test", FIXTURES, "-f", "junit", "-o", path.join(dir, "reports/out.xml")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(XMLValidator.validate(readFileSync(path.join(dir, "reports/out.xml"), "utf8"))).toBe(true);
    expect(readdirSync(path.join(dir, "reports"))).toEqual(["out.xml"]);
  });

  itCorpus("fails below --min-coverage (exit 1) and rejects a bad spec (exit 2)", async () => {
    const low = await runMain(["test", path.join(FIXTURES, "receptionist/asks-for-a-human.scenario.yaml"), "--min-coverage", "edges=80"]);
    expect(low.code).toBe(1);
    expect(low.stdout).toMatch(/edges coverage 14\.2% is below the minimum 80%/);
    const bad = await runMain(["test", FIXTURES, "--min-coverage", "lines=80"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--min-coverage "lines=80": expected/);
  });

  itCorpus("needs a model endpoint for --decider llm and never prints the key", async () => {
    const missing = await runMain(["test", FIXTURES, "--decider", "llm"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/PATHWAYKIT_LLM_BASE_URL/);
    const dir = scenarioDir({ "k.scenario.yaml": "pathway: $PATHWAY\ndecider: llm\nturns:\n  - user: book\n" });
    const r = await runMain(["test", dir, "-f", "json"], {
      env: { PATHWAYKIT_LLM_BASE_URL: "http://127.0.0.1:1/v1", PATHWAYKIT_LLM_MODEL: "m", PATHWAYKIT_LLM_API_KEY: "sk-very-secret" },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("could not be reached");
    expect(r.stdout + r.stderr).not.toContain("sk-very-secret");
  });

  it("reports a missing input as a scenario that could not run (exit 2), and still runs the others", async () => {
    const r = await runMain(["test", "no/such/dir", "test/fixtures/scenarios", "--format", "json"]);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout) as { results: { file: string; status: string; failures: { message: string }[] }[] };
    expect(report.results[0]).toMatchObject({ status: "error", failures: [{ message: "no/such/dir: no such file or directory; check the path." }] });
    expect(report.results.length).toBeGreaterThan(1);
  });
});

describe("pathway scenarios generate", () => {
  it("names the scenario schema on the first line where one is found (the project's node_modules/pathwaykit), so editors complete the files", async () => {
    const project = tempDir("pathwaykit-schema-ref-");
    const schemas = path.join(project, "node_modules", "pathwaykit", "schemas");
    mkdirSync(schemas, { recursive: true });
    writeFileSync(path.join(schemas, "scenario.schema.json"), readFileSync(path.join(ROOT, "schemas/scenario.schema.json")));
    const out = path.join(project, "test", "scenarios");
    expect((await runMain(["scenarios", "generate", path.join(ROOT, "pathways/appointment-booking.json"), "-o", out])).code).toBe(0);
    const first = readFileSync(path.join(out, "appointment-booking-1.scenario.yaml"), "utf8").split("\n")[0];
    expect(first).toBe("# yaml-language-server: $schema=../../node_modules/pathwaykit/schemas/scenario.schema.json");
    // Nowhere to point (pathway run through npx from its cache): no line, rather than a path that holds on one machine only.
    const bare = path.join(tempDir("pathwaykit-no-schema-"), "out");
    expect((await runMain(["scenarios", "generate", path.join(ROOT, "pathways/appointment-booking.json"), "-o", bare])).code).toBe(0);
    expect(readFileSync(path.join(bare, "appointment-booking-1.scenario.yaml"), "utf8")).toMatch(/^# Generated by `pathway scenarios generate`/);
  });

  it("writes scenarios that pass and cover every reachable edge, and refuses to overwrite without --force", async () => {
    // A project of its own (a scenario names only files inside its project): the pathway, and the scenarios below it.
    const dir = tempDir();
    writeFileSync(path.join(dir, "package.json"), "{}");
    copyFileSync(path.join(ROOT, "pathways/appointment-booking.json"), path.join(dir, "appointment-booking.json"));
    const out = path.join(dir, "gen");
    const r = await runMain(["scenarios", "generate", path.join(dir, "appointment-booking.json"), "-o", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote \d+ scenarios/);
    const files = readdirSync(out).sort();
    // The webhook answers every scenario needs are written once, beside them, and each scenario names that file.
    expect(files.filter((f) => !/^appointment-booking-\d+\.scenario\.yaml$/.test(f))).toEqual(["appointment-booking.mocks.yaml"]);
    for (const f of files.filter((f) => f.endsWith(".scenario.yaml"))) {
      const text = readFileSync(path.join(out, f), "utf8");
      expect(text).toContain("mocks: appointment-booking.mocks.yaml");
      expect(text).not.toMatch(/^webhooks:/m);
    }
    const test = await runMain(["test", out, "--coverage", "--min-coverage", "nodes=100,edges=100,globals=100"]);
    expect(test.stdout).toMatch(/0 failed/);
    expect(test.code).toBe(0);
    const again = await runMain(["scenarios", "generate", path.join(dir, "appointment-booking.json"), "-o", out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exist.*--force/);
    expect((await runMain(["scenarios", "generate", path.join(dir, "appointment-booking.json"), "-o", out, "--force", "-f", "json"])).code).toBe(0);
  });

  it("reports an unreadable pathway as exit 2, in validate's words", async () => {
    const r = await runMain(["scenarios", "generate", "missing.json", "-o", tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("pathway: missing.json: no such file or directory; check the path.\n");
  });

  it("refuses a pathway with no usable node or no start node (exit 2) and writes nothing", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "junk.json"), JUNK);
    writeFileSync(path.join(dir, "nostart.json"), NO_START);
    const junk = await runMain(["scenarios", "generate", "junk.json", "-o", "out"], { cwd: dir });
    expect(junk.code).toBe(2);
    expect(junk.stdout).toBe("");
    expect(junk.stderr).toMatch(/^pathway: junk\.json: not a pathway: .*run `pathway validate junk\.json` to see why\.\n$/);
    const noStart = await runMain(["scenarios", "generate", "nostart.json", "-o", "out"], { cwd: dir });
    expect(noStart.code).toBe(2);
    expect(noStart.stderr).toMatch(/nostart\.json: no start node/);
    expect(existsSync(path.join(dir, "out"))).toBe(false);
  });

  it("takes --color and --no-color like validate", async () => {
    const help = (await runMain(["scenarios", "generate", "--help"])).stdout;
    expect(help).toMatch(/--color\s+force colours even when not writing to a terminal/);
    expect(help).toMatch(/--no-color\s+disable colours \(also NO_COLOR=1\)/);
    const out = path.join(tempDir(), "gen");
    const colored = await runMain(["scenarios", "generate", "pathways/appointment-booking.json", "-o", out, "--color"]);
    expect(colored.code).toBe(0);
    expect(colored.stdout).toContain("\u001b[32mWrote\u001b[39m");
    const plain = await runMain(["scenarios", "generate", "pathways/appointment-booking.json", "-o", out, "--force", "--no-color"], {
      env: { FORCE_COLOR: "1" },
    });
    expect(plain.stdout).toMatch(/^Wrote /);
  });
});

describe("pathway chat", () => {
  // The executable: turns from a real pipe, and /quit ends the process with what follows unread.
  itCorpus("runs a piped session: turns, /edges, /vars, /back, /take and /quit", () => {
    const input = [
      "Hi, I want to book an appointment",
      "/edges",
      "/vars",
      "/back",
      "Can I talk to a human person?",
      "/take 1",
      "hello?",
      "/quit",
      "never read",
    ].join("\n");
    const r = runCli(["chat", RECEPTIONIST, "--request-data", '{"from": "+15551234567"}'], { input });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("[Greeting (id a1000000-0000-4000-8000-000000000001)]");
    expect(r.stdout).toContain("→ Offer Availability (id b2000000-0000-4000-8000-000000000002) via edge");
    expect(r.stdout).toMatch(/ {2}1\. edge edge-availability-to-details → "Caller And Vehicle Details"/);
    expect(r.stdout).toContain('"from": "+15551234567"');
    expect(r.stdout).toContain("back at Greeting");
    expect(r.stdout).toContain("→ AI Disclosure (id a7000000-0000-4000-8000-000000000007) via global");
    expect(r.stdout).toContain('conversation transferred: transfer node "Transfer To Human"');
    expect(r.stdout).toContain("The conversation has been transferred; /back to undo or /quit.");
    expect(r.stdout).not.toContain("never read");
  });

  itCorpus("does not count a failed /take as a turn, so /back undoes the last real one", async () => {
    const input = ["Hi, I want to book an appointment", "/take 99", "/back", "/quit"].join("\n");
    const r = await runMain(["chat", RECEPTIONIST], { stdin: input });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/take: "99" is not a choice here.*; nothing changed/);
    expect(r.stdout).toContain("back at Greeting");
  });

  it("refuses a pathway with no usable node or no start node (exit 2)", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "junk.json"), JUNK);
    writeFileSync(path.join(dir, "nostart.json"), NO_START);
    const junk = await runMain(["chat", "junk.json"], { cwd: dir, stdin: "hello\n" });
    expect(junk).toMatchObject({ code: 2, stdout: "" });
    expect(junk.stderr).toMatch(/^pathway: junk\.json: not a pathway: .*run `pathway validate junk\.json` to see why\.\n$/);
    const noStart = await runMain(["chat", "nostart.json"], { cwd: dir, stdin: "hello\n" });
    expect(noStart.code).toBe(2);
    expect(noStart.stderr).toMatch(/nostart\.json: no start node/);
    expect((await runMain(["chat", "missing.json"], { cwd: dir, stdin: "" })).stderr).toBe(
      "pathway: missing.json: no such file or directory; check the path.\n",
    );
    expect((await runMain(["chat", "-"], { stdin: JUNK })).stderr).toMatch(/chat reads your turns from stdin/);
  });

  itCorpus("rejects bad --request-data as a usage error", async () => {
    const r = await runMain(["chat", RECEPTIONIST, "--request-data", "[1]"], { stdin: "" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--request-data: expected a JSON object/);
  });
});
