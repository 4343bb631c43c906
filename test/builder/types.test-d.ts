// Type-level guarantees of the builder, checked by vitest typecheck (each expectation and @ts-expect-error must hold).
import { describe, expectTypeOf, test } from "vitest";
import { defaultNode, endCall, pathway, variable, type PathwayBuilder, type Variable } from "../../src/builder/index.js";
import type { ExtractVarType } from "../../src/model/index.js";

describe("builder types", () => {
  test("declared node ids accumulate in the builder's type", () => {
    const b = pathway()
      .start("hi", defaultNode({ text: "Hi" }))
      .node("bye", endCall({ text: "Bye" }));
    expectTypeOf(b).toEqualTypeOf<PathwayBuilder<"hi" | "bye", true>>();
    expectTypeOf(b.edge).parameter(0).toEqualTypeOf<"hi" | "bye">();
  });

  test("an edge to a node id that was never declared does not compile", () => {
    const b = pathway()
      .start("hi", defaultNode({ text: "Hi" }))
      .node("bye", endCall({ text: "Bye" }));
    b.edge("hi", "bye", "ok");
    // @ts-expect-error "byee" is not a declared node id
    b.edge("hi", "byee", "typo");
    // @ts-expect-error the source must be declared too
    b.edge("nobody", "bye");
  });

  test("a second start node does not compile", () => {
    const b = pathway().start("one", defaultNode({ text: "1" }));
    // @ts-expect-error start() is only available while no start node is declared
    b.start("two", defaultNode({ text: "2" }));
    expectTypeOf(pathway().node("x", defaultNode({ text: "x" }))).toEqualTypeOf<PathwayBuilder<"x", false>>();
  });

  test("the extractVars type is the union of the known types", () => {
    expectTypeOf<Parameters<typeof variable>[1]>().toEqualTypeOf<ExtractVarType>();
    expectTypeOf<ExtractVarType>().toEqualTypeOf<"string" | "integer" | "boolean">();
    expectTypeOf(variable("age", "integer", "Age in years")).toEqualTypeOf<Variable<"age", "integer">>();
    // @ts-expect-error "number" is not an extractVars type
    variable("age", "number", "Age in years");
  });

  test("a Default node needs text or prompt", () => {
    defaultNode({ prompt: "Ask." });
    // @ts-expect-error neither text nor prompt
    defaultNode({ name: "Silent" });
  });

  test("a global node needs a label", () => {
    // @ts-expect-error label is required
    pathway().global("g", defaultNode({ text: "x" }), {});
  });
});
