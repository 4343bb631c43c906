// getWrappedPathwayPointer: a pathway inside a saved API answer is found where the service puts it, and a pathway itself never is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getWrappedPathwayPointer } from "../../src/model/wrapped-answer.js";
import { validPathway } from "../support/arbitraries.js";

describe("getWrappedPathwayPointer", () => {
  it("finds the pathway under pathway_data or data, whatever else the answer holds; never in a pathway itself", () => {
    const extra = fc.dictionary(
      fc.string().filter((k) => !["nodes", "pathway_data", "data"].includes(k)),
      fc.jsonValue(),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(validPathway, fc.constantFrom("pathway_data", "data"), extra, (pathway, key, rest) => {
        expect(getWrappedPathwayPointer({ ...rest, status: "success", [key]: pathway })).toBe(`/${key}`);
        expect(getWrappedPathwayPointer(pathway)).toBeUndefined();
        expect(getWrappedPathwayPointer({ ...pathway, data: pathway })).toBeUndefined();
      }),
    );
  });

  it.each([
    ["an answer without a pathway", { status: "success", message: "Version updated successfully" }],
    ["a version answer (data without nodes)", { status: "success", data: { id: "v1", version_number: 2 } }],
    ["nodes that are not an array", { data: { nodes: {} } }],
    ["an array", [{ nodes: [] }]],
    ["null", null],
  ])("gives nothing for %s", (_, value) => {
    expect(getWrappedPathwayPointer(value)).toBeUndefined();
  });
});
