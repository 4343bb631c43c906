// The formatters may import only diagnostics, so they declare the result shapes they print; these checks keep the
// copies in step with the layers that produce the results (tsc runs them in `npm test`; vitest runs the it()).
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
