// A key that is part of the user's own pathway (a webhook header) survives fmt, import and build byte for byte; reports still hide it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { toCanonicalJson } from "../../src/model/index.js";
import { ROOT, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const KEY = "org_5e1f0c2a9b8d7e6f1234";
const BUILDER = pathToFileURL(path.join(ROOT, "src/builder/index.ts")).href;
/** A pathway whose webhook calls the service's own API with the key, as teams do to send a text from a call. */
const PATHWAY = {
  name: "Texts a link",
  nodes: [
    { id: "start", type: "Default", data: { name: "Start", isStart: true, prompt: "Say hello." } },
    {
      id: "sms",
      type: "Webhook",
      data: { name: "Send SMS", url: "https://api.example.test/v1/sms", method: "POST", headers: [["authorization", KEY]], body: "{}" },
    },
  ],
  edges: [{ id: "e1", source: "start", target: "sms", label: "wants a link" }],
};
const WARNING = /holds an API key, written as it is because it is part of your pathway/;

test("fmt rewrites the layout and keeps the key in the webhook header, with a warning instead of [redacted]", async () => {
  const dir = tempDir("pathwaykit-own-secrets-");
  writeFileSync(path.join(dir, "texts.json"), JSON.stringify(PATHWAY));
  const result = await runMain(["fmt", "texts.json"], { cwd: dir, env: { PATHWAYKIT_API_KEY: KEY } });
  expect(result.code).toBe(0);
  expect(JSON.parse(readFileSync(path.join(dir, "texts.json"), "utf8"))).toEqual(PATHWAY);
  expect(result.stderr).toMatch(WARNING);
  expect(result.stderr + result.stdout).not.toContain(KEY);
});

test("import then build give back the same pathway, key included", async () => {
  const dir = tempDir("pathwaykit-own-secrets-");
  writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  writeFileSync(path.join(dir, "texts.json"), JSON.stringify(PATHWAY));
  const env = { PATHWAYKIT_API_KEY: KEY };
  const imported = await runMain(["import", "texts.json", "-o", "texts.pathway.ts", "--import-from", BUILDER], { cwd: dir, env });
  expect(imported.code).toBe(0);
  expect(readFileSync(path.join(dir, "texts.pathway.ts"), "utf8")).toContain(KEY);
  const built = await runMain(["build", "texts.pathway.ts", "-o", "built"], { cwd: dir, env });
  expect(built.code).toBe(0);
  expect(readFileSync(path.join(dir, "built/texts.json"), "utf8")).toBe(toCanonicalJson(PATHWAY));
  for (const run of [imported, built]) {
    expect(run.stderr).toMatch(WARNING);
    expect(run.stderr + run.stdout).not.toContain(KEY);
  }
});

test("a report about that pathway still hides the key, and so does a document printed to stdout (with a warning)", async () => {
  const dir = tempDir("pathwaykit-own-secrets-");
  // Header values are masked in every diff; a query parameter with an ordinary name is not, so the key shows there.
  const changed = {
    ...PATHWAY,
    nodes: [
      PATHWAY.nodes[0],
      {
        ...PATHWAY.nodes[1],
        data: { ...PATHWAY.nodes[1]!.data, headers: [["authorization", "changed-header-value"]], url: `https://api.example.test/v1/sms?account=${KEY}` },
      },
    ],
  };
  writeFileSync(path.join(dir, "texts.json"), JSON.stringify(PATHWAY));
  writeFileSync(path.join(dir, "changed.json"), JSON.stringify(changed));
  const env = { PATHWAYKIT_API_KEY: KEY };
  // Without the key in the environment the diff shows the URL: the report really carries it (and not the header's value).
  const plain = (await runMain(["diff", "texts.json", "changed.json", "--format", "json"], { cwd: dir })).stdout;
  expect(plain).toContain(KEY);
  expect(plain).not.toContain("changed-header-value");
  const diff = await runMain(["diff", "texts.json", "changed.json", "--format", "json"], { cwd: dir, env });
  expect(diff.code).toBe(1);
  expect(diff.stdout).not.toContain(KEY);
  expect(diff.stdout).toContain("[redacted]");
  const printed = await runMain(["fmt", "-"], { cwd: dir, env, stdin: JSON.stringify(PATHWAY) });
  expect(printed.stdout).not.toContain(KEY);
  expect(printed.stderr).toMatch(/the output held an API key, replaced by \[redacted\]; .*\(-o or in place\)/);
});
