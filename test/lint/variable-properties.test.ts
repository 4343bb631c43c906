// Variable findings on any pathway: never two alike, and each one's range starts at the `{{` of its placeholder.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintPathway } from "../../src/lint/index.js";

const VARIABLE_RULES = new Set(["undefined-variable", "maybe-unset-variable", "unverified-variable"]);

/** Text around placeholders: escapes JSON must write (\n, ", \\), non-ASCII, emoji, braces that are not placeholders. */
const filler = fc.constantFrom("", " ", 'say "hi"\n', "tab\there", "café ", "😀 ", "{ {x} } ", "{{ }} ", "back\\slash ", "{{1a}} ", "\u0001");
const placeholder = fc
  .tuple(fc.constantFrom("name", "city", "order.id", "SECRET.key", "input.q", "from", "x_1"), fc.constantFrom("", " ", "  "))
  .map(([name, pad]) => `{{${pad}${name}${pad}}}`);
const templated = fc.array(fc.oneof(filler, placeholder), { maxLength: 8 }).map((parts) => parts.join(""));

const CODE = [
  "export default { async fetch(r) { const j = await r.json(); return Response.json({ name: j.a, city: 1 }) } }",
  "export default { fetch() { return Response.json({ ...x }) } }",
  "export default { fetch() { return Response.json({ a: 1 ) } }",
];

const node = fc
  .record({
    type: fc.constantFrom("Default", "Webhook", "Press Button", "SMS", "Knowledge Base", "Custom Code", "Transfer Call", "Route"),
    prompt: templated,
    globalPrompt: fc.option(templated, { nil: undefined }),
    body: fc.option(fc.oneof(templated, fc.dictionary(fc.constantFrom("a", "b"), templated)), { nil: undefined }),
    headers: fc.option(fc.array(fc.tuple(fc.constant("Authorization"), templated), { maxLength: 2 }), { nil: undefined }),
    sequence: fc.option(templated, { nil: undefined }),
    message: fc.option(templated, { nil: undefined }),
    kb: fc.option(templated, { nil: undefined }),
    routeValue: fc.option(templated, { nil: undefined }),
    code: fc.option(fc.constantFrom(...CODE), { nil: undefined }),
    extract: fc.boolean(),
  })
  .map(({ routeValue, extract, ...data }) => ({
    ...data,
    ...(routeValue !== undefined && { routes: [{ conditions: [{ field: "x", operator: "is", value: routeValue }], targetNodeId: "n0" }] }),
    ...(extract && { extractVars: [["city", "string", "The city"]] }),
  }));

const pathway = fc
  .record({
    nodes: fc.array(node, { minLength: 1, maxLength: 6 }),
    edges: fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 8 }),
    globalConfig: fc.option(templated, { nil: undefined }),
    indent: fc.constantFrom(0, 2),
    escapeNonAscii: fc.boolean(),
  })
  .map(({ nodes, edges, globalConfig, indent, escapeNonAscii }) => {
    const value = {
      nodes: [
        ...nodes.map(({ type, ...data }, i) => ({ id: `n${i}`, type, data: { name: `N${i}`, ...(i === 0 && { isStart: true }), ...data } })),
        ...(globalConfig === undefined ? [] : [{ globalConfig: { globalPrompt: globalConfig } }]),
      ],
      edges: edges.map(([s, t], i) => ({ id: `e${i}`, source: `n${s % nodes.length}`, target: `n${t % nodes.length}`, label: "next" })),
    };
    const text = JSON.stringify(value, null, indent);
    // \uXXXX escapes before a placeholder shift decoded offsets against the text: the placement must account for them.
    return escapeNonAscii ? text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : text;
  });

describe("variable findings on any pathway", () => {
  it("never repeat a rule, pointer and message, and each range starts at the placeholder's {{", () => {
    fc.assert(
      fc.property(pathway, (text) => {
        const { diagnostics } = lintPathway(text);
        const keys = diagnostics.map((d) => `${d.ruleId}\u0000${d.pointer}\u0000${d.message}`);
        expect(new Set(keys).size).toBe(keys.length);
        const lines = text.split("\n");
        for (const d of diagnostics.filter((x) => VARIABLE_RULES.has(x.ruleId))) {
          expect(d.range, `${d.ruleId} ${d.pointer}`).toBeDefined();
          expect(lines[d.range!.start.line - 1]!.slice(d.range!.start.column - 1, d.range!.start.column + 1)).toBe("{{");
          expect(d.span).toBeUndefined();
        }
      }),
      { numRuns: 150 },
    );
  });
});
