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
 * `text` as the inside of a quoted Mermaid label: safe characters as they are, all others as `#<code point>;`.
 * Mermaid decodes its entity placeholders (`ﬂ°`, `¶ß`) a second time after decoding entities, so a word joiner (U+2060)
 * goes between those pairs: the text is shown as written instead of turning into `&`, `;` or markup-looking text.
 */
export function escapeMermaidText(text: string): string {
  return text
    .replace(/\ufb02(?=\u00b0)/g, "\ufb02\u2060")
    .replace(/\u00b6(?=\u00df)/g, "\u00b6\u2060")
    .replace(UNSAFE, (char) => `#${char.codePointAt(0)};`);
}
