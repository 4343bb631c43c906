// The five escapers, one per output language: what each does to the characters that matter in its language.
import { describe, expect, it } from "vitest";
import { toDotString } from "../../src/escape/dot.js";
import { escapeHtml } from "../../src/escape/html.js";
import { defuseMentions, escapeMarkdownText } from "../../src/escape/markdown.js";
import { escapeMermaidText } from "../../src/escape/mermaid.js";
import { escapeTerminalText } from "../../src/escape/terminal.js";
import { escapeMarkdownText as exportedMarkdown, escapeMermaidText as exportedMermaid, toDotString as exportedDot } from "../../src/export/index.js";
import { toMarkdownText, toSafeText } from "../../src/format/index.js";

describe("escapeTerminalText", () => {
  it.each([
    { name: "clear screen", input: "a\u001b[2Jb", output: "a\\u001b[2Jb" },
    { name: "window title and bell", input: "\u001b]0;owned\u0007", output: "\\u001b]0;owned\\u0007" },
    { name: "C1 CSI and DEL", input: "\u009b31m\u007f", output: "\\u009b31m\\u007f" },
    { name: "bidi override", input: "a\u202eb", output: "a\\u202eb" },
    { name: "tab and newline kept", input: "a\tb\nc", output: "a\tb\nc" },
    { name: "plain Unicode kept", input: "café 🎉 עברית", output: "café 🎉 עברית" },
  ])("$name", ({ input, output }) => {
    expect(escapeTerminalText(input)).toBe(output);
  });
});

describe("escapeMarkdownText", () => {
  it.each([
    { name: "a newline cannot end a heading", input: "A\n# B", output: "A \\# B" },
    { name: "table cells keep their pipes", input: "a|b", output: "a\\|b" },
    { name: "markup becomes entities", input: "<b>", output: "&#60;b&#62;" },
    { name: "mentions are defused", input: "@team", output: "@\u200bteam" },
  ])("$name", ({ input, output }) => {
    expect(escapeMarkdownText(input)).toBe(output);
  });

  it("defuses mentions in text made inert another way", () => {
    expect(defuseMentions("ping @all")).toBe("ping @\u200ball");
  });
});

describe("escapeHtml, toDotString, escapeMermaidText", () => {
  it("HTML: the five significant characters as entities, characters XML cannot hold as U+FFFD", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>\u0001`)).toBe("&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;\ufffd");
  });

  it("DOT: quotes and backslashes escaped, line breaks as spaces", () => {
    expect(toDotString('say "hi" \\l\nnext')).toBe('"say \\"hi\\" \\\\l next"');
  });

  it("Mermaid: syntax characters as numeric entities", () => {
    expect(escapeMermaidText('a"b%%{c}:')).toBe("a#34;b#37;#37;#123;c#125;#58;");
  });
});

describe("one escaper per language", () => {
  it("the names export/ and format/ publish are the escape layer's functions, not copies", () => {
    expect(exportedMarkdown).toBe(escapeMarkdownText);
    expect(toMarkdownText).toBe(escapeMarkdownText);
    expect(exportedMermaid).toBe(escapeMermaidText);
    expect(exportedDot).toBe(toDotString);
    expect(toSafeText).toBe(escapeTerminalText);
  });
});
