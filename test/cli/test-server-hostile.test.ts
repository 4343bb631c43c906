// `pathway test --server` with a hostile service: control characters, bidi controls and huge strings in its analysis and results reach no terminal or report raw, the key it echoes is never printed, and Ctrl-C stops the wait cleanly.
import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { BIN } from "../support/cli.js";
import { ECHO_KEY } from "../support/fake-service.js";
import { startAgentTestingProject } from "../support/agent-testing-project.js";
import type { ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** Clears the screen, sets the window title, reverses what follows, breaks the line as a log viewer does. */
const HOSTILE = "\u001b[2J\u001b]0;owned\u0007 \u202eevil\u202c \u2028fake line\u0085";
const HUGE = "x".repeat(200_000);

/** Raw characters a terminal or log viewer acts on. */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe("pathway test --server with a hostile service", () => {
  it("shows its analysis, reasons and errors with every control made visible and huge strings cut, in every format", async () => {
    project = await startAgentTestingProject({
      agentTesting: {
        outcomes: { "a new patient books": "FAILED", "an impatient caller books": "ERROR" },
        reasoning: HOSTILE + HUGE,
        errorMessage: HOSTILE,
        analysis: {
          root_cause: HOSTILE + HUGE,
          suggestions: [{ type: HOSTILE, target_node_id: "booked", target_node_name: HOSTILE, description: HUGE, suggested_change: HOSTILE, confidence: 7 }],
          node_id_to_name: { booked: HOSTILE },
        },
      },
    });
    expect((await project.run(["scenarios", "push", "personas"])).code).toBe(0);
    const args = ["test", "personas", "--server", "--explain", "--poll-interval", "1ms"];
    const text = await project.run(args);
    expect(text.code).toBe(1);
    expect(text.stdout).not.toMatch(RAW);
    expect(text.stdout).toContain("\\u001b[2J");
    expect(text.stdout).toContain("\\u202eevil");
    // The suggestion stands beside the local file's node, not the name the service gave it.
    expect(text.stdout).toMatch(/at "Booked" \(booked\): x{100}/);
    expect(text.stdout.length).toBeLessThan(20_000);
    for (const format of ["json", "junit", "tap"]) {
      const r = await project.run([...args, "-f", format]);
      expect(r.code, format).toBe(1);
      expect(r.stdout, format).not.toMatch(RAW);
      expect(r.stdout.length, format).toBeLessThan(60_000);
    }
    const json = JSON.parse((await project.run([...args, "-f", "json"])).stdout);
    const analysis = json.results[0].server.analysis;
    expect(analysis.rootCause).toMatch(/^\u001b\[2J[\s\S]*x… \(198,\d{3} more characters\)$/);
    expect(analysis.suggestions[0]).not.toHaveProperty("confidence");
    expect(json.results[1].failures[0].message).toBe(`the service could not run it (ERROR): ${HOSTILE}`);
  });

  it("never prints the key the service echoes in an analysis or an error", async () => {
    project = await startAgentTestingProject({ agentTesting: { outcomes: { "a new patient books": "FAILED" } } });
    await project.run(["scenarios", "push", "personas"]);
    project.service.addFault(
      { type: "body", body: JSON.stringify({ analysis: { root_cause: `your key is ${ECHO_KEY}`, suggestions: [] } }) },
      "POST",
      /\/analyze$/,
    );
    const r = await project.run(["test", "personas", "--server", "--explain", "--poll-interval", "1ms"]);
    expect(r.stdout).toContain("analysis: your key is [redacted]");
    project.service.addFault({ type: "body", status: 400, body: JSON.stringify({ error: `bad key ${ECHO_KEY}` }) }, "POST", /batch-run/);
    const refused = await project.run(["test", "personas", "--server", "--poll-interval", "1ms", "-f", "json"]);
    expect(refused.code).toBe(2);
    for (const out of [r.stdout, r.stderr, refused.stdout, refused.stderr]) expect(out).not.toContain(project.service.apiKey);
    expect(JSON.parse(refused.stdout).error.message).toContain("bad key [redacted]");
  });

  it("stops waiting on Ctrl-C: exit 2, a report saying the batch may still run on the service, and no stack trace", async () => {
    project = await startAgentTestingProject({ agentTesting: { runningPolls: Number.POSITIVE_INFINITY } });
    await project.run(["scenarios", "push", "personas"]);
    const child = spawn(process.execPath, [BIN, "test", "personas", "--server", "--poll-interval", "20ms"], {
      cwd: project.dir,
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", PATHWAYKIT_BASE_URL: project.service.url, PATHWAYKIT_API_KEY: project.service.apiKey },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    // Ctrl-C once the batch has been read twice: the command is waiting on it.
    project.service.onRequest = (req) => {
      if (/\/batches\//.test(req.path) && project.service.requestsTo("GET", /\/batches\//).length === 2) child.kill("SIGINT");
    };
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("pathway: stopping: no longer waiting for the service (its runs go on there)");
    expect(stderr).not.toMatch(/at \w+ \(|internal error/);
    expect(stdout).toMatch(/interrupted: batch batch-\d+ may still run on the service/);
    expect(stdout).toMatch(/0 passed, 0 failed, 2 could not run/);
  }, 30_000);
});
