// The builder produces the model's JSON, validates with the validator, and points findings at the declaring line.
import { describe, expect, test } from "vitest";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  BUILDER_DIRS,
  defaultNode,
  endCall,
  getCallSite,
  isPathwayBuilder,
  knowledgeBase,
  node,
  pathway,
  PathwayBuildError,
  transfer,
  variable,
  webhook,
  type PathwayBuilder,
} from "../../src/builder/index.js";
import { toCanonicalJson } from "../../src/model/index.js";
import { validateValue } from "../../src/validate/index.js";

const THIS_FILE = fileURLToPath(import.meta.url);
const ROOT_DIR = path.resolve(path.dirname(THIS_FILE), "../..");

/** A two-node sub-flow with prefixed ids, as a fragment function. */
function confirmEmail<const P extends string, I extends string, S extends boolean>(b: PathwayBuilder<I, S>, prefix: P, next: I) {
  return b
    .node(`${prefix}-ask`, defaultNode({ prompt: "Ask for the email address.", extractVars: [variable("email", "string", "Email address")] }))
    .node(`${prefix}-confirm`, defaultNode({ prompt: "Spell {{email}} back." }))
    .edge(`${prefix}-ask`, `${prefix}-confirm`, "Gave an email")
    .edge(`${prefix}-confirm`, next, "Confirmed");
}

describe("builder output", () => {
  test("produces the documented JSON shape for every helper", () => {
    const value = pathway({ name: "All helpers", description: null })
      .globalPrompt("Be kind.")
      .start("hi", defaultNode({ name: "Hi", text: "Hello!", modelOptions: { temperature: 0.1 } }))
      .node("kb", knowledgeBase({ name: "FAQ", kb: "We open at 9.", prompt: "Answer from the kb." }))
      .node("hook", webhook({ name: "Hook", url: "https://example.com/h", method: "POST", body: "{}", responseData: [{ name: "x", data: "$.x" }] }))
      .node("desk", transfer({ name: "Desk", transferNumber: "+15550100100" }))
      .node("route", node("Route", { name: "Route", routes: [], fallbackNodeId: "bye" }))
      .node("bye", endCall({ name: "Bye", text: "Bye." }))
      .global("human", defaultNode({ text: "Connecting you." }), { label: "Wants a human", autoReturn: false })
      .edge("hi", "kb", "Question")
      .edge("hi", "kb", "Another question")
      .edge("kb", "bye", "Done", { labelAt: "data", description: "finished", type: "custom" })
      .toJSON();
    expect(value.nodes[0]).toEqual({ globalConfig: { globalPrompt: "Be kind." } });
    expect(value.nodes[1]).toEqual({ id: "hi", type: "Default", data: { name: "Hi", text: "Hello!", isStart: true, modelOptions: { temperature: 0.1 } } });
    expect(value.nodes[4]).toMatchObject({ id: "desk", type: "Transfer Call", data: { transferNumber: "+15550100100" } });
    expect(value.nodes[7]).toMatchObject({ data: { isGlobal: true, globalLabel: "Wants a human", enableGlobalAutoReturn: false } });
    expect(value.edges).toEqual([
      { id: "hi->kb", source: "hi", target: "kb", label: "Question" },
      { id: "hi->kb#2", source: "hi", target: "kb", label: "Another question" },
      { id: "kb->bye", source: "kb", target: "bye", type: "custom", data: { label: "Done", description: "finished" } },
    ]);
    expect(validateValue(value)).toEqual([]);
  });

  test("edgeDefaults put labels under data and set the type, unless an edge says otherwise", () => {
    const value = pathway({ edgeDefaults: { labelAt: "data", type: "custom" } })
      .start("a", defaultNode({ text: "x" }))
      .node("b", endCall({ text: "y" }))
      .edge("a", "b", "UI style")
      .edge("a", "b", "Documented style", { labelAt: "top", type: null })
      .toJSON();
    expect(value.edges).toEqual([
      { id: "a->b", source: "a", target: "b", type: "custom", data: { label: "UI style" } },
      { id: "a->b#2", source: "a", target: "b", label: "Documented style" },
    ]);
  });

  test("keeps __proto__ keys from escape hatches as data", () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "plain": 1}') as Record<string, unknown>;
    const value = pathway()
      .start("a", defaultNode({ text: "x", data }))
      .toJSON();
    const text = toCanonicalJson(value);
    expect(text).toContain('"__proto__": {');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn((value.nodes[0] as { data: object }).data, "__proto__")).toBe(true);
  });

  test("omits edges only when asked to", () => {
    expect(
      pathway()
        .start("a", defaultNode({ text: "x" }))
        .toJSON(),
    ).toHaveProperty("edges", []);
    expect(
      pathway({ omitEmptyEdges: true })
        .start("a", defaultNode({ text: "x" }))
        .toJSON(),
    ).not.toHaveProperty("edges");
  });

  test("is recognised by brand", () => {
    expect(isPathwayBuilder(pathway())).toBe(true);
    expect(isPathwayBuilder({ build() {} })).toBe(false);
  });
});

describe("build()", () => {
  test("throws one error listing every finding with the file:line that declared it", () => {
    const line = (offset: number) => Number(getCallSite()!.line) + offset;
    const startLine = line(3);
    const builder = pathway({ name: "Broken" })
      .start("hi", defaultNode({ text: "Hi" }))
      .node("desk", transfer({ transferNumber: "555-0100" }))
      .node("hook", webhook({ url: "ftp://nope", method: "POST" }))
      .edge("hi", "desk", "Transfer");
    let error: unknown;
    try {
      builder.build();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PathwayBuildError);
    const diagnostics = (error as PathwayBuildError).diagnostics;
    expect(diagnostics.map((d) => d.ruleId).sort()).toEqual(["invalid-webhook-url", "transfer-number-format"]);
    const byRule = Object.fromEntries(diagnostics.map((d) => [d.ruleId, d.declaredAt]));
    expect(byRule["transfer-number-format"]).toMatchObject({ file: THIS_FILE, line: startLine + 1 });
    expect(byRule["invalid-webhook-url"]).toMatchObject({ file: THIS_FILE, line: startLine + 2 });
    expect((error as Error).message).toContain(`${THIS_FILE}:${startLine + 1}:`);
    expect((error as Error).message).toContain(`${THIS_FILE}:${startLine + 2}:`);
    expect((error as Error).message).toMatch(/^The pathway has 2 problems:/);
  });

  test("points pathway-level findings at the pathway() call", () => {
    const expected = getCallSite()!.line + 1;
    const builder = pathway({ name: "No start" }).node("a", defaultNode({ text: "x" }));
    const [finding] = builder.check();
    expect(finding).toMatchObject({ ruleId: "missing-start-node", declaredAt: { file: THIS_FILE, line: expected } });
  });

  test("points an edge finding at the edge's line", () => {
    const expected = getCallSite()!.line + 1;
    const builder = pathway()
      .start("a", defaultNode({ text: "x" }))
      .rawEdge({ id: "e", source: "a", target: "ghost" });
    expect(builder.check()).toEqual([expect.objectContaining({ ruleId: "unknown-edge-endpoint", declaredAt: expect.objectContaining({ line: expected }) })]);
  });

  test("returns the value when there are no errors", () => {
    const value = pathway()
      .start("a", defaultNode({ text: "x" }))
      .build();
    expect(value.nodes).toHaveLength(1);
  });
});

describe("fragments", () => {
  test("the same fragment used twice with different prefixes does not collide", () => {
    const value = pathway({ name: "Two uses" })
      .start("hi", defaultNode({ text: "Hi" }))
      .node("bye", endCall({ text: "Bye" }))
      .use((b) => confirmEmail(b, "billing", "bye"))
      .use((b) => confirmEmail(b, "support", "bye"))
      .edge("hi", "billing-ask", "Billing")
      .edge("hi", "support-ask", "Support")
      .build();
    const ids = value.nodes.map((n) => (n as { id: string }).id);
    expect(ids).toEqual(["hi", "bye", "billing-ask", "billing-confirm", "support-ask", "support-confirm"]);
    expect(new Set(value.edges!.map((e) => e.id)).size).toBe(value.edges!.length);
  });
});

describe("getCallSite", () => {
  test("skips the builder's own frames and reads file URLs", () => {
    const stack = ["Error", "    at PathwayBuilder.node (/repo/src/builder/pathway-builder.ts:10:5)", "    at file:///home/me/flows/a.pathway.ts:12:3"].join(
      "\n",
    );
    expect(getCallSite(stack, "/repo/src/builder")).toEqual({ file: "/home/me/flows/a.pathway.ts", line: 12, column: 3 });
  });

  test("gives no site when the caller runs from a data: URL, rather than a path read from inside the URL", () => {
    const stack = [
      "Error",
      "    at PathwayBuilder.node (/repo/src/builder/pathway-builder.ts:10:5)",
      // As tsx writes them: the URL holds parentheses, so a frame regex matches inside it, not at "data:".
      "    at Object.<anonymous> (data:text/javascript,__filename%3D%22%2Fhome%2Fme%2Fa.pathway.ts%22%3B(()%3D%3E%7Brequire%20%3D%20require(%22node%3Amodule%22).createRequire(%22%2Fhome%2Fme%2Fa.pathway.ts%22)%3B%0Avar%20x%3D1:2:995)",
      "    at data:text/javascript,__filename%3D%22%2Fhome%2Fme%2Fa.pathway.ts%22%3B(()%3D%3E%7Bx()%0A:2:40",
      "    at async loadEntry (file:///repo/dist/cli/commands/build.js:56:16)",
    ].join("\n");
    expect(getCallSite(stack, "/repo/src/builder")).toBeUndefined();
  });

  test("skips builder frames from both src/ and dist/ (source maps turn one into the other)", () => {
    const stack = [
      "Error",
      "    at getCallSite (/repo/src/builder/call-site.ts:20:3)",
      "    at PathwayBuilder.node (file:///repo/dist/builder/pathway-builder.js:10:5)",
      "    at /home/me/flows/a.pathway.ts:7:4",
    ].join("\n");
    expect(getCallSite(stack, ["/repo/src/builder", "/repo/dist/builder"])).toEqual({ file: "/home/me/flows/a.pathway.ts", line: 7, column: 4 });
  });

  test("skips this package's own builder folders by default, whichever copy is running", () => {
    expect(BUILDER_DIRS).toEqual(expect.arrayContaining([path.join(ROOT_DIR, "src/builder"), path.join(ROOT_DIR, "dist/builder")]));
    const stack = [
      "Error",
      `    at x (${path.join(ROOT_DIR, "src/builder/call-site.ts")}:1:1)`,
      `    at y (${path.join(ROOT_DIR, "dist/builder/pathway-builder.js")}:1:1)`,
      "    at /home/me/a.pathway.ts:3:1",
    ].join("\n");
    expect(getCallSite(stack)).toEqual({ file: "/home/me/a.pathway.ts", line: 3, column: 1 });
  });

  test("gives undefined when no frame is readable", () => {
    expect(getCallSite("Error\n    at native")).toBeUndefined();
  });
});
