// `pathway lsp` on a bland-cli project's bland-pathway.yaml: the findings lint reports, placed on the YAML lines, and updated as the text changes.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/cli.js";
import { startLsp, type LspSession } from "../support/lsp-client.js";

const YAML =
  "name: Shop\nglobal:\n  prompt: Be brief.\n  voice: nat\nnodes:\n  greeting:\n    prompt: Hello.\n    edges:\n      - target: goodbye\n        label: done\n  goodbye:\n    prompt: Bye.\n";

let dir: string;
let lsp: LspSession;
let uri: string;

beforeAll(async () => {
  dir = tempDir("pathwaykit-lsp-bland-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  mkdirSync(path.join(dir, "shop"));
  writeFileSync(path.join(dir, "shop/bland-pathway.yaml"), YAML);
  lsp = await startLsp(dir);
  uri = await lsp.open(path.join(dir, "shop/bland-pathway.yaml"), YAML, "yaml");
}, 30_000);

afterAll(async () => {
  await lsp?.stop();
});

describe("pathway lsp: a bland-cli project's pathway file", () => {
  it("publishes what `pathway lint` reports, at the same YAML lines", async () => {
    const published = await lsp.diagnostics(uri);
    const lint = JSON.parse(runCli(["lint", "shop", "--format", "json"], { cwd: dir }).stdout) as {
      messages: { ruleId: string; line: number; column: number }[];
    }[];
    const expected = lint[0]!.messages.map((d) => `${d.ruleId}@${d.line - 1}:${d.column - 1}`).sort();
    expect(expected).toEqual(["bland-cli-push-loss@3:9", "dead-end@10:2"]);
    expect(published.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`).sort()).toEqual(expected);
  });

  it("places findings of the text being typed, not the file on disk", async () => {
    const edited = YAML.replace("  goodbye:\n    prompt: Bye.\n", "  goodbye:\n    type: End Call\n    prompt: Bye.\n    text: Bye now\n");
    await lsp.change(uri, edited);
    const published = await lsp.diagnostics(uri, (d) => d.some((x) => x.message.includes("text:")));
    expect(published.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`).sort()).toEqual([
      "bland-cli-push-loss@13:10",
      "bland-cli-push-loss@3:9",
    ]);
  });
});
