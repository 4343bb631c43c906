// The formatters declare the result shapes they print; these type checks keep the copies in step with the layers
// that produce the results (vitest typecheck runs them as a *.test-d.ts file).
import { expectTypeOf, it } from "vitest";
import type { PathwayDiff } from "../../src/diff/index.js";
import type { AnalysisView, FormattableDiff, TestFailure } from "../../src/format/index.js";
import type { PathwayAnalysis } from "../../src/graph/index.js";
import type { ScenarioFailure } from "../../src/simulate/index.js";

it("accepts what the diff, graph and simulate layers return", () => {
  expectTypeOf<PathwayDiff>().toExtend<FormattableDiff>();
  expectTypeOf<PathwayAnalysis>().toExtend<AnalysisView>();
  expectTypeOf<ScenarioFailure>().toExtend<TestFailure>();
});
