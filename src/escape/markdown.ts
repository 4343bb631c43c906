// The one Markdown escaper: file text as inert inline Markdown in headings, lists, tables, code and pull-request comments.
import { escapeHtml } from "./html.js";
import { escapeTerminalText } from "./terminal.js";

/** An `@` that mentions no one: a zero-width space after it breaks GitHub's mention syntax. */
const MENTION_BREAK = "@\u200b";

/**
 * `text` as inert Markdown inline text: whitespace runs (newlines included) folded to one space, so a name cannot end a
 * heading or a table row; other control characters made visible as the terminal escaper shows them (a comment is also
 * read in terminals, e.g. `gh pr view`); HTML-significant characters as entities; Markdown punctuation
 * backslash-escaped (`|` too, for table cells); and `@` followed by a zero-width space so a label cannot mention
 * (notify) anyone in a comment.
 */
export function escapeMarkdownText(text: string): string {
  return escapeTerminalText(text.replace(/\s+/g, " "))
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, (c) => `\\${c}`)
    .replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/@/g, MENTION_BREAK);
}

/**
 * `text` with every `@` followed by a zero-width space, so it cannot mention (notify) anyone: for text already made
 * inert another way (HTML-escaped inside a `<blockquote>`, a code span) that still lands in a comment.
 */
export function defuseMentions(text: string): string {
  return text.replace(/@/g, MENTION_BREAK);
}

/**
 * `text` as an inline code span: a backtick fence longer than any backtick run inside (padded with a space when the
 * text starts or ends with one), and every line ending (LF, CR or CRLF: CommonMark reads all three) as a space, so the
 * span cannot end its line and let the rest be read as a heading, list or HTML. Mentions inside code do not notify.
 */
export function toMarkdownCodeSpan(text: string): string {
  const flat = escapeTerminalText(text.replace(/\r\n?|\n/g, " "));
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * `lines` as a fenced code block (fence line, the lines, closing fence), with a fence longer than any backtick run
 * inside so no line can close it. A carriage return inside a line would end that line for CommonMark (and, in an
 * indented list item, end the block and let the rest be read as Markdown), so it is shown as `␍` (U+240D).
 */
export function toMarkdownFence(lang: string, lines: readonly string[]): string[] {
  const safe = lines.map((l) => escapeTerminalText(l.replace(/\r/g, "\u240d")));
  const longest = Math.max(2, ...safe.flatMap((l) => [...l.matchAll(/`+/g)].map((m) => m[0].length)));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${lang}`, ...safe, fence];
}

/**
 * `text` as HTML inline text inside Markdown (`<blockquote>`, `<ins>`, `<del>` in a comment): the one HTML escaper,
 * mentions defused, and each line ending as `<br>`: two raw line endings would be a blank line, which ends the HTML
 * block and lets the rest be read as Markdown.
 */
export function toMarkdownHtmlText(text: string): string {
  return escapeTerminalText(defuseMentions(escapeHtml(text)).replace(/\r\n?|\n/g, "<br>"));
}

/** Named entities, which read better than numeric ones in the Markdown source. */
const PROSE_ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * Trusted prose (pathwaykit's own help and descriptions, which quote code in backticks) as Markdown that renders as
 * written: code spans kept, and outside them the characters Markdown or HTML would act on escaped (`<`, `>`, `&`, `*`,
 * an `_` that could open emphasis, `[`, `]`); `|` is escaped everywhere, so the text can stand in a table cell. Unlike
 * {@link escapeMarkdownText} it is not for untrusted text: whitespace and mentions are left as they are.
 */
export function escapeMarkdownProse(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/\|/g, "\\|")
        : part
            .replace(/[\\*[\]|]/g, (c) => `\\${c}`)
            .replace(/(^|[^\p{L}\p{N}])_|_(?=$|[^\p{L}\p{N}])/gu, (m) => m.replace("_", "\\_"))
            .replace(/[&<>]/g, (c) => PROSE_ENTITIES[c]!),
    )
    .join("");
}
