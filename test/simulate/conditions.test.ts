// Conditions and the variable store: operators real files use, {{variable}} filling, JSON paths and typed extraction.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CONDITION_OPERATORS, evaluateCondition, extractBoolean, extractInteger, getJsonPath, renderTemplate } from "../../src/simulate/index.js";

describe("evaluateCondition", () => {
  it.each([
    ["200", "==", "200", true],
    [200, "==", "200", true],
    [500, "!=", "200", true],
    ["order_mgmt", "is", "order_mgmt", true],
    ["Order_Mgmt", "is", "order_mgmt", true],
    ["menu", "is not", "order", true],
    ["450000", "less than", "500000", true],
    ["600000", "less than", "500000", false],
    ["abc", "less than", "5", false],
    [7, "greater than", 5, true],
    [5, ">", 5, false],
    [5, ">=", 5, true],
    [4, "<", 5, true],
    [5, "<=", 5, true],
    ["the blue car", "contains", "BLUE", true],
    ["red", "does not contain", "blue", true],
    [undefined, "is empty", "", true],
    ["x", "is not empty", "", true],
  ])("%j %s %j is %s", (actual, operator, expected, holds) => {
    expect(evaluateCondition(actual, operator, expected).holds).toBe(holds);
  });

  it("lists every operator it understands, the equal-to aliases included", () => {
    expect(CONDITION_OPERATORS).toEqual(expect.arrayContaining(["equal to", "is equal to", "not equal to", "is not equal to"]));
    for (const op of CONDITION_OPERATORS) expect(evaluateCondition(1, op, 1).unknownOperator).toBeUndefined();
    expect(evaluateCondition("a", "is equal to", "A").holds).toBe(true);
    expect(evaluateCondition("a", "is not equal to", "b").holds).toBe(true);
  });

  it("does not take inherited object keys for operators", () => {
    expect(evaluateCondition(1, "constructor", 1)).toEqual({ holds: false, unknownOperator: "constructor" });
  });

  it("reports an unknown operator and does not hold", () => {
    expect(evaluateCondition(1, "approximately", 1)).toEqual({ holds: false, unknownOperator: "approximately" });
  });

  it("makes == and != complements, and < and >= complements on numbers", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.oneof(fc.integer(), fc.string()), (a, b) => {
        expect(evaluateCondition(a, "==", b).holds).toBe(!evaluateCondition(a, "!=", b).holds);
      }),
    );
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(evaluateCondition(a, "<", b).holds).toBe(!evaluateCondition(a, ">=", b).holds);
      }),
    );
  });
});

describe("variables", () => {
  it("fills {{name}}, {{ spaced }} and {{dotted.paths}}, leaving unset ones literal and listed once", () => {
    const r = renderTemplate("{{a}} {{ b }} {{input.x.y}} {{missing}} {{missing}}", { a: 1, b: "two", input: { x: { y: true } } });
    expect(r).toEqual({ text: "1 two true {{missing}} {{missing}}", unset: ["missing"] });
  });

  it("reads JSON paths like $.a.b and $.items[0].x", () => {
    const body = { a: { b: 3 }, items: [{ x: "first" }], "odd key": 1 };
    expect(getJsonPath(body, "$.a.b")).toBe(3);
    expect(getJsonPath(body, "$.items[0].x")).toBe("first");
    expect(getJsonPath(body, "$['odd key']")).toBe(1);
    expect(getJsonPath(body, "$.items[3].x")).toBeUndefined();
    expect(getJsonPath(body, "a.b")).toBeUndefined();
  });

  it("extracts integers from digits or words, and booleans from yes/no", () => {
    expect(extractInteger("we are 1,200 people")).toBe(1200);
    expect(extractInteger("table for four")).toBe(4);
    expect(extractInteger("nobody")).toBeUndefined();
    expect(extractBoolean("Yeah, sure")).toBe(true);
    expect(extractBoolean("yes... no, not really")).toBe(false);
    expect(extractBoolean("maybe")).toBeUndefined();
  });
});
