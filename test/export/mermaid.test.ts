// toMermaid: every example, corpus file and generated pathway parses with Mermaid's own parser; file text is never syntax.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { escapeMermaidText, getDiagramAnnotations, getGlobalsNote, getMermaidLimitProblems, toDirectedGraph, toMermaid } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { itCorpus, parseableCorpus } from "../support/corpus.js";
import { validPathway } from "../support/arbitraries.js";
import { createInjectionPathway, INJECTIONS } from "./injection.js";
import { loadMermaid, parseMermaid } from "./mermaid-parser.js";

const EXAMPLES_DIR = path.resolve(import.meta.dirname, "../../pathways");
const examples = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ name: f, value: JSON.parse(readFileSync(path.join(EXAMPLES_DIR, f), "utf8")) as Pathway }));

/** Every line of the Mermaid text that is not a node, edge, subgraph, one of our fixed style lines or a comment (no `%` in it, so never a directive). */
function unexpectedLines(text: string): string[] {
  return text
    .trimEnd()
    .split("\n")
    .filter(
      (line) =>
        !/^flowchart (TB|LR)$/.test(line) &&
        !/^ {2,4}n\d+(\["|\(\["|\[\["|\{\{"|\[\("|\{"|\[\/")[^"]*("\]|"\]\)|"\]\]|"\}\}|"\)\]|"\}|"\/\])$/.test(line) &&
        !/^ {2}n\d+ (-->|-\.->)(\|"[^"]*"\|)? n\d+$/.test(line) &&
        !/^ {2}subgraph globals \["Global nodes"\]$/.test(line) &&
        !/^ {2}%% [^%"<>`&]+$/.test(line) &&
        !/^ {2}end$/.test(line) &&
        !/^ {2}classDef (start|terminal|transfer|webhook|knowledge|route|missing|unreachable|deadEnd|trap|focus) [a-z:#0-9,\- -]+$/.test(line) &&
        !/^ {2}class [a-z0-9,]+ (start|terminal|transfer|webhook|knowledge|route|missing|unreachable|deadEnd|trap|focus)$/.test(line),
    );
}

beforeAll(async () => {
  await loadMermaid();
}, 60_000);

describe("toMermaid", () => {
  it("has example pathways to check", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples)("writes a flowchart Mermaid parses for the example $name", async ({ value }) => {
    const text = toMermaid(toDirectedGraph(value, { annotations: getDiagramAnnotations(value) }));
    expect(await parseMermaid(text)).toMatchObject({ diagramType: "flowchart-v2" });
    expect(unexpectedLines(text)).toEqual([]);
  });

  it.each(parseableCorpus.filter((c) => Array.isArray((c.value as { nodes?: unknown }).nodes)))(
    "writes a flowchart Mermaid parses for the real file $name",
    async ({ value }) => {
      const pathway = value as Pathway;
      for (const direction of ["TB", "LR"] as const) {
        const text = toMermaid(toDirectedGraph(pathway, { direction, annotations: getDiagramAnnotations(pathway) }));
        expect(await parseMermaid(text)).toMatchObject({ diagramType: "flowchart-v2" });
        expect(unexpectedLines(text)).toEqual([]);
      }
    },
  );

  it("writes Mermaid that parses for any generated pathway", async () => {
    await fc.assert(
      fc.asyncProperty(validPathway, fc.integer({ min: 0, max: 30 }), async (pathway, maxLabel) => {
        const text = toMermaid(toDirectedGraph(pathway, { maxLabel }));
        await parseMermaid(text);
        expect(unexpectedLines(text)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("writes Mermaid that parses for any string as names, types and labels", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: "binary", maxLength: 30 }), { minLength: 1, maxLength: 6 }), async (texts) => {
        const pathway = {
          name: texts[0],
          nodes: texts.map((t, i) => ({ id: t, type: t, data: { name: t, isGlobal: i === 1 } })),
          edges: texts.map((t, i) => ({ id: `e${i}`, source: t, target: texts[(i + 1) % texts.length]!, label: t })),
        } as Pathway;
        const text = toMermaid(toDirectedGraph(pathway, { maxLabel: 10 }));
        expect(await parseMermaid(text)).toEqual({ diagramType: "flowchart-v2", config: {} });
        expect(unexpectedLines(text)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it("turns hostile text into inert labels: the result parses, sets no configuration and contains no markup", async () => {
    const text = toMermaid(toDirectedGraph(createInjectionPathway(), { maxLabel: 15 }));
    expect(await parseMermaid(text)).toEqual({ diagramType: "flowchart-v2", config: {} });
    expect(unexpectedLines(text)).toEqual([]);
    for (const forbidden of ["%%{", "<script", "<img", "<a ", "javascript:", "`", "&"]) {
      expect(text).not.toContain(forbidden);
    }
    // "%%" only starts our comment lines (legend, globals note); no markup anywhere.
    for (const line of text.split("\n")) if (line.includes("%%")) expect(line).toMatch(/^ {2}%% [^%]+$/);
    expect(text.replace(/ (-->|-\.->)/g, " ")).not.toMatch(/[<>]/);
  });

  it("entity-encodes Mermaid, HTML and Markdown characters and keeps letters, digits and RTL text", () => {
    expect(escapeMermaidText('a"b<c>d#e%f;g:h`i&j|k[l]m{n}o')).toBe("a#34;b#60;c#62;d#35;e#37;f#59;g#58;h#96;i#38;j#124;k#91;l#93;m#123;n#125;o");
    expect(escapeMermaidText("עברית café 123")).toBe("עברית café 123");
    expect(escapeMermaidText("🎉")).toBe("#127881;");
    for (const text of INJECTIONS) expect(escapeMermaidText(text)).not.toMatch(/["%<>`&|:\n]/);
  });

  it("groups global nodes in their own subgraph with a true note: entries not drawn, their own edges drawn and counted", () => {
    const nodes = [
      { id: "a", type: "Default", data: { name: "Start", isStart: true } },
      { id: "g", type: "Default", data: { name: "Operator", isGlobal: true } },
      { id: "t", type: "Transfer Node", data: { name: "Human" } },
    ];
    const bare = toMermaid(toDirectedGraph({ nodes, edges: [] }));
    expect(bare).toContain('  subgraph globals ["Global nodes"]\n    n1["Operator"]\n  end');
    expect(bare).not.toMatch(/n0 --> n1/);
    expect(bare).toContain(
      "  %% Global nodes are entered from any node when the caller matches their global label (not drawn as arrows)#59; they have no edges of their own.",
    );
    const graph = toDirectedGraph({
      nodes,
      edges: [
        { id: "e0", source: "a", target: "g" },
        { id: "e1", source: "g", target: "t" },
        { id: "e2", source: "a", target: "t" },
      ],
    });
    const text = toMermaid(graph);
    // Every edge into or out of the global node is drawn, and the note counts exactly those.
    expect(text).toMatch(/^ {2}n0 --> n1$/m);
    expect(text).toMatch(/^ {2}n1 --> n2$/m);
    expect(getGlobalsNote(graph)).toMatch(/their own edges are drawn \(1 in, 1 out\)\.$/);
    expect(text).toContain(`  %% ${escapeMermaidText(getGlobalsNote(graph))}`);
  });

  it("writes the legend as comment lines after the flowchart, not as a node Mermaid lays out in the flow", async () => {
    const long = "the caller says: <b>I'd like to talk</b> to a person %%{init}%% ``` now";
    const graph = toDirectedGraph(
      {
        nodes: [
          { id: "a", type: "Default", data: { name: "A" } },
          { id: "b", type: "Default", data: { name: "B" } },
        ],
        edges: [{ id: "e", source: "a", target: "b", label: long }],
      },
      { maxLabel: 20 },
    );
    const text = toMermaid(graph);
    expect(await parseMermaid(text)).toEqual({ diagramType: "flowchart-v2", config: {} });
    expect(text).not.toMatch(/legend\[|subgraph legendBox/);
    const comments = text.trimEnd().split("\n").slice(-2);
    expect(comments[0]).toBe("  %% Legend: full text of the labels cut short and marked [n]");
    expect(comments[1]).toBe(`  %% [1] ${escapeMermaidText(long)}`);
    expect(toMermaid(graph, { legend: false })).not.toContain("%%");
  });

  itCorpus("uses the requested direction, a shape per kind and dotted arrows for routes", async () => {
    const pathway = parseableCorpus.find((c) => c.name === "pathwalk-pizzeria-dialect.json")!.value as Pathway;
    const text = toMermaid(toDirectedGraph(pathway, { direction: "LR" }));
    expect(text.startsWith("flowchart LR\n")).toBe(true);
    expect(text).toMatch(/n\d+\{"Route to Handler"\}/);
    expect(text).toMatch(/n\d+ -\.->\|"operation_type is order_mgmt"\| n\d+/);
    expect(text).toMatch(/n\d+\(\["[^"]+"\]\)/);
  });

  it("writes a 10,000-node pathway whole: every edge, no recursion limit (its time is measured in npm run bench -- diagram)", () => {
    // A time bound here failed under a loaded CI machine (3.6 s against 3 s) without any change: speed is the bench's job.
    const pathway = generatePathway({ nodes: 10_000, edges: 30_000 });
    const text = toMermaid(toDirectedGraph(pathway));
    expect(text.split("\n").filter((l) => l.includes("-->")).length).toBe(30_000);
  });
});

describe("getMermaidLimitProblems", () => {
  it("reports text over GitHub's edge and size limits and nothing for small diagrams", () => {
    const big = toDirectedGraph(generatePathway({ nodes: 1000, edges: 900 }));
    const text = toMermaid(big, { legend: false });
    const problems = getMermaidLimitProblems(text, big.edges.length);
    expect(problems.join("\n")).toMatch(/999 edges, more than the 500/);
    expect(problems.join("\n")).toMatch(/characters, more than the 50000/);
    const small = toDirectedGraph(generatePathway({ nodes: 10, edges: 20 }));
    expect(getMermaidLimitProblems(toMermaid(small), small.edges.length)).toEqual([]);
  });
});
