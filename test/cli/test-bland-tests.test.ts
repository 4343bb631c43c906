// bland-cli's tests/test-cases.yaml run as persona scenarios: `scenario:` is the persona, expected_path and expected_variables the expectations, the project's YAML pathway converted as bland-cli converts it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fromBlandFile, type Pathway } from "../../src/model/index.js";
import { startFakeChat, type FakeChat } from "../support/fake-chat.js";
import { createPersonaBrain, startFakeModels, type FakeModels } from "../support/fake-models.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

/** A bland-cli project as `bland pathway init` and a hand edit leave it (the format of bland-cli 0.6.1). */
const PATHWAY_YAML = `name: Order Status Line
description: Looks up an order and reads back its status
global:
  prompt: Keep every reply under two sentences.
  voice: nat
nodes:
  greeting:
    prompt: Greet the caller and ask how you can help.
    edges:
      - target: lookup
        label: Caller asks about an order
  lookup:
    type: Default
    prompt: Ask for the order number, then read back the status.
    extract_variables:
      - name: order_number
        type: string
        description: The caller's order number
    edges:
      - target: goodbye
        label: Status delivered
  agent:
    type: Transfer Call
    is_global: true
    global_label: Caller wants a human
    number: "+15551234567"
  goodbye:
    type: End Call
    prompt: Thank the caller and hang up.
`;
const TESTS = `pathway: Order Status Line
tests:
  - name: happy_path
    scenario: Caller asks where order 1234 is.
    expected_path: [greeting, lookup, goodbye]
    expected_variables:
      order_number: "1234"
`;

let models: FakeModels | undefined;
let chat: FakeChat | undefined;
afterEach(async () => {
  await models?.close();
  await chat?.close();
  models = chat = undefined;
});

const CALLER = ["Hi, I am calling about an order.", "The order is 1234; has its status been delivered?"];

function project(rc = "pathway_id: pw_1\npathway_file: bland-pathway.yaml\ntest_file: tests/test-cases.yaml\n"): string {
  return createTempProject({ "package.json": "{}\n", "bland-pathway.yaml": PATHWAY_YAML, ".blandrc": rc, "tests/test-cases.yaml": TESTS });
}

describe("bland-cli's pathway file", () => {
  it("converts as bland-cli's fileToApi does, with each node's name as its id", () => {
    const converted = fromBlandFile(parse(PATHWAY_YAML));
    if (!converted.ok) throw new Error(converted.message);
    const p = converted.pathway as unknown as { nodes: Record<string, unknown>[]; edges: unknown[] };
    expect(p.nodes[0]).toEqual({ globalConfig: { globalPrompt: "Keep every reply under two sentences." } });
    expect(p.nodes[1]).toEqual({
      id: "greeting",
      type: "Default",
      data: { name: "greeting", type: "Default", prompt: "Greet the caller and ask how you can help.", isStart: true },
    });
    expect(p.nodes[2]!.data).toMatchObject({ extractVars: [["order_number", "string", "The caller's order number"]] });
    expect(p.nodes[3]).toMatchObject({ type: "Transfer Call", data: { isGlobal: true, globalLabel: "Caller wants a human", transferNumber: "+15551234567" } });
    expect(p.edges).toEqual([
      { id: "greeting->lookup", source: "greeting", target: "lookup", label: "Caller asks about an order" },
      { id: "lookup->goodbye", source: "lookup", target: "goodbye", label: "Status delivered" },
    ]);
    expect(fromBlandFile(parse("name: x\nnodes:\n  a:\n    edges: [{target: b}]\n"))).toEqual({
      ok: false,
      message: 'the edge of node "a" leads to "b", which is not a node of the file',
    });
  });
});

describe("pathway test tests/test-cases.yaml", () => {
  const env = (m: FakeModels) => ({ OPENAI_BASE_URL: m.openaiUrl, OPENAI_API_KEY: m.openaiKey });

  it("plays each test's scenario as the persona offline, and passes when the path and variables are as expected", async () => {
    models = await startFakeModels({ answer: createPersonaBrain({ callerLines: CALLER, extract: { order_number: "1234" } }) });
    const r = await runMain(["test", "tests/test-cases.yaml", "--caller-model", "openai:c", "--agent-model", "openai:a", "--format", "json"], {
      cwd: project(),
      env: env(models),
    });
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout) as { results: { name: string; status: string; pathway: string; failures: unknown[] }[] };
    expect(report.results.map((x) => [x.name, x.status, x.pathway])).toEqual([["happy_path", "passed", "bland-pathway.yaml"]]);
    expect(r.code).toBe(0);
    expect(models.requests.find((q) => q.system.startsWith("You play a caller"))!.system).toContain("Caller asks where order 1234 is.");
  });

  it("fails at the line of expected_variables when the pathway extracts something else", async () => {
    models = await startFakeModels({ answer: createPersonaBrain({ callerLines: CALLER, extract: { order_number: "12 34" } }) });
    const r = await runMain(["test", "tests/test-cases.yaml", "--caller-model", "openai:c", "--agent-model", "openai:a"], { cwd: project(), env: env(models) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('expected variable order_number to be "1234", but it is "12 34"');
    expect(r.stdout).toContain("at tests/test-cases.yaml:7:21");
  });

  it("runs live against the pathway .blandrc links", async () => {
    models = await startFakeModels({ answer: createPersonaBrain({ callerLines: CALLER }) });
    const converted = fromBlandFile(parse(PATHWAY_YAML));
    if (!converted.ok) throw new Error(converted.message);
    chat = await startFakeChat({
      pathways: { pw_1: converted.pathway as Pathway },
      script: { [CALLER[0]!]: { take: "lookup" }, [CALLER[1]!]: { take: "goodbye", vars: { order_number: "1234" } } },
    });
    const r = await runMain(["test", "tests/test-cases.yaml", "--live", "--caller-model", "openai:c"], {
      cwd: project(),
      env: { ...env(models), PATHWAYKIT_API_KEY: chat.apiKey, PATHWAYKIT_BASE_URL: chat.url },
    });
    expect(r.stdout).toContain("✔ happy_path [live]");
    expect(r.code).toBe(0);
    expect(chat.requests.some((q) => q.path === "/v1/pathway/chat/create" && (JSON.parse(q.body) as { pathway_id: string }).pathway_id === "pw_1")).toBe(true);
  });

  it("says where the pathway is looked for when the project has none", async () => {
    const dir = createTempProject({ "package.json": "{}\n", "tests/test-cases.yaml": TESTS });
    const r = await runMain(["test", "tests/test-cases.yaml", "--caller-model", "openai:c", "--agent-model", "openai:a"], {
      cwd: dir,
      env: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" },
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(
      "tests/test-cases.yaml is a bland-cli test-cases file, but no bland-pathway.yaml (or the pathway_file of a .blandrc) was found beside its folder",
    );
    expect(readFileSync(path.join(dir, "tests/test-cases.yaml"), "utf8")).toBe(TESTS);
  });
});
