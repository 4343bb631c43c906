// Fuzz harness for the parsers and writers: hostile text in, no crash out, and every writer's output read back by a real parser.
// Short runs by default; PATHWAYKIT_FUZZ_RUNS=100000 npx vitest run test/fuzz runs them long.
import fc from "fast-check";
import { fromDot } from "ts-graphviz";
import { describe, expect, it } from "vitest";
import { toLiteral } from "../../src/codegen/literal.js";
import { toDotString } from "../../src/escape/dot.js";
import { escapeHtml } from "../../src/escape/html.js";
import { defuseMentions, escapeMarkdownText } from "../../src/escape/markdown.js";
import { escapeMermaidText } from "../../src/escape/mermaid.js";
import { escapeTerminalText } from "../../src/escape/terminal.js";
import { getDiagramAnnotations, toDirectedGraph, toDot, toMermaid } from "../../src/export/index.js";
import { findDuplicateKeys } from "../../src/parse/duplicate-keys.js";
import { lineStarts, locateAll, parseDocument } from "../../src/parse/index.js";
import { parseMermaid } from "../export/mermaid-parser.js";
import { INJECTIONS } from "../export/injection.js";
import { validPathway } from "../support/arbitraries.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";

const TIMEOUT = LONG_FUZZ ? 0 : 60_000;
/** Any text, with the characters that matter to our parsers and writers made likely. */
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(...INJECTIONS),
  fc
    .array(
      fc.constantFrom(
        "\u001b",
        "\u0007",
        "\u009b",
        "\u007f",
        "\n",
        "\r",
        "\t",
        '"',
        "\\",
        "`",
        "@",
        "#",
        "|",
        "<",
        ">",
        "&",
        "%%",
        "{",
        "}",
        "[",
        "]",
        "ﬂ°",
        "¶ß",
        "\u202e",
        "\ud800",
        "a",
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join("")),
);

/** Offsets of a 1-based line/column in `text`. */
function offsetOf(starts: readonly number[], position: { line: number; column: number }): number {
  return starts[position.line - 1]! + position.column - 1;
}

/** Every pointer in a JSON value, the root included. */
function pointersOf(value: unknown, prefix = ""): string[] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointersOf(v, `${prefix}/${i}`)));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, `${prefix}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  return out;
}

function valueAt(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], value);
}

describe("fuzz: parse", () => {
  it(
    "parseDocument never throws, and accepts exactly what JSON.parse accepts",
    () => {
      fc.assert(
        fc.property(fc.oneof(hostile, fc.json({ maxDepth: 4 }), fc.uint8Array({ maxLength: 80 })), (input) => {
          const parsed = parseDocument(input);
          if (typeof input !== "string") return;
          let json = true;
          try {
            JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
          } catch {
            json = false;
          }
          expect(parsed.ok).toBe(json);
          for (const d of parsed.diagnostics) expect(d.range === undefined || d.range.start.line >= 1).toBe(true);
        }),
        { numRuns: fuzzRuns(300) },
      );
    },
    TIMEOUT,
  );

  it(
    "locateAll places every pointer on text that parses back to its value, one-line or indented",
    () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2, "\t"), (value, indent) => {
          const text = JSON.stringify(value, null, indent);
          const pointers = pointersOf(JSON.parse(text));
          const ranges = locateAll(text, pointers);
          const starts = lineStarts(text);
          for (const pointer of pointers) {
            const range = ranges.get(pointer)!;
            const slice = text.slice(offsetOf(starts, range.start), offsetOf(starts, range.end));
            expect(JSON.parse(slice)).toEqual(valueAt(JSON.parse(text), pointer));
          }
        }),
        { numRuns: fuzzRuns(200) },
      );
    },
    TIMEOUT,
  );

  it(
    "findDuplicateKeys names a repeated key wherever it is, and none in text JSON.stringify wrote",
    () => {
      fc.assert(
        fc.property(
          fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 }),
          fc.jsonValue({ maxDepth: 1 }),
          (object, extra) => {
            const clean = JSON.stringify({ wrap: object });
            expect(findDuplicateKeys(clean, JSON.parse(clean)).diagnostics).toEqual([]);
            const key = Object.keys(object)[0]!;
            const repeated = `{"wrap": ${JSON.stringify(object).slice(0, -1)}, ${JSON.stringify(key)}: ${JSON.stringify(extra)}}}`;
            const found = findDuplicateKeys(repeated, JSON.parse(repeated)).diagnostics;
            expect(found.map((d) => d.ruleId)).toContain("duplicate-key");
          },
        ),
        { numRuns: fuzzRuns(200) },
      );
    },
    TIMEOUT,
  );
});

describe("fuzz: codegen literal", () => {
  it(
    "toLiteral writes JavaScript that evaluates to the same JSON value (__proto__ keys and -0 included)",
    () => {
      const withProto = fc
        .jsonValue({ maxDepth: 3 })
        .map((v) =>
          v && typeof v === "object" && !Array.isArray(v) ? JSON.parse(JSON.stringify(v).replace(/^\{/, '{"__proto__": [1],').replace(/,\}$/, "}")) : v,
        );
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), withProto, fc.constant(-0)), (value) => {
          const evaluated: unknown = new Function(`return (${toLiteral(value)});`)();
          expect(JSON.stringify(evaluated)).toBe(JSON.stringify(value));
          if (Object.is(value, -0)) expect(Object.is(evaluated, -0)).toBe(true);
        }),
        { numRuns: fuzzRuns(300) },
      );
    },
    TIMEOUT,
  );
});

describe("fuzz: escapers", () => {
  it(
    "terminal: no raw control character survives, and plain text is unchanged",
    () => {
      fc.assert(
        fc.property(hostile, (s) => {
          const out = escapeTerminalText(s);
          expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
          if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(s)) expect(out).toBe(s);
        }),
        { numRuns: fuzzRuns(500) },
      );
    },
    TIMEOUT,
  );

  it(
    "Markdown: one line, no raw markup, no live @mention",
    () => {
      fc.assert(
        fc.property(hostile, (s) => {
          const out = escapeMarkdownText(s);
          expect(out).not.toMatch(/[\n\r<>"]/);
          expect(out).not.toMatch(/@[^\u200b]/);
          // Entities (`&#60;`) aside, every Markdown-significant character is backslash-escaped.
          expect(out.replace(/&#\d+;/g, "")).not.toMatch(/(^|[^\\])[`*_[\]|#]/);
          expect(defuseMentions(s)).not.toMatch(/@(?!\u200b)/);
        }),
        { numRuns: fuzzRuns(500) },
      );
    },
    TIMEOUT,
  );

  it(
    "HTML: no tag or attribute can open, and the text decodes back exactly",
    () => {
      const decode = (html: string) => html.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
      fc.assert(
        fc.property(hostile, (s) => {
          const out = escapeHtml(s);
          expect(out).not.toMatch(/[<>"']/);
          expect(decode(out)).toBe(
            s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
          );
        }),
        { numRuns: fuzzRuns(500) },
      );
    },
    TIMEOUT,
  );

  it(
    "DOT: a real parser reads the label back as written (line breaks as spaces)",
    () => {
      fc.assert(
        fc.property(hostile, (s) => {
          const graph = fromDot(`digraph { n0 [label=${toDotString(s)}]; }`);
          const label = String(graph.nodes[0]!.attributes.get("label"));
          // ts-graphviz unescapes quotes and leaves doubled backslashes doubled (as the DOT tests read them).
          expect(label.replace(/\\\\/g, "\\")).toBe(s.replace(/[\r\n]/g, " "));
        }),
        { numRuns: fuzzRuns(300) },
      );
    },
    TIMEOUT,
  );

  it(
    "Mermaid: Mermaid's parser reads any escaped label as one node, with no directive taking effect",
    async () => {
      await fc.assert(
        fc.asyncProperty(hostile, async (s) => {
          // Writers never draw an empty label (Mermaid refuses `[""]`): the text follows a word, as a node name would.
          const parsed = await parseMermaid(`flowchart TD\n  n0["label ${escapeMermaidText(s)}"]\n`);
          expect(parsed.diagramType).toMatch(/^flowchart/);
          expect(parsed.config ?? {}).toEqual({});
        }),
        { numRuns: fuzzRuns(60) },
      );
    },
    TIMEOUT,
  );
});

describe("fuzz: diagram writers", () => {
  it(
    "toDot and toMermaid output for generated pathways is read by the real parsers",
    async () => {
      await fc.assert(
        fc.asyncProperty(validPathway, fc.integer({ min: 0, max: 30 }), async (pathway, maxLabel) => {
          const graph = toDirectedGraph(pathway, { maxLabel, annotations: getDiagramAnnotations(pathway) });
          expect(() => fromDot(toDot(graph))).not.toThrow();
          const parsed = await parseMermaid(toMermaid(graph));
          expect(parsed.config ?? {}).toEqual({});
        }),
        { numRuns: fuzzRuns(25) },
      );
    },
    TIMEOUT,
  );
});
