// Adversarial inputs across commands: each case is a defect found by trying what a demanding user would, pinned here.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

let dir: string;
const run = (args: string[]) => runMain(args, { cwd: dir });

beforeAll(() => {
  dir = tempDir("pathwaykit-bad-input-");
  writeFileSync(path.join(dir, "call.request.json"), '{"phone_number": "+14155550123", "task": "Hi"}');
});

describe("an empty input argument", () => {
  // `pathway validate "$UNSET"` used to resolve "" to the working directory, glob `/**/*` and walk the whole disk.
  it.each([["check-request"], ["validate"], ["lint"]])(
    "%s reports it and still checks the other inputs",
    async (command) => {
      const result = await run([command, "", "call.request.json", "-f", "json"]);
      expect(result.code).toBe(2);
      const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
      const empty = files.find((f) => f.filePath === "");
      expect(empty?.messages[0]).toMatchObject({ ruleId: "unreadable-file" });
      expect(empty?.messages[0]?.message).toMatch(/empty path/);
      expect(files.some((f) => f.filePath === "call.request.json")).toBe(true);
    },
    20_000,
  );
});

describe("control characters in names reach the terminal escaped", () => {
  const ESC = "\u001b";
  it("in an error message (a missing file whose name holds an escape sequence)", async () => {
    const result = await run(["report", `x${ESC}[31m.json`]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain(ESC);
    expect(result.stderr).toContain("x\\u001b[31m.json: no such file");
  });
  it("in a usage error commander prints", async () => {
    const result = await run(["validate", "--max-warnings", `1${ESC}[2J`]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain(ESC);
    expect(result.stderr).toContain("\\u001b[2J");
  });
  it("in stylish output: file name, message and code frame", async () => {
    writeFileSync(path.join(dir, `t${ESC}]0;pwned\u0007.request.yaml`), `task: "x"\nphone_number: "${ESC}[2J"\n`);
    const result = await run(["check-request", `t${ESC}]0;pwned\u0007.request.yaml`]);
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(result.stdout).toContain("t\\u001b]0;pwned\\u0007.request.yaml");
  });
});

describe("an empty pathway id", () => {
  it("is a usage error, not a request for GET /v1/pathway//versions", async () => {
    const result = await runMain(["versions", ""], { cwd: dir, env: { PATHWAYKIT_API_KEY: "sk-test", PATHWAYKIT_BASE_URL: "http://127.0.0.1:9" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("an empty pathway id");
  });
});

describe("-o onto a file where a directory is needed", () => {
  const pathway = '{"nodes": [{"id": "a", "type": "Default", "data": {"name": "Start", "isStart": true, "prompt": "Hi"}}], "edges": []}';
  it("scenarios generate -o <file> says to name a directory (it said `cannot be read (EEXIST)`)", async () => {
    writeFileSync(path.join(dir, "one.json"), pathway);
    const result = await run(["scenarios", "generate", "one.json", "-o", "one.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("-o one.json: is a file; name a directory");
  });
  it("a report under a path whose parent is a file says which part is wrong", async () => {
    const result = await run(["validate", "one.json", "-o", "one.json/report.txt"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot write the report: one\.json\/report\.txt: a part of this path/);
    expect(result.stderr).not.toContain("cannot be read");
  });
});

describe("report --scenarios naming nothing readable", () => {
  it("says why nothing was read (it said `no scenario there runs on ... (they name missing)`)", async () => {
    writeFileSync(
      path.join(dir, "two.json"),
      '{"nodes": [{"id": "a", "type": "Default", "data": {"name": "Start", "isStart": true, "prompt": "Hi"}}], "edges": []}',
    );
    const missing = await run(["report", "two.json", "--scenarios", "missing/", "-o", "r.html"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--scenarios missing/: missing/: no such file or directory");
    const pathway = await run(["report", "two.json", "--scenarios", "two.json", "-o", "r.html"]);
    expect(pathway.code).toBe(2);
    expect(pathway.stderr).toContain("this is a pathway, not a scenario");
  });
});

describe("-f stylish means text in every command", () => {
  // versions, log and report built their own -f option and refused `stylish`, which every other command accepts.
  it.each([["versions"], ["log"], ["report"]])("%s accepts -f stylish", async (command) => {
    const result = await runMain([command, "--help"], { cwd: dir });
    expect(result.stdout).toContain("stylish = text");
    const run2 = await runMain([command, "missing.json", "-f", "stylish"], { cwd: dir, env: { PATHWAYKIT_API_KEY: "" } });
    expect(run2.stderr).not.toContain("is invalid");
  });
});

describe("a YAML alias bomb", () => {
  // Nine levels of nine aliases: `yaml` refuses to expand it by throwing, which ended the whole run as an internal error.
  const levels = "abcdefghi".split("");
  const bomb = levels
    .map(
      (name, i) =>
        `${name}: &${name} [${Array(9)
          .fill(i === 0 ? '"lol"' : `*${levels[i - 1]}`)
          .join(",")}]`,
    )
    .join("\n");
  it("in a request is a parse-error finding and the other files are still checked", async () => {
    writeFileSync(path.join(dir, "bomb.request.yaml"), `${bomb}\ntask: hi\n`);
    writeFileSync(path.join(dir, "undefined-alias.request.yaml"), "x: *nope\ntask: hi\n");
    const result = await run(["check-request", "bomb.request.yaml", "undefined-alias.request.yaml", "call.request.json", "-f", "json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("");
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
    expect(files.find((f) => f.filePath === "bomb.request.yaml")?.messages[0]).toMatchObject({
      ruleId: "parse-error",
      message: expect.stringMatching(/aliases/) as unknown,
    });
    expect(files.find((f) => f.filePath === "undefined-alias.request.yaml")?.messages[0]).toMatchObject({
      ruleId: "parse-error",
      message: expect.stringMatching(/Unresolved alias/) as unknown,
    });
  });
  it("in a scenario is that scenario's error, not an internal error", async () => {
    writeFileSync(path.join(dir, "bomb.scenario.yaml"), `${bomb}\npathway: one.json\nturns: []\n`);
    const result = await run(["test", "bomb.scenario.yaml"]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain("internal error");
    expect(result.stdout).toMatch(/aliases/);
  });
});

describe("a YAML request that repeats a key", () => {
  // JSON bodies got a duplicate-key warning; the same body in YAML silently lost the first value.
  it("gets the duplicate-key warning JSON gets, at the repeated key", async () => {
    writeFileSync(path.join(dir, "dup.request.yaml"), 'task: hi\ntask: again\nphone_number: "+14155550123"\n');
    const result = await run(["check-request", "dup.request.yaml", "-f", "json"]);
    const [file] = JSON.parse(result.stdout) as { messages: { ruleId: string; line: number; column: number }[] }[];
    expect(file?.messages).toEqual([expect.objectContaining({ ruleId: "duplicate-key", line: 2, column: 1 })]);
    expect(result.code).toBe(0);
  });
});

describe("a number too large for a float in a request", () => {
  it("is named as written (it said `max_duration is null`)", async () => {
    writeFileSync(path.join(dir, "huge.request.json"), '{"task": "hi", "phone_number": "+14155550123", "max_duration": 1e999}');
    const result = await run(["check-request", "huge.request.json"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("max_duration is Infinity (a number too large to hold)");
  });
});

describe("pathway log when no version can be read", () => {
  it("says which versions could not be read (not only `nothing to compare`) and exits 2", async () => {
    const { startFakeService } = await import("../support/fake-service.js");
    const service = await startFakeService({ pathways: { "pw-gone": { nodes: [], edges: [] } } });
    try {
      service.versions.set("pw-gone", [
        { status: "error", message: "gone" },
        { status: "error", message: "gone" },
      ]);
      const result = await runMain(["log", "pw-gone"], { cwd: dir, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey } });
      expect(result.stdout).toContain("nothing to compare");
      expect(result.stdout).toMatch(/✖ version \d+ could not be read/);
      expect(result.code).toBe(2);
    } finally {
      await service.close();
    }
  });
});

describe("numeric flags are bounded", () => {
  // `--retries 99999999` against a closed port retried for ever; `--timeout` past setTimeout's limit fires at once.
  it.each([
    [["--retries", "99999999"], "from 0 to 20"],
    [["--timeout", "99999999999ms"], "at most 24h"],
    // It took milliseconds before it took durations: read as seconds, 30000 would wait over 8 hours.
    [["--timeout", "30000"], "write 30000ms or 30000s to say which"],
  ])("versions %j is a usage error", async (flag, expected) => {
    const result = await runMain(["versions", "abc", ...flag], { cwd: dir, env: { PATHWAYKIT_API_KEY: "sk-test", PATHWAYKIT_BASE_URL: "http://127.0.0.1:9" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(expected);
  });
  it("a count past what a number holds exactly is refused", async () => {
    const result = await run(["validate", "call.request.json", "--max-warnings", "99999999999999999999"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Expected a whole number of at least 0");
  });
});

describe("check-request --pathway remote:<malformed>", () => {
  // It said "No API key" for `remote:` and sent `x@3` whole as the id; the reference is now parsed as in diff and lint.
  it.each([["remote:"], ["remote:x@two"]])("%s names the reference, not the missing key", async (ref) => {
    const result = await runMain(["check-request", "call.request.json", "--pathway", ref, "-f", "json"], { cwd: dir, env: { PATHWAYKIT_API_KEY: "" } });
    expect(result.code).toBe(2);
    const [file] = JSON.parse(result.stdout) as { messages: { ruleId: string; message: string }[] }[];
    expect(file?.messages[0]?.message).toContain(`"${ref}": expected remote:<pathway id>`);
  });
  it("remote:<id>@<n> reads that saved version", async () => {
    const { startFakeService } = await import("../support/fake-service.js");
    const pathway = { nodes: [{ id: "a", type: "Default", data: { name: "Start", isStart: true, prompt: "Hi" } }], edges: [] };
    const service = await startFakeService({ pathways: { "pw-v": pathway }, versions: { "pw-v": [pathway] } });
    try {
      const result = await runMain(["check-request", "call.request.json", "--pathway", "remote:pw-v@1"], {
        cwd: dir,
        env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey },
      });
      expect(result.code).toBe(0);
      expect(service.requests.map((r) => r.path)).toContain("/v1/pathway/pw-v/version/1");
    } finally {
      await service.close();
    }
  });
});

describe("an empty request file", () => {
  it("is called empty (it said `The file holds null`)", async () => {
    writeFileSync(path.join(dir, "blank.request.json"), "  \n");
    const result = await run(["check-request", "blank.request.json"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("The file is empty");
  });
});

describe("diff -f md --max-chars smaller than the summary", () => {
  // The summary table was never cut, so `--max-chars 10` printed hundreds of characters.
  it.each([[10], [60], [200]])("--max-chars %i: the output never exceeds the limit and says it was cut", async (limit) => {
    const node = (id: string, prompt: string, start = false) => ({
      id,
      type: "Default",
      data: { name: `Step ${id}`, prompt, ...(start && { isStart: true }) },
    });
    writeFileSync(
      path.join(dir, "old.json"),
      JSON.stringify({ nodes: [node("a", "Say hello.", true), node("b", "Ask.")], edges: [{ id: "e", source: "a", target: "b", label: "go" }] }),
    );
    writeFileSync(
      path.join(dir, "new.json"),
      JSON.stringify({ nodes: [node("a", "Say goodbye.", true), node("c", "New.")], edges: [{ id: "e", source: "a", target: "c", label: "went" }] }),
    );
    const result = await run(["diff", "old.json", "new.json", "-f", "md", "--max-chars", String(limit)]);
    expect(result.code).toBe(1);
    expect(result.stdout.length).toBeLessThanOrEqual(limit);
    expect(result.stdout).toMatch(limit < 120 ? /…/ : /Cut at \d+ characters; the full diff: `pathway diff old\.json new\.json --format md --max-chars 0`/);
  });
});
