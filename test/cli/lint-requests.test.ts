// `pathway lint` also checks the request files pathway.config.json lists, with the pathway each group uses.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { PATHWAY } from "../support/request-text.js";
import { runMain } from "../support/run-main.js";

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const lint = (args: string[]) => runMain(["lint", ...args], { cwd: dir });

beforeAll(() => {
  dir = tempDir("pathwaykit-lint-requests-");
  write("pathways/orders.json", JSON.stringify(PATHWAY, null, 2));
  write("pathways/calls/ok.json", JSON.stringify({ phone_number: "+14155550123", pathway_id: "p", request_data: { name: "A", company: "B" } }));
  write("pathways/calls/missing.json", JSON.stringify({ phone_number: "+14155550123", pathway_id: "p", request_data: { name: "A" } }));
  write(
    "pathway.config.json",
    JSON.stringify({
      rules: { "unreachable-node": "off", "dead-end": "off" },
      requests: [{ files: "pathways/calls/*.json", pathway: "pathways/orders.json" }],
    }),
  );
});

describe("pathway lint with requests in pathway.config.json", () => {
  it("reports the request files' findings with the pathways', and does not lint them as pathways", async () => {
    const result = await lint(["pathways/", "--format", "json"]);
    const report = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
    expect(report.map((r) => r.filePath).sort()).toEqual(["pathways/calls/missing.json", "pathways/calls/ok.json", "pathways/orders.json"]);
    const missing = report.find((r) => r.filePath === "pathways/calls/missing.json")!;
    expect(missing.messages.map((m) => m.ruleId)).toEqual(["missing-request-variable"]);
    expect(missing.messages[0]!.message).toContain("{{company}}");
    expect(result.code).toBe(1);
  });

  it("takes request rule severities from the same config's rules", async () => {
    const other = tempDir("pathwaykit-lint-requests-rules-");
    writeFileSync(path.join(other, "p.json"), JSON.stringify(PATHWAY));
    writeFileSync(path.join(other, "c.request.json"), JSON.stringify({ phone_number: "+14155550123", pathway_id: "p", request_data: { name: "A" } }));
    writeFileSync(
      path.join(other, "pathway.config.json"),
      JSON.stringify({
        rules: { "unreachable-node": "off", "dead-end": "off", "missing-request-variable": "warn" },
        requests: [{ files: "*.request.json", pathway: "p.json" }],
      }),
    );
    const result = await runMain(["lint", "p.json", "--format", "json"], { cwd: other });
    const report = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; severity: string }[] }[];
    expect(report.find((r) => r.filePath === "c.request.json")!.messages).toMatchObject([{ ruleId: "missing-request-variable", severity: "warning" }]);
    expect(result.code).toBe(0);
  });

  it("applies the config's overrides matching a request file, as check-request does", async () => {
    const other = tempDir("pathwaykit-lint-requests-overrides-");
    writeFileSync(path.join(other, "p.json"), JSON.stringify(PATHWAY));
    mkdirSync(path.join(other, "legacy"));
    const body = JSON.stringify({ phone_number: "+14155550123", pathway_id: "p", request_data: { name: "A" } });
    writeFileSync(path.join(other, "c.request.json"), body);
    writeFileSync(path.join(other, "legacy", "c.request.json"), body);
    const config = {
      rules: { "unreachable-node": "off", "dead-end": "off" },
      overrides: [{ files: ["legacy/**"], rules: { "missing-request-variable": "off" } }],
      requests: [{ files: "**/*.request.json", pathway: "p.json" }],
    };
    writeFileSync(path.join(other, "pathway.config.json"), JSON.stringify(config));
    const linted = JSON.parse((await runMain(["lint", "p.json", "--format", "json"], { cwd: other })).stdout) as {
      filePath: string;
      messages: { ruleId: string }[];
    }[];
    const checked = JSON.parse(
      (await runMain(["check-request", "c.request.json", "legacy/c.request.json", "--pathway", "p.json", "--format", "json"], { cwd: other })).stdout,
    ) as typeof linted;
    const rules = (report: typeof linted) =>
      Object.fromEntries(report.filter((r) => r.filePath.endsWith(".request.json")).map((r) => [r.filePath, r.messages.map((m) => m.ruleId)]));
    expect(rules(linted)).toEqual({ "c.request.json": ["missing-request-variable"], "legacy/c.request.json": [] });
    expect(rules(checked)).toEqual(rules(linted));
  });

  it("rejects an unknown key in a requests entry as a config error (exit 2)", async () => {
    const other = tempDir("pathwaykit-lint-requests-bad-");
    writeFileSync(path.join(other, "pathway.config.json"), JSON.stringify({ requests: [{ files: "*.json", pathways: "x.json" }] }));
    writeFileSync(path.join(other, "p.json"), JSON.stringify(PATHWAY));
    const result = await runMain(["lint", "p.json"], { cwd: other });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("requests[0].pathways");
  });

  it("reports a requests glob that matches nothing (exit 2)", async () => {
    const other = tempDir("pathwaykit-lint-requests-none-");
    writeFileSync(path.join(other, "pathway.config.json"), JSON.stringify({ requests: [{ files: "calls/*.json" }] }));
    writeFileSync(path.join(other, "p.json"), JSON.stringify(PATHWAY));
    const result = await runMain(["lint", "p.json"], { cwd: other });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("requests[0].files (calls/*.json) matches no files");
  });
});
