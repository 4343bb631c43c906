// runScenarioFiles when a run throws (a bug, or a decider that breaks): that scenario is an error, the others still run, in file order.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { createNodeHost } from "../../../src/host/node-host.js";
import { runScenarioFiles } from "../../../src/engine/scenarios/run-scenarios.js";
import { tempDir } from "../../support/cli.js";

// The simulator breaks on the scenario named BOOM, as an unforeseen bug would.
vi.mock(import("../../../src/simulate/index.js"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    runScenario: (...args: Parameters<typeof actual.runScenario>) => {
      if (args[1].name === "BOOM") throw new RangeError("Maximum call stack size exceeded");
      return actual.runScenario(...args);
    },
  };
});

it("reports the run that throws as that scenario's error and runs the rest, in file order", async () => {
  const dir = tempDir("pathwaykit-scenarios-");
  writeFileSync(
    path.join(dir, "pathway.json"),
    JSON.stringify({ nodes: [{ id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } }], edges: [] }),
  );
  for (const name of ["first", "BOOM", "last"])
    writeFileSync(path.join(dir, `${name}.scenario.yaml`), `name: ${name}\npathway: pathway.json\nturns: []\nexpect: { node: A }\n`);
  const report = await runScenarioFiles(createNodeHost({ cwd: dir }), ["first.scenario.yaml", "BOOM.scenario.yaml", "last.scenario.yaml"]);
  expect(report.results.map((r) => [r.name, r.status])).toEqual([
    ["first", "passed"],
    ["BOOM", "error"],
    ["last", "passed"],
  ]);
  expect(report.results[1]!.failures[0]!.message).toBe("the run failed: Maximum call stack size exceeded");
  expect(report.summary).toMatchObject({ total: 3, passed: 2, errors: 1 });
});
