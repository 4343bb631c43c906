
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusValue, itCorpus } from "../support/corpus.js";
import { getPathwayDiff, type VersionsDiff } from "../../src/diff/index.js";
import { parseMermaid } from "../export/mermaid-parser.js";
import { formatDiffJson, formatDiffMd, formatDiffMermaid, formatDiffText, toMermaidText } from "../../src/format/diff-formatters.js";

const real = (name: string): unknown => corpusValue<unknown>(name);
const input = (before: unknown, after: unknown): VersionsDiff => ({
  diff: getPathwayDiff(before, after),
  before,
  after,
  labelA: "old.json",
  labelB: "new.json",
});

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
    {
      id: "1",
      type: "Default",
      data: { name: "Start", isStart: true, prompt: "Greet the caller warmly and ask what they need help with today, then listen." },
    },
    { id: "3", type: "Default", data: { name: tricky, text: "A brand new step with different words entirely" } },
    { id: "end", type: "End Call", data: { name: "End", text: "Goodbye" } },
  ],
  edges: [
    { id: "e3", source: "1", target: "3", label: tricky },
    { id: "e2", source: "1", target: "end", label: "done" },
  ],
};

describe("formatDiffText", () => {
  it("starts with a summary, groups changes by node, and shows long prompts word by word", () => {
    const text = formatDiffText(input(a, b), { color: false });
    expect(text).toContain('~ node "Start" (id 1) ~ data.prompt:\n    Greet the caller {+warmly +}and ask');
    expect(text).toContain('+ node "Say "hi" --> [x]');
    expect(text).toContain('- node "Old" (id 2) removed');
    expect(text).toContain('- edge 1 → 2 "old way" removed');
    expect(text.split("\n")[0]).toBe(
      "--- old.json +++ new.json: 1 node added, 1 node removed, 1 node changed, 1 edge added, 1 edge removed (1 prompt, 4 routing)",
    );
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
    expect(text).toContain('~ node "Send the order" (id 74e3fdcc-7f38-4e2f-80d3-76618eff8967) ~ data.url:\n    https://');
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
    expect(chart).toContain('n0 -.->|"old way"| n3');
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
    for (const chart of [
      formatDiffMermaid(input(a, b)),
      formatDiffMermaid(input(real("restaurant-history-6ebf769.json"), real("receptionist-auto-shop.json"))),
    ]) {
      const parsed = await parseMermaid(chart);
      expect(parsed.diagramType).toMatch(/^flowchart/);
      expect(parsed.config ?? {}).toEqual({});
    }
  });

  it("keeps any label text inside its quotes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), (s) => {
        const escaped = toMermaidText(s);
        return /^[\p{L}\p{M}\p{N} .,!?'()/_#;-]*$/u.test(escaped) && !escaped.includes('"') && !escaped.includes("\n");
      }),
    );
  });
});

describe("formatDiffMd", () => {
  it("writes a PR comment: summary, one section per entity, word diff with <del>/<ins>", () => {
    const md = formatDiffMd(input(a, b));
    expect(md).toContain("### Pathway diff: `old.json` → `new.json`");
    expect(md).toContain("**1 node added, 1 node removed, 1 node changed, 1 edge added, 1 edge removed**");
    expect(md).toContain("| nodes | 1 | 1 | 0 | 1 |");
    expect(md).toContain("<details><summary>✏️ Changed node &#34;Start&#34; \\(id 1\\) <sub>prompt</sub></summary>");
    expect(md).toContain("Greet the caller <ins>warmly </ins>and ask");
    expect(md).not.toContain("<script>");
    expect(md).toContain("&#60;script&#62;");
  });
});

describe("changes with context", () => {
  const sentences = Array.from({ length: 260 }, (_, i) => `Rule ${i}: when the caller asks about item ${i}, answer politely and briefly.`).join(" ");
  const onePrompt = (prompt: string) => ({ nodes: [{ id: "1", type: "Default", data: { name: "Main", isStart: true, prompt } }], edges: [] });

  it("prints a one-word change in a 19,500-character one-line prompt in at most 10 lines", () => {
    expect(sentences.length).toBeGreaterThan(19_500);
    const text = formatDiffText(input(onePrompt(sentences), onePrompt(sentences.replace("about item 130,", "about product 130,"))));
    expect(text.trimEnd().split("\n").length).toBeLessThanOrEqual(10);
    expect(text).toContain("[-item-]{+product+} 130");
    expect(text.length).toBeLessThan(1_000);
  });

  it("prints a one-word change in a long multi-line prompt as one hunk with 3 lines of context, in at most 10 lines", () => {
    const prompt = Array.from({ length: 300 }, (_, i) => `- Step ${i}: confirm the caller's details before moving on.`).join("\n");
    const text = formatDiffText(input(onePrompt(prompt), onePrompt(prompt.replace("Step 150: confirm", "Step 150: check"))));
    expect(text.trimEnd().split("\n").length).toBeLessThanOrEqual(10);
    expect(text).toContain("~ data.prompt @@ -148,7 +148,7 @@ of 300 lines");
  });

  it("prints a one-word change in a long multi-line prompt as one hunk, in at most 10 lines with --context 1", () => {
    const prompt = Array.from({ length: 300 }, (_, i) => `- Step ${i}: confirm the caller's details before moving on.`).join("\n");
    const after = prompt.replace("Step 150: confirm", "Step 150: check");
    const text = formatDiffText({ ...input(onePrompt(prompt), onePrompt(after)), diff: getPathwayDiff(onePrompt(prompt), onePrompt(after), { context: 1 }) });
    expect(text.trimEnd().split("\n").length).toBeLessThanOrEqual(10);
    expect(text).toContain("~ data.prompt @@ -150,3 +150,3 @@ of 300 lines");
    expect(text).toContain("~ - Step 150: [-confirm-]{+check+} the caller's details");
  });

  it("cuts the unchanged stretches of a 20,000-character line with no sentence ends around a one-word change", () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(" ");
    const after = words.replace("word1500 ", "WORD1500 ");
    for (const format of [formatDiffText, formatDiffMd]) {
      const out = format(input(onePrompt(words), onePrompt(after)));
      expect(out.length).toBeLessThan(1_500);
      expect(out).toMatch(/word1499 (\[-word1500-\]\{\+WORD1500\+\}|<del>word1500<\/del><ins>WORD1500<\/ins>) word1501/);
      expect(out).toContain("…");
    }
    expect(
      formatDiffText(input(onePrompt(words), onePrompt(after)))
        .trimEnd()
        .split("\n").length,
    ).toBeLessThanOrEqual(10);
  });

  itCorpus("shows every change of the real restaurant pair in a few lines", () => {
    const text = formatDiffText(input(real("restaurant-history-6ebf769.json"), real("restaurant-2024-get-dump.json")));
    expect(text.trimEnd().split("\n").length).toBeLessThanOrEqual(8);
  });

  it("keeps full values in --format json and adds the hunks", () => {
    const before = onePrompt(sentences);
    const after = onePrompt(sentences.replace("about item 7,", "about item seven,"));
    const json = JSON.parse(formatDiffJson(input(before, after))) as {
      changes: { before: string; after: string; kind: string; textDiff: { unit: string; hunks: unknown[] } }[];
    };
    expect(json.changes[0]).toMatchObject({
      before: sentences,
      after: after.nodes[0]!.data.prompt,
      kind: "prompt",
      textDiff: { unit: "sentence", hunks: [expect.any(Object)] },
    });
  });

  it("shows a webhook body that only changed in formatting as the same JSON", () => {
    const hook = (body: string) => ({ nodes: [{ id: "w", type: "Webhook", data: { name: "Hook", url: "https://x.test", body } }], edges: [] });
    const text = formatDiffText(input(hook('{"a": "{{x}}", "b": 1}'), hook('{\n  "b": 1,\n  "a": "{{x}}"\n}')));
    expect(text).toContain("~ data.body: same JSON, only formatting or key order differs");
  });
});

describe("Markdown that fits a pull-request comment", () => {
  /** A pair of pathways with `n` nodes whose long prompts all changed. */
  const bigPair = (n: number) => {
    const make = (v: string) => ({
      nodes: Array.from({ length: n }, (_, i) => ({
        id: `n${i}`,
        type: "Default",
        data: { name: `Step ${i}`, prompt: Array.from({ length: 30 }, (_, k) => `Line ${k} of step ${i}: ${v} ${k % 7}`).join("\n") },
      })),
      edges: Array.from({ length: n - 1 }, (_, i) => ({ id: `e${i}`, source: `n${i}`, target: `n${i + 1}`, label: `next ${i}` })),
    });
    return [make("say hello"), make("say goodbye")] as const;
  };

  it("starts with a summary table, and puts details in <details> blocks", () => {
    const md = formatDiffMd(input(a, b));
    expect(md.indexOf("| nodes | 1 | 1 | 0 | 1 |")).toBeLessThan(md.indexOf("<details>"));
    expect(md).toContain("| prompt | routing |");
    expect(md).not.toContain("shortened");
  });

  it("stays under GitHub's 65,536 characters on a large pair, cutting the largest details with a note", () => {
    const [x, y] = bigPair(300);
    const full = formatDiffMd(input(x, y), { maxChars: 0 });
    expect(full.length).toBeGreaterThan(65_536);
    const md = formatDiffMd(input(x, y));
    expect(md.length).toBeLessThanOrEqual(65_536);
    expect(md).toMatch(/This diff was shortened to fit 65536 characters: \d+ sections? cut/);
    expect(md).toContain("`pathway diff old.json new.json --format md --max-chars 0`");
    expect(md).toContain("| nodes | 0 | 0 | 0 | 300 |");
  });

  it("honours --max-chars, leaving sections out (and saying how many) when cutting is not enough", () => {
    const [x, y] = bigPair(300);
    const md = formatDiffMd(input(x, y), { maxChars: 8_000, fullDiffCommand: "pathway diff x y" });
    expect(md.length).toBeLessThanOrEqual(8_000);
    expect(md).toMatch(/sections cut, \d+ left out\. Full diff: `pathway diff x y`/);
  });

  it("never exceeds --max-chars, however small: a hard cut with a marker when even the summary does not fit", () => {
    const [x, y] = bigPair(40);
    const pair = input(x, y);
    const full = formatDiffMd(pair, { maxChars: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: full.length + 100 }), (maxChars) => {
        const md = formatDiffMd(pair, { maxChars, fullDiffCommand: "pathway diff x y --max-chars 0" });
        expect(md.length).toBeLessThanOrEqual(maxChars);
        if (full.length <= maxChars) {
          expect(md).toBe(full);
          return;
        }
        // Cut, and it says so: the note or the hard cut's warning (both name the full diff) or, for small limits, a short marker.
        expect(md).toMatch(/shortened to fit|Cut at \d+ characters; the full diff: `pathway diff x y --max-chars 0`|… \(cut at \d+ characters\)|…$/);
        if (maxChars >= 200) expect(md).toContain("`pathway diff x y --max-chars 0`");
        // The marker never takes the whole limit: the diff's own opening is kept.
        expect(md.startsWith(full.slice(0, Math.min(12, Math.floor(maxChars / 4))))).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(formatDiffMd(pair, { maxChars: 10 })).toBe("### Pathw…");
    // 87 characters once gave the warning alone (it is 87 long), with nothing of the diff before it.
    expect(formatDiffMd(pair, { maxChars: 87, fullDiffCommand: "pathway diff x y --max-chars 0" })).toMatch(/^### Pathway[^]*\n… \(cut at 87 characters\)\n$/);
  });
});

describe("Markdown limit (property)", () => {
  it("never cuts silently: output within --max-chars, or a note that names the full diff; nothing cut when it fits", () => {
    const make = (texts: readonly string[]) => ({
      nodes: texts.map((t, i) => ({ id: `n${i}`, type: "Default", data: { name: `Step ${i}`, prompt: t } })),
      edges: texts.slice(1).map((_, i) => ({ id: `e${i}`, source: `n${i}`, target: `n${i + 1}`, label: `next ${i}` })),
    });
    const text = fc
      .array(fc.constantFrom("Ask for the date.", "Confirm the time.", "Say goodbye.", "Offer a callback.", "\n"), { minLength: 1, maxLength: 40 })
      .map((xs) => xs.join(" "));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 25 }), fc.integer({ min: 1_500, max: 20_000 }), (pairs, maxChars) => {
        const x = make(pairs.map((p) => p[0]));
        const y = make(pairs.map((p) => p[1]));
        const full = formatDiffMd(input(x, y), { maxChars: 0 });
        const md = formatDiffMd(input(x, y), { maxChars, fullDiffCommand: "pathway diff x y --max-chars 0" });
        if (full.length <= maxChars) expect(md).toBe(full);
        else {
          expect(md.length).toBeLessThanOrEqual(maxChars);
          expect(md).toContain("This diff was shortened to fit");
          expect(md).toContain("`pathway diff x y --max-chars 0`");
        }
      }),
      { numRuns: 60 },
    );
  });
});
