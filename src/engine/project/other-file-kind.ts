// Which other kind of project file (call records, scenarios, request bodies, bland-cli test cases) a parsed value is, apart from other-files.ts so a run that walks no folder never loads the readers it takes.
import { holdsOnlyCallRecords } from "../../calls/read-text.js";
import { isObject } from "../../model/pathway.js";
import { getWrappedPathwayPointer } from "../../model/wrapped-answer.js";
import { isRequestBody } from "../../requests/request-fields.js";
import { SCENARIO_KEYS } from "../../simulate/scenario-keys.js";
import { getPathwayProblem } from "./load-pathway.js";

/** The kinds of JSON a project keeps beside its pathways, which a folder or glob of pathways skips. */
export type OtherFileKind = "call-record" | "scenario" | "request" | "bland-cli-tests";

const BLAND_TESTS_KEYS = new Set(["pathway", "tests"]);
const SCENARIO_KEY_SET = new Set(SCENARIO_KEYS);

/**
 * Which other kind of project file a parsed JSON value is, or undefined when it is none of them. A value that is a
 * pathway, or might be one gone wrong (it has `nodes` or `edges`, or is a saved API answer around a pathway), is never
 * another kind: its problems are reported, not skipped. Decided on the value alone; nothing is parsed again.
 */
export function getOtherFileKind(value: unknown): OtherFileKind | undefined {
  if (getPathwayProblem(value, "") === undefined) return undefined;
  if (isObject(value) && (Object.hasOwn(value, "nodes") || Object.hasOwn(value, "edges") || getWrappedPathwayPointer(value) !== undefined)) return undefined;
  // A list of records (or the list endpoint's answer) is a calls file too: `pathway calls` reads it.
  if (holdsOnlyCallRecords(value)) return "call-record";
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  // A scenario's turns default to none, so a scenario without them is told by its keys (the schema allows no others).
  if (typeof value.pathway === "string" && (Array.isArray(value.turns) || keys.every((k) => SCENARIO_KEY_SET.has(k)))) return "scenario";
  // bland-cli 0.6.1's PathwayTestCasesFile: `{pathway?, tests: [{name, scenario, expected_path?, ...}]}` (YAML reads JSON too).
  if (
    Array.isArray(value.tests) &&
    keys.every((k) => BLAND_TESTS_KEYS.has(k)) &&
    value.tests.every((t) => isObject(t) && (typeof t.scenario === "string" || typeof t.name === "string"))
  ) {
    return "bland-cli-tests";
  }
  if (isRequestBody(value)) return "request";
  return undefined;
}
