// Variable uses and definitions, and the "never defined" and "may be unset" findings.
import { describe, expect, it } from "vitest";
import { getVariableDefinitions, getVariableFindings, getVariableSummary, getVariableUses } from "../../src/graph/index.js";
import { node, pathway } from "./support.js";

const extract = (name: string) => ({ extractVars: [[name, "string", `The caller's ${name}`]] });
const names = (uses: { name: string; nodeId: string }[]) => uses.map((u) => `${u.name}@${u.nodeId}`);

describe("getVariableUses", () => {
  it("finds variables with spaces and dotted paths in every templated field", () => {
    const p = pathway([
      node("a", "Default", { prompt: "Hi {{ first_name }}, {{user.address.city}}", condition: "{{x}}", globalLabel: "{{y}}", text: "{{t}}" }),
      node("w", "Webhook", { url: "https://x/{{id}}", body: { order: ["{{items}}"] }, headers: [["Authorization", "Bearer {{token}}"]] }),
      node("t", "Transfer Call", { transferNumber: "{{agent_number}}" }),
    ]);
    const uses = getVariableUses(p);
    expect(uses.map((u) => u.name)).toEqual(["t", "first_name", "user.address.city", "x", "y", "id", "items", "token", "agent_number"]);
    expect(uses.find((u) => u.name === "items")!.path).toEqual(["nodes", 1, "data", "body", "order", 0]);
    expect(uses.find((u) => u.name === "user.address.city")!.root).toBe("user");
  });
});

describe("getVariableDefinitions", () => {
  it("reads extractVars and webhook responseData names", () => {
    const p = pathway([node("a", "Default", extract("name")), node("w", "Webhook", { responseData: [{ name: "slot", data: "$.slot" }] })]);
    expect(getVariableDefinitions(p).map((d) => [d.name, d.nodeId, d.source])).toEqual([
      ["name", "a", "extractVars"],
      ["slot", "w", "responseData"],
    ]);
  });
});

describe("getVariableFindings", () => {
  it("reports a variable nothing defines, but not system or declared ones", () => {
    const p = pathway([node("a", "Default", { prompt: "{{nobody}} {{from}} {{now_utc}} {{input.x}} {{customer}} {{extra}}" })]);
    const f = getVariableFindings(p, { declaredVariables: ["customer"], systemVariables: ["extra"] });
    expect(names(f.undefined)).toEqual(["nobody@a"]);
    expect(f.maybeUnset).toEqual([]);
  });

  it("reports a use that one branch reaches before the variable is extracted", () => {
    const p = pathway(
      [node("a"), node("ask", "Default", extract("name")), node("skip"), node("use", "Default", { prompt: "Bye {{name}}" })],
      [
        ["a", "ask"],
        ["a", "skip"],
        ["ask", "use"],
        ["skip", "use"],
      ],
    );
    expect(names(getVariableFindings(p).maybeUnset)).toEqual(["name@use"]);
  });

  it("accepts a use every path reaches after the extraction, including through a loop", () => {
    const p = pathway(
      [node("a"), node("ask", "Default", extract("name")), node("loop"), node("use", "Default", { prompt: "Bye {{name}}" })],
      [
        ["a", "ask"],
        ["ask", "loop"],
        ["loop", "ask"],
        ["loop", "use"],
      ],
    );
    expect(getVariableFindings(p)).toMatchObject({ undefined: [], maybeUnset: [], opaque: [] });
  });

  it("accepts a use after either of two definers on both branches", () => {
    const p = pathway(
      [
        node("a"),
        node("x", "Default", extract("v")),
        node("y", "Webhook", { responseData: [{ name: "v" }] }),
        node("use", "Default", { prompt: "{{v.detail}}" }),
      ],
      [
        ["a", "x"],
        ["a", "y"],
        ["x", "use"],
        ["y", "use"],
      ],
    );
    expect(getVariableFindings(p).maybeUnset).toEqual([]);
  });

  it("reports a use when only one of two definers lies on some path", () => {
    const p = pathway(
      [node("a"), node("x", "Default", extract("v")), node("y", "Default", extract("v")), node("z"), node("use", "Default", { prompt: "{{v}}" })],
      [
        ["a", "x"],
        ["a", "z"],
        ["x", "y"],
        ["z", "use"],
        ["y", "use"],
      ],
    );
    expect(names(getVariableFindings(p).maybeUnset)).toEqual(["v@use"]);
  });

  it("treats a global node as entered from anywhere, so a later extraction does not cover it", () => {
    const p = pathway(
      [node("a"), node("ask", "Default", extract("name")), node("g", "Default", { isGlobal: true, globalLabel: "help", prompt: "{{name}}" })],
      [["a", "ask"]],
    );
    expect(names(getVariableFindings(p).maybeUnset)).toEqual(["name@g"]);
  });

  it("counts a node's own extraction for its own fields, and skips unreachable uses", () => {
    const p = pathway([node("a", "Default", { ...extract("n"), condition: "got {{n}}" }), node("lost", "Default", { prompt: "{{n}}" })]);
    expect(getVariableFindings(p)).toMatchObject({ undefined: [], maybeUnset: [], opaque: [] });
  });
});

describe("getVariableSummary", () => {
  it("tells where each variable comes from, is defined and is used", () => {
    const p = pathway(
      [node("a", "Default", { ...extract("name"), prompt: "{{from}}" }), node("b", "Default", { prompt: "{{name}} {{who}} {{req}}" })],
      [["a", "b"]],
    );
    expect(getVariableSummary(p, { declaredVariables: ["req"] })).toEqual([
      { name: "from", origin: "system", definedIn: [], usedIn: ["a"] },
      { name: "name", origin: "defined", definedIn: ["a"], usedIn: ["b"] },
      { name: "req", origin: "declared", definedIn: [], usedIn: ["b"] },
      { name: "who", origin: "undefined", definedIn: [], usedIn: ["b"] },
    ]);
  });
});
