// What a batch of saved files makes a watch re-run: pathways for lint, scenarios for test.
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../../support/fast-check-seed.js";
import { planLintRun, ScenarioDependencies } from "../../../src/engine/watch/watch-plan.js";
import type { FileChange } from "../../../src/engine/watch/watch-files.js";

const R = path.resolve("/project");
const at = (...parts: string[]) => path.join(R, ...parts);
const change = (file: string, kind: FileChange["kind"] = "change"): FileChange => ({ file, kind });

describe("planLintRun", () => {
  const cases: { name: string; changes: FileChange[]; file: string; config?: string; relint: boolean }[] = [
    { name: "a saved pathway", changes: [change(at("a.json"))], file: at("a.json"), relint: true },
    { name: "another pathway than the saved one", changes: [change(at("a.json"))], file: at("b.json"), relint: false },
    {
      name: "a pathway whose nearest config was saved",
      changes: [change(at("team/pathway.config.json"))],
      file: at("team/x.json"),
      config: at("team/pathway.config.json"),
      relint: true,
    },
    {
      name: "a pathway under a saved config that has a nearer one",
      changes: [change(at("pathway.config.json"))],
      file: at("team/x.json"),
      config: at("team/pathway.config.json"),
      relint: false,
    },
    {
      name: "a pathway under a removed config",
      changes: [change(at("team/pathway.config.json"), "unlink")],
      file: at("team/x.json"),
      config: at("pathway.config.json"),
      relint: true,
    },
    {
      name: "a pathway beside a removed config's folder",
      changes: [change(at("team/pathway.config.json"), "unlink")],
      file: at("team-b/x.json"),
      relint: false,
    },
    { name: "a removed pathway", changes: [change(at("a.json"), "unlink")], file: at("a.json"), relint: false },
  ];
  for (const c of cases) {
    it(`${c.relint ? "re-lints" : "leaves"} ${c.name}`, () => {
      const plan = planLintRun(c.changes);
      expect(plan.all).toBe(false);
      if (!plan.all) expect(plan.only(c.file, c.config)).toBe(c.relint);
    });
  }

  it("re-lints everything when --config or --baseline is saved", () => {
    expect(planLintRun([change(at("ci/lint.json"))], { config: at("ci/lint.json") })).toEqual({ all: true });
    expect(planLintRun([change(at("baseline.json"))], { baseline: at("baseline.json") })).toEqual({ all: true });
  });

  it("re-lints every saved (not removed) file, whatever else the batch holds", () => {
    const name = fc.stringMatching(/^[a-z]{1,6}(\.json)?$/);
    const kind = fc.constantFrom<FileChange["kind"]>("add", "change", "unlink");
    fc.assert(
      fc.property(fc.array(fc.record({ file: name.map((n) => at(n)), kind }), { minLength: 1, maxLength: 8 }), (changes) => {
        const plan = planLintRun(changes);
        if (plan.all) return false;
        const saved = new Set(changes.filter((c) => c.kind !== "unlink").map((c) => c.file));
        const onlyRemoved = changes.map((c) => c.file).filter((f) => !saved.has(f));
        return [...saved].every((f) => plan.only(f, undefined)) && onlyRemoved.every((f) => !plan.only(f, undefined));
      }),
    );
  });
});

describe("ScenarioDependencies", () => {
  it("re-runs the scenarios that read a saved pathway or mocks file, and a saved scenario itself", () => {
    const deps = new ScenarioDependencies();
    deps.record(at("s/a.scenario.yaml"), at("a.json"));
    deps.record(at("s/b.scenario.yaml"), at("b.json"));
    deps.record(at("s/b.scenario.yaml"), at("s/mocks.yaml"));
    const byPathway = deps.plan([change(at("a.json"))]);
    const byMocks = deps.plan([change(at("s/mocks.yaml"))]);
    const byScenario = deps.plan([change(at("s/new.scenario.yaml"), "add")]);
    const unrelated = deps.plan([change(at("package.json"))]);
    const run = (plan: ReturnType<ScenarioDependencies["plan"]>, file: string) => plan.all || plan.only(file);
    expect([run(byPathway, at("s/a.scenario.yaml")), run(byPathway, at("s/b.scenario.yaml"))]).toEqual([true, false]);
    expect([run(byMocks, at("s/a.scenario.yaml")), run(byMocks, at("s/b.scenario.yaml"))]).toEqual([false, true]);
    expect(run(byScenario, at("s/new.scenario.yaml"))).toBe(true);
    expect(run(unrelated, at("s/a.scenario.yaml")) || run(unrelated, at("s/b.scenario.yaml"))).toBe(false);
  });

  it("forgets what a scenario read before it runs again", () => {
    const deps = new ScenarioDependencies();
    deps.record(at("s/a.scenario.yaml"), at("a.json"));
    deps.forget((s) => s === at("s/a.scenario.yaml"));
    const plan = deps.plan([change(at("a.json"))]);
    expect(plan.all || plan.only(at("s/a.scenario.yaml"))).toBe(false);
  });
});
