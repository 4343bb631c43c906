// Every scenario file in the repository passes: the example pathways' scenarios and the real receptionist calls.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { globSync } from "tinyglobby";
import { ROOT } from "../support/cli.js";
import { CORPUS_DIR, itCorpus } from "../support/corpus.js";
import type { Pathway } from "../../src/model/index.js";
import { loadScenario, runScenario } from "../../src/simulate/index.js";

const files = globSync(["pathways/scenarios/**/*.scenario.yaml", "test/fixtures/scenarios/**/*.scenario.yaml"], { cwd: ROOT }).sort();

describe("scenario files", () => {
  it("include the example pathways and the corpus receptionist", () => {
    expect(files.some((f) => f.includes("appointment-booking"))).toBe(true);
    expect(files.some((f) => f.includes("receptionist"))).toBe(true);
  });

  // The receptionist's scenarios (test/fixtures) name a corpus pathway by its name (the CLI tests copy it beside them):
  // without the corpus they are skipped.
  const passes = (file: string) => {
    const loaded = loadScenario(readFileSync(path.join(ROOT, file), "utf8"));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const folder = file.startsWith("test/fixtures/") ? CORPUS_DIR : path.resolve(ROOT, path.dirname(file));
    const pathway = JSON.parse(readFileSync(path.resolve(folder, loaded.scenario.pathway), "utf8")) as Pathway;
    const result = runScenario(pathway, loaded.scenario, { locate: loaded.locate });
    expect(result.failures).toEqual([]);
    expect(runScenario(pathway, loaded.scenario).trace).toEqual(result.trace);
  };
  it.each(files.filter((f) => !f.startsWith("test/fixtures/")))("%s passes", passes);
  itCorpus.each(files.filter((f) => f.startsWith("test/fixtures/")))("%s passes", passes);
});
