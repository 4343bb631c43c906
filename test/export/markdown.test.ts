// toMarkdown: a heading, one fenced mermaid block that parses, the key, and the full text of cut labels, all inert.
import { describe, expect, it } from "vitest";
import { escapeMarkdownText, getDiagramAnnotations, toDirectedGraph, toMarkdown } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { corpusValue, itCorpus } from "../support/corpus.js";
import { createInjectionPathway } from "./injection.js";
import { parseMermaid } from "./mermaid-parser.js";

const receptionist = corpusValue<Pathway>("receptionist-auto-shop.json");

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

describe("toMarkdown", () => {
  itCorpus("holds one mermaid block that parses, without the legend box, and lists the full labels below it", async () => {
    const graph = toDirectedGraph(receptionist, { annotations: getDiagramAnnotations(receptionist) });
    const markdown = toMarkdown(graph);
    const blocks = mermaidBlocks(markdown);
    expect(blocks).toHaveLength(1);
    expect(await parseMermaid(blocks[0]!)).toMatchObject({ diagramType: "flowchart-v2" });
    expect(blocks[0]).not.toContain("legend");
    expect(markdown).toContain("- **[1]** the caller wants to bring their car in, book an appointment");
    expect(markdown).toContain("Key: rectangle: conversation step");
    expect(markdown).toContain("Global nodes are grouped in a box");
    expect(markdown).toContain("⚠ marks findings");
  });

  it("keeps hostile text inert: no raw HTML, no mentions, and a block that still parses", async () => {
    const markdown = toMarkdown(toDirectedGraph(createInjectionPathway(), { maxLabel: 10 }));
    const outside = markdown.replace(/^```mermaid\n[\s\S]*?\n```$/gm, "");
    expect(outside.replace(/<\/?details>|<\/?summary>/g, "")).not.toMatch(/<[a-z/]/i);
    expect(outside).not.toMatch(/@everyone/);
    expect(markdown.startsWith("### Pathway: &#60;script&#62;alert\\(")).toBe(true);
    const blocks = mermaidBlocks(markdown);
    expect(blocks).toHaveLength(1);
    expect(await parseMermaid(blocks[0]!)).toEqual({ diagramType: "flowchart-v2", config: {} });
  });

  itCorpus("says what a focused drawing leaves out", () => {
    const markdown = toMarkdown(toDirectedGraph(receptionist, { focus: "Wrap Up", depth: 1 }));
    expect(markdown).toMatch(/Only the nodes within 1 step of node id g9000000\\-0000/);
  });

  it("escapes Markdown punctuation and HTML characters", () => {
    expect(escapeMarkdownText("*a* <b> [c](d) @me")).toBe("\\*a\\* &#60;b&#62; \\[c\\]\\(d\\) @\u200bme");
  });
});
