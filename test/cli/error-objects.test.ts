// One error object {code, message, reason?} wherever an error appears in `--format json`: fatal, push, fetch, diff --check, diagram, log.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.js";
import type { FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";
import { useServiceProject } from "../support/temp-project.js";

/** The codes docs/cli.md's "The JSON error object" section documents. */
const CODES = ["usage", "config", "io", "input", "remote", "refused", "findings", "internal"];
const PATHWAY = JSON.parse(readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8")) as { nodes: unknown[]; edges: { target: string }[] };

/** Checks `value` is an error object: only code, message and reason, a documented code, and returns it for more checks. */
function errorObject(value: unknown): { code: string; message: string; reason?: string } {
  expect(Object.keys(value as object).every((k) => ["code", "message", "reason"].includes(k))).toBe(true);
  const error = value as { code: string; message: string; reason?: string };
  expect(CODES).toContain(error.code);
  expect(typeof error.message).toBe("string");
  return error;
}

const project = useServiceProject(
  { pathways: { "pw-kb": PATHWAY }, versions: { "pw-kb": [PATHWAY, { status: "error", message: "gone" }, PATHWAY] } },
  { "kb.json": JSON.stringify(PATHWAY) },
  "pathwaykit-error-objects-",
);
let service: FakeService;
let dir: string;
let env: Record<string, string>;
beforeEach(() => {
  ({ service, dir } = project);
  env = { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey };
});

const run = (args: string[], extraEnv: Record<string, string> = {}) => runMain([...args, "--format", "json"], { cwd: dir, env: { ...env, ...extraEnv } });

describe("the error object of --format json", () => {
  it("push: a remote failure is {code: remote, reason: <kind>}, with file and id beside it", async () => {
    const result = await run(["push", "kb.json", "--id", "missing", "--no-validate"]);
    expect(result.code).toBe(2);
    const failure = JSON.parse(result.stdout) as { file: string; id: string; ok: boolean; pushed: boolean; error: unknown };
    expect(failure).toMatchObject({ file: "kb.json", id: "missing", ok: false, pushed: false });
    expect(errorObject(failure.error)).toMatchObject({ code: "remote", reason: "not-found" });
  });

  it("push: validation errors are {code: findings, reason: validation}, with the manifest's id (exit 1)", async () => {
    expect((await runMain(["fetch", "pw-kb", "-o", "kb.json"], { cwd: dir, env })).code).toBe(0);
    const broken = { ...PATHWAY, edges: [...PATHWAY.edges, { ...PATHWAY.edges[0]!, id: "e-broken", target: "nowhere" }] };
    writeFileSync(path.join(dir, "kb.json"), JSON.stringify(broken));
    const result = await run(["push", "kb.json"]);
    expect(result.code).toBe(1);
    const failure = JSON.parse(result.stdout) as { id: string; error: unknown };
    expect(failure.id).toBe("pw-kb");
    expect(errorObject(failure.error)).toMatchObject({ code: "findings", reason: "validation" });
  });

  it("fetch: each failed pathway's error is the same object; a missing key is code config, as a missing config anywhere", async () => {
    const result = await run(["fetch", "pw-kb", "missing", "--out-dir", "out"]);
    expect(result.code).toBe(2);
    const outcomes = JSON.parse(result.stdout) as { id: string; ok: boolean; error?: unknown }[];
    expect(outcomes.map((o) => [o.id, o.ok])).toEqual([
      ["pw-kb", true],
      ["missing", false],
    ]);
    expect(errorObject(outcomes[1]!.error)).toMatchObject({ code: "remote", reason: "not-found" });
    const noKey = await run(["fetch", "pw-kb", "--out-dir", "out2"], { PATHWAYKIT_API_KEY: "" });
    expect(errorObject((JSON.parse(noKey.stdout) as { error: unknown }[])[0]!.error)).toEqual({
      code: "config",
      message: expect.stringContaining("PATHWAYKIT_API_KEY") as unknown,
    });
  });

  it("versions, log and test --live without a key: the fatal document says code config, like every other command", async () => {
    writeFileSync(path.join(dir, "kb.scenario.yaml"), "name: kb\npathway: kb.json\nturns:\n  - user: hi\n");
    for (const args of [
      ["versions", "pw-kb"],
      ["log", "pw-kb"],
      ["test", "kb.scenario.yaml", "--live", "--pathway-id", "pw-kb"],
    ]) {
      const result = await run(args, { PATHWAYKIT_API_KEY: "" });
      expect(result.code).toBe(2);
      const document = JSON.parse(result.stdout) as { ok: boolean; error: unknown };
      expect(document.ok).toBe(false);
      expect(errorObject(document.error)).toEqual({ code: "config", message: expect.stringContaining("PATHWAYKIT_API_KEY") as unknown });
    }
  });

  it("diff --check: a file that cannot be checked carries the error object, not a bare string", async () => {
    expect((await runMain(["fetch", "pw-kb", "-o", "kb.json"], { cwd: dir, env })).code).toBe(0);
    service.pathways.delete("pw-kb");
    const result = await run(["diff", "--check"]);
    expect(result.code).toBe(2);
    const [check] = JSON.parse(result.stdout) as { file: string; id: string; error: unknown }[];
    expect(check).toMatchObject({ file: "kb.json", id: "pw-kb" });
    expect(errorObject(check!.error)).toMatchObject({ code: "remote", reason: "not-found" });
  });

  it("diagram: an input that cannot be drawn is {filePath, error: {code, message}}", async () => {
    mkdirSync(path.join(dir, "d"));
    writeFileSync(path.join(dir, "d/junk.json"), "[1, 2]");
    const result = await run(["diagram", "kb.json", "d/junk.json", "d/missing.json"]);
    expect(result.code).toBe(2);
    const items = JSON.parse(result.stdout) as { filePath: string; error?: unknown }[];
    expect(items.map((i) => i.filePath)).toEqual(["kb.json", "d/junk.json", "d/missing.json"]);
    expect(errorObject(items[1]!.error)).toMatchObject({ code: "input", message: expect.stringMatching(/^d\/junk\.json: /) as unknown });
    expect(errorObject(items[2]!.error)).toMatchObject({ code: "io", message: "d/missing.json: no such file or directory; check the path." });
  });

  it("log: a version the service will not give is an error object with its version", async () => {
    const result = await run(["log", "pw-kb"]);
    expect(result.code).toBe(2);
    const { unreadable } = JSON.parse(result.stdout) as { unreadable: ({ version: number } & Record<string, unknown>)[] };
    expect(unreadable).toHaveLength(1);
    const { version, ...error } = unreadable[0]!;
    expect(version).toBe(2);
    expect(errorObject(error)).toMatchObject({ code: "remote" });
  });
});
