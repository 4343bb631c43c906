// The diff formatters: text grouped by node, json as returned, Mermaid with escaped labels, Markdown for PR comments.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusValue, itCorpus } from "../support/corpus.js";
import { getPathwayDiff } from "../../src/diff/index.js";
import { parseMermaid } from "../export/mermaid-parser.js";
import { formatDiffJson, formatDiffMd, formatDiffMermaid, formatDiffText, toMermaidText, type DiffFormatInput } from "../../src/format/diff-formatters.js";

const real = (name: string): unknown => corpusValue<unknown>(name);
const input = (before: unknown, after: unknown): DiffFormatInput => ({ diff: getPathwayDiff(before, after), before, after, labelA: "old.json", labelB: "new.json" });

const tricky = 'Say "hi" --> [x] | %%{init: {"theme":"dark"}}%% <script>`end`</script>\nnext line';
const a = {
  name: "P",
  nodes: [
    { id: "1", type: "Default", data: { name: "Start", isStart: true, prompt: "Greet the caller and ask what they need help with today, then listen." } },
    { id: "2", type: "Default", data: { name: "Old", text: "bye" } },
    { id: "end", type: "End Call", data: { name: "End", text: "Goodbye" } },
  ],
  edges: [
    { id: "e1", source: "1", target: "2", label: "old way" },
    { id: "e2", source: "1", target: "end", label: "done" },
  ],
};
const b = {
  name: "P",
  nodes: [
    { id: "1", type: "Default", data: { name: "Start", isStart: true, prompt: "Greet the caller warmly and ask what they need help with today, then listen." } },
    { id: "3", type: "Default", data: { name: tricky, text: "A brand new step with different words entirely" } },
    { id: "end", type: "End Call", data: { name: "End", text: "Goodbye" } },
  ],
  edges: [
    { id: "e3", source: "1", target: "3", label: tricky },
    { id: "e2", source: "1", target: "end", label: "done" },
  ],
};

describe("formatDiffText", () => {
  it("groups changes by node, shows long prompts word by word, and ends with a summary", () => {
    const text = formatDiffText(input(a, b), { color: false });
    expect(text).toContain('~ node "Start" (id 1)\n    ~ data.prompt:\n        Greet the caller {+warmly +}and ask');
    expect(text).toContain('+ node "Say "hi" --> [x]');
    expect(text).toContain('- node "Old" (id 2) removed');
    expect(text).toContain('- edge 1 → 2 "old way" removed');
    expect(text.trimEnd().split("\n").at(-1)).toBe("1 node added, 1 node removed, 1 node changed, 1 edge added, 1 edge removed");
    expect(text).not.toMatch(/\u001b\[/);
  });

  it("never prints a terminal escape sequence that came from the pathway", () => {
    const evil = "\u001b]8;;http://x\u0007click\u001b[2J";
    const x = structuredClone(b);
    x.nodes[0]!.data.prompt = `Greet the caller ${evil} and ask what they need help with today, then listen.`;
    x.nodes[0]!.data.name = evil;
    const text = formatDiffText(input(a, x), { color: false });
    expect(text).not.toMatch(/[\u001b\u0007]/);
    expect(text).toContain("\\u001b]8;;http://x\\u0007click");
  });

  it("colours added, removed and changed parts when asked", () => {
    expect(formatDiffText(input(a, b), { color: true })).toMatch(/\u001b\[32m/);
  });

  it("says so when there is no difference", () => {
    expect(formatDiffText(input(a, a))).toContain("no differences");
  });

  itCorpus("shows the real restaurant change as one node with one field", () => {
    const text = formatDiffText(input(real("restaurant-history-6ebf769.json"), real("restaurant-2024-get-dump.json")));
    expect(text).toContain('~ node "Send the order" (id 74e3fdcc-7f38-4e2f-80d3-76618eff8967)\n    ~ data.url:');
    expect(text).toContain("[-phone-]{+voice+}");
  });
});

describe("formatDiffJson", () => {
  it("prints exactly the library's diff", () => {
    const i = input(a, b);
    expect(JSON.parse(formatDiffJson(i))).toEqual(JSON.parse(JSON.stringify(i.diff)));
  });
});

describe("formatDiffMermaid", () => {
  it("draws the new graph with generated ids and the removed parts dashed", () => {
    const chart = formatDiffMermaid(input(a, b));
    expect(chart.split("\n")[0]).toBe("flowchart TD");
    expect(chart).toMatch(/class n1 added/);
    expect(chart).toMatch(/class n0 changed/);
    expect(chart).toMatch(/class n3 removed/);
    expect(chart).toContain("n0 -.->|\"old way\"| n3");
    expect(chart).toMatch(/linkStyle 0 stroke:#2da44e/);
  });

  it("escapes every label so nothing from the pathway becomes Mermaid syntax", () => {
    const chart = formatDiffMermaid(input(a, b));
    for (const line of chart.split("\n").filter((l) => l.includes('"'))) {
      const quoted = [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
      expect(quoted.length).toBeGreaterThan(0);
      for (const q of quoted) expect(q).toMatch(/^[A-Za-z0-9 .,:_'()/?!+=#;-]*$/);
    }
    expect(chart).not.toContain("%%{");
    expect(chart).not.toContain("<script>");
  });

  itCorpus("is accepted by Mermaid's own parser, with no directive smuggled in through a label", async () => {
    for (const chart of [formatDiffMermaid(input(a, b)), formatDiffMermaid(input(real("restaurant-history-6ebf769.json"), real("receptionist-auto-shop.json")))]) {
      const parsed = await parseMermaid(chart);
      expect(parsed.diagramType).toMatch(/^flowchart/);
      expect(parsed.config ?? {}).toEqual({});
    }
  });

  it("keeps any label text inside its quotes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), (s) => {
        const escaped = toMermaidText(s);
        return /^[A-Za-z0-9 .,:_'()/?!+=#;…-]*$/.test(escaped) && !escaped.includes('"') && !escaped.includes("\n");
      }),
    );
  });
});

describe("formatDiffMd", () => {
  it("writes a PR comment: summary, one section per entity, word diff with <del>/<ins>", () => {
    const md = formatDiffMd(input(a, b));
    expect(md).toContain("### Pathway diff: `old.json` → `new.json`");
    expect(md).toContain("**1 node added, 1 node removed, 1 node changed, 1 edge added, 1 edge removed**");
    expect(md).toContain("#### ✏️ Changed node \"Start\" (id 1)");
    expect(md).toContain("Greet the caller <ins>warmly </ins>and ask");
    expect(md).not.toContain("<script>");
    expect(md).toContain("&lt;script&gt;");
  });
});
