// The one rule catalogue: each command's set within it, and every command that reads pathway.config.json knowing all of it.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRuleCatalogue, validationRuleMetas } from "../../../src/engine/check/rule-catalogue.js";
import { ROOT } from "../../support/cli.js";
import { runMain } from "../../support/run-main.js";
import { createTempProject } from "../../support/temp-project.js";

const ids = (metas: readonly { id: string }[]) => metas.map((m) => m.id);

describe("the rule catalogue", () => {
  it("holds each command's rules once: validate's within lint's, lint's and the requests' within every rule", async () => {
    const catalogue = await loadRuleCatalogue();
    expect(catalogue.validate).toBe(validationRuleMetas);
    expect(ids(catalogue.lint)).toEqual(expect.arrayContaining(ids(catalogue.validate)));
    expect(ids(catalogue.validate)).toEqual(expect.arrayContaining(ids(catalogue.document)));
    expect(ids(catalogue.all)).toEqual([...ids(catalogue.lint), ...ids(catalogue.request)]);
    expect(new Set(ids(catalogue.all)).size).toBe(catalogue.all.length);
    expect(catalogue.requestKinds).toEqual(["call", "batch", "inbound", "purchase", "batch-v2"]);
  });

  it("is loaded once per process", async () => {
    expect(await loadRuleCatalogue()).toBe(await loadRuleCatalogue());
  });
});

describe("pathway.config.json's rules", () => {
  it("may set a request rule for report as for lint (report refused the config: unknown rule)", async () => {
    const booking = path.join(ROOT, "pathways/appointment-booking.json");
    expect(existsSync(booking)).toBe(true);
    const dir = createTempProject({ "pathway.config.json": JSON.stringify({ rules: { "unused-request-data": "off" } }) });
    const lint = await runMain(["lint", booking, "--config", path.join(dir, "pathway.config.json")], { cwd: dir });
    expect([lint.code, lint.stderr]).toEqual([0, ""]);
    const report = await runMain(["report", booking, "--config", path.join(dir, "pathway.config.json"), "-o", path.join(dir, "out.html")], { cwd: dir });
    expect(report.stderr).not.toContain("unknown rule");
    expect(report.code).toBe(0);
  });
});
