// The escapers, one per output language: what each does to the characters that matter in its language.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toDotString } from "../../src/escape/dot.js";
import { escapeHtml } from "../../src/escape/html.js";
import { defuseMentions, escapeMarkdownProse, escapeMarkdownText, toMarkdownCodeSpan, toMarkdownFence, toMarkdownHtmlText } from "../../src/escape/markdown.js";
import { escapeMermaidText } from "../../src/escape/mermaid.js";
import { escapeTerminalLine, escapeTerminalText } from "../../src/escape/terminal.js";
import { toJsonText } from "../../src/escape/json.js";
import { escapeMarkdownText as exportedMarkdown, escapeMermaidText as exportedMermaid, toDotString as exportedDot } from "../../src/export/index.js";
import { ROOT } from "../support/cli.js";

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

describe("toJsonText", () => {
  it("writes C1, DEL, bidi and separators as escapes, and parses back to the same value", () => {
    expect(toJsonText({ a: "\u009b2J\u007f\u202e\u2028" }, 0)).toBe('{"a":"\\u009b2J\\u007f\\u202e\\u2028"}\n');
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
        for (const v of [value, text, { [text]: [text, value] }]) {
          const out = toJsonText(v);
          expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
          expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
        }
      }),
    );
  });
});

describe("escapeTerminalLine", () => {
  it.each([
    { name: "a newline cannot start a row", input: "2024\nversion 9  latest", output: "2024\\nversion 9  latest" },
    { name: "tab and controls", input: "a\tb\u001b[1A", output: "a\\tb\\u001b[1A" },
    { name: "plain text kept", input: "2024-01-02T00:00:00Z", output: "2024-01-02T00:00:00Z" },
  ])("$name", ({ input, output }) => {
    expect(escapeTerminalLine(input)).toBe(output);
  });
});

describe("escapeMarkdownText", () => {
  it.each([
    { name: "a newline cannot end a heading", input: "A\n# B", output: "A \\# B" },
    { name: "table cells keep their pipes", input: "a|b", output: "a\\|b" },
    { name: "markup becomes entities", input: "<b>", output: "&#60;b&#62;" },
    { name: "mentions are defused", input: "@team", output: "@\u200bteam" },
    { name: "controls made visible (comments are read in terminals too)", input: "a\u001b[2Jb\u009b", output: "a\\\\u001b\\[2Jb\\\\u009b" },
  ])("$name", ({ input, output }) => {
    expect(escapeMarkdownText(input)).toBe(output);
  });

  it("defuses mentions in text made inert another way", () => {
    expect(defuseMentions("ping @all")).toBe("ping @\u200ball");
  });

  it.each([
    { name: "plain text", input: "data.prompt", output: "`data.prompt`" },
    { name: "a fence longer than the backticks inside", input: "a``b", output: "```a``b```" },
    { name: "padded when a backtick touches the fence", input: "`x", output: "`` `x ``" },
    { name: "LF, CR and CRLF as spaces (CommonMark ends a line at each)", input: "a\n# b\r# c\r\n# d", output: "`a # b # c # d`" },
  ])("code span: $name", ({ input, output }) => {
    expect(toMarkdownCodeSpan(input)).toBe(output);
  });

  it("fenced block: a fence no line can close, and a carriage return that cannot end a line", () => {
    expect(toMarkdownFence("diff", ["-a ```` b", "+x\r</details>"])).toEqual(["`````diff", "-a ```` b", "+x\u240d</details>", "`````"]);
    expect(toMarkdownFence("", ["plain"])).toEqual(["```", "plain", "```"]);
  });

  it("code spans, fences and HTML text show control characters as the terminal escaper does", () => {
    expect(toMarkdownCodeSpan("id\u001b]0;x\u0007")).toBe("`id\\u001b]0;x\\u0007`");
    expect(toMarkdownFence("diff", ["+a\u009bb"])).toEqual(["```diff", "+a\\u009bb", "```"]);
    expect(toMarkdownHtmlText("a\u202eb")).toBe("a\\u202eb");
  });

  it("HTML text in a comment: markup as entities, mentions defused, every line ending as <br> (no blank line ends the block)", () => {
    expect(toMarkdownHtmlText("<b>@team</b>\r\r# owned\n\nx\r\ny")).toBe("&#60;b&#62;@\u200bteam&#60;/b&#62;<br><br># owned<br><br>x<br>y");
  });
});

describe("escapeMarkdownProse", () => {
  it("keeps code spans and escapes what Markdown or HTML would act on outside them", () => {
    expect(escapeMarkdownProse("inputs: *.json, remote:<id>[@<n>] or `a|b *c*`")).toBe("inputs: \\*.json, remote:&lt;id&gt;\\[@&lt;n&gt;\\] or `a\\|b *c*`");
  });

  it("escapes an underscore only where it could open or close emphasis", () => {
    expect(escapeMarkdownProse("$PATHWAYKIT_MAX_FILE_SIZE and _this_")).toBe("$PATHWAYKIT_MAX_FILE_SIZE and \\_this\\_");
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

  it("Mermaid: bidirectional and other controls, and lone surrogates, as U+FFFD (Mermaid would decode their entities back)", () => {
    expect(escapeMermaidText("a\u202eb\u0001c\u009bd\ud800e")).toBe("a#65533;b#65533;c#65533;d#65533;e");
    expect(escapeMermaidText("tab\tkept")).toBe("tab#9;kept");
  });
});

describe("one escaper per language", () => {
  it("the names export/ and format/ publish are the escape layer's functions, not copies", () => {
    expect(exportedMarkdown).toBe(escapeMarkdownText);
    expect(exportedMermaid).toBe(escapeMermaidText);
    expect(exportedDot).toBe(toDotString);
  });

  it("no writer outside src/escape/ escapes a language by hand", () => {
    // The tell-tales of hand-made escaping: HTML entities, numeric entities built from a code point (HTML, Mermaid),
    // the mention breaker, `\u` escapes built from a char code (terminal), backslash-escaping of quotes (DOT). Other
    // languages keep their own (codegen's TypeScript literals, SARIF/TAP/GitHub workflow commands).
    const HAND_MADE = [/&(?:amp|lt|gt|quot|apos);/, /&#\$\{/, /#\$\{[^}]*codePointAt/, /\\u200b/, /\\\\u\$\{\w+\.charCodeAt/, /\.replace\(\/"\/g, '\\\\"'\)/];
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : full.endsWith(".ts") ? [full] : [];
      });
    const src = path.join(ROOT, "src");
    const offenders = files(src)
      .filter((file) => !file.startsWith(path.join(src, "escape") + path.sep))
      .filter((file) => HAND_MADE.some((re) => re.test(readFileSync(file, "utf8"))))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
    // The patterns do find the escapers themselves (a scan that matches nothing would pass for any source).
    const escapers = files(path.join(src, "escape"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    expect(HAND_MADE.filter((re) => re.test(escapers)).length).toBeGreaterThanOrEqual(3);
  });
});
