// The one Mermaid escaper: file text as the inside of a quoted Mermaid label, shown as written and never read as syntax.

/**
 * Characters kept as they are inside a quoted Mermaid label: letters, marks, digits, space and a little punctuation
 * that means nothing to Mermaid, HTML or Markdown. Everything else (quotes, `#`, `%`, `;`, `:`, `<`, `>`, `&`,
 * backticks, brackets, pipes, symbols and emoji) becomes a numeric entity `#<code>;`, which Mermaid shows as that
 * character and never reads as syntax. Encoding `%` means no `%%{init}%%` directive; encoding `:` keeps Mermaid's
 * `style ...:...#...;` pre-pass from touching labels; encoding `°` and `¶` keeps its entity placeholders out.
 */
const UNSAFE = /[^\p{L}\p{M}\p{N} .,!?'()/_-]/gu;

/**
 * Characters no label should carry into the drawing, whichever writer made the label: bidirectional controls (Trojan
 * Source: they reorder what a reviewer reads), C0 controls but tab/newline/CR, DEL, C1 controls and lone surrogates
 * (an SVG holding them is not well-formed XML). Mermaid would decode their `#<code>;` entities back into the character.
 */
const NOT_SHOWN =
  /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as the inside of a quoted Mermaid label: safe characters as they are, characters no drawing should carry as
 * U+FFFD, all others as `#<code point>;`. Mermaid decodes its entity placeholders (`ﬂ°`, `¶ß`) a second time after
 * decoding entities, so a word joiner (U+2060) goes between those pairs: the text is shown as written instead of
 * turning into `&`, `;` or markup-looking text.
 */
export function escapeMermaidText(text: string): string {
  return text
    .replace(NOT_SHOWN, "\ufffd")
    .replace(/\ufb02(?=\u00b0)/g, "\ufb02\u2060")
    .replace(/\u00b6(?=\u00df)/g, "\u00b6\u2060")
    .replace(UNSAFE, (char) => `#${char.codePointAt(0)};`);
}
