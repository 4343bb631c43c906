// Pins the public API: a change to what `pathwaykit` exports must show up in review as a change to this snapshot.
import { expect, it } from "vitest";
import * as api from "../src/index.js";

it("exports exactly the pinned names", () => {
  expect(Object.keys(api).sort()).toMatchSnapshot();
});

it("exports the entry points each command is built on", () => {
  for (const name of ["validatePathway", "lintPathway", "pathway", "toMermaid", "toDot", "createSimulator", "getPathwayDiff", "toCanonicalJson"]) {
    expect(typeof (api as Record<string, unknown>)[name], name).toBe("function");
  }
});
