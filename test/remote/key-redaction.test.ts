// The API key never leaves the CLI, whatever the loopback fake service echoes back: bodies, errors, headers, node names.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ECHO_KEY } from "../support/fake-service.js";
import type { MainResult } from "../support/run-main.js";
import { useServiceProject } from "../support/temp-project.js";

const PATHWAY = {
  name: "Support",
  nodes: [
    { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } },
    { id: "2", type: "End Call", data: { name: "Bye", prompt: "Say bye" } },
  ],
  edges: [{ id: "e1", source: "1", target: "2", label: "done" }],
};
/** The same pathway as the service would echo it with the key inside a node name and an edge label. */
const ECHOED = JSON.stringify({
  ...PATHWAY,
  nodes: [PATHWAY.nodes[0], { ...PATHWAY.nodes[1], data: { name: `Bye ${ECHO_KEY}`, prompt: `key=${ECHO_KEY}` } }],
  edges: [{ ...PATHWAY.edges[0], label: `label ${ECHO_KEY}` }],
});

const project = useServiceProject({ pathways: { "pw-1": PATHWAY } }, { "local.json": JSON.stringify(PATHWAY) }, "pathwaykit-redact-");

const run = (args: string[], env: Record<string, string> = {}) => project.run(args, env);

/** Everything the run printed and every file it left in the project. */
function everything(result: MainResult): string {
  const files = readdirSync(project.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8"));
  return [result.stdout, result.stderr, ...files].join("\n");
}

function expectNoKey(result: MainResult): void {
  const text = everything(result);
  expect(text).not.toContain(project.service.apiKey);
  // Not even a long piece of it (a message cut short keeps the key's start).
  expect(text).not.toContain(project.service.apiKey.slice(0, 10));
  expect(text).not.toContain(project.service.apiKey.slice(-10));
}

describe("the API key is never printed or written", () => {
  const errorBodies: [string, string][] = [
    ["a status/message error", JSON.stringify({ status: "error", message: `key ${ECHO_KEY} is not valid` })],
    ["an `error` field", JSON.stringify({ error: `bad key ${ECHO_KEY}` })],
    ["a message naming a label", JSON.stringify({ status: "error", message: `label "x${ECHO_KEY}y" unknown` })],
    ["a long message cut in the middle of the key", JSON.stringify({ status: "error", message: `${"x".repeat(190)}${ECHO_KEY}` })],
  ];
  for (const [what, body] of errorBodies) {
    for (const format of ["text", "json"]) {
      it(`fetch --format ${format}: a 200 answer with ${what}`, async () => {
        project.service.addFault({ type: "body", body });
        const result = await run(["fetch", "pw-1", "-o", "out.json", "--format", format]);
        expect(result.code).toBe(2);
        expect(result.stderr + result.stdout).toMatch(/redacted/);
        expectNoKey(result);
      });
    }
  }

  it("fetch -o file and -o -: the key echoed inside node names and labels is redacted in the file and on stdout", async () => {
    project.service.addFault({ type: "body", body: ECHOED });
    const toFile = await run(["fetch", "pw-1", "-o", "out.json"]);
    expect(toFile.code).toBe(0);
    expect(readFileSync(path.join(project.dir, "out.json"), "utf8")).toContain("Bye [redacted]");
    expect(toFile.stderr).toMatch(/held an API key/);
    expectNoKey(toFile);
    project.service.addFault({ type: "body", body: ECHOED });
    const toStdout = await run(["fetch", "pw-1", "-o", "-", "--format", "json", "--no-manifest"]);
    expect(toStdout.stdout).toContain("Bye [redacted]");
    expectNoKey(toStdout);
  });

  for (const format of ["text", "json", "md", "mermaid"]) {
    it(`diff remote: --format ${format}: the key inside node names is redacted`, async () => {
      project.service.addFault({ type: "body", body: ECHOED });
      const result = await run(["diff", "local.json", "remote:pw-1", "--format", format]);
      expect(result.code).toBe(1);
      expectNoKey(result);
    });
  }

  it("diff remote: -o and push -o: reports written to files are redacted too", async () => {
    project.service.addFault({ type: "body", body: ECHOED });
    const diff = await run(["diff", "local.json", "remote:pw-1", "--format", "md", "-o", "diff.md"]);
    expect(diff.code).toBe(1);
    expect(readFileSync(path.join(project.dir, "diff.md"), "utf8")).toContain("[redacted]");
    expectNoKey(diff);
    writeFileSync(path.join(project.dir, "local.json"), JSON.stringify({ ...PATHWAY, name: "Changed" }));
    project.service.addFault({ type: "body", body: ECHOED }, "GET");
    const push = await run(["push", "local.json", "--id", "pw-1", "--force", "--dry-run", "--format", "json", "-o", "push.json"]);
    expect(push.code).toBe(0);
    expect(readFileSync(path.join(project.dir, "push.json"), "utf8")).toContain("[redacted]");
    expectNoKey(push);
  });

  it("diff remote: with an error body, and with an error in a non-2xx body", async () => {
    project.service.addFault({ type: "body", body: JSON.stringify({ status: "error", message: `key ${ECHO_KEY}` }) });
    expectNoKey(await run(["diff", "local.json", "remote:pw-1"]));
    project.service.addFault({ type: "body", status: 400, body: JSON.stringify({ message: `key ${ECHO_KEY}` }) });
    const result = await run(["diff", "local.json", "remote:pw-1"]);
    expect(result.code).toBe(2);
    expectNoKey(result);
  });

  for (const format of ["text", "json"]) {
    it(`push --format ${format}: the key in the remote pathway and in the save's 200 error answer`, async () => {
      writeFileSync(path.join(project.dir, "local.json"), JSON.stringify({ ...PATHWAY, name: "Changed" }));
      project.service.addFault({ type: "body", body: ECHOED }, "GET");
      project.service.addFault({ type: "body", body: JSON.stringify({ status: "error", message: `node "a${ECHO_KEY}" is invalid` }) }, "POST");
      const result = await run(["push", "local.json", "--id", "pw-1", "--force", "--format", format]);
      expect(result.code).toBe(2);
      expectNoKey(result);
    });
  }

  it("debug logs and retries: a 500 echoing the key, with PATHWAYKIT_DEBUG", async () => {
    project.service.addFault({ type: "body", status: 500, body: `<pre>authorization: ${ECHO_KEY}</pre>` });
    project.service.addFault({ type: "body", status: 500, body: `<pre>authorization: ${ECHO_KEY}</pre>` });
    const result = await run(["fetch", "pw-1", "-o", "out.json", "--retries", "1"], { PATHWAYKIT_DEBUG: "1" });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/retrying/);
    expectNoKey(result);
  });

  it("headers: a redirect whose Location carries the key", async () => {
    project.service.addFault({ type: "body", status: 302, body: "", headers: { location: `https://elsewhere.example/?k=${ECHO_KEY}` } });
    const result = await run(["fetch", "pw-1", "-o", "out.json", "--format", "json"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/redirect/);
    expectNoKey(result);
  });
});
