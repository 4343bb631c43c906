// The one Markdown escaper: file text as inert inline Markdown in headings, lists, tables and pull-request comments.

/** An `@` that mentions no one: a zero-width space after it breaks GitHub's mention syntax. */
const MENTION_BREAK = "@\u200b";

/**
 * `text` as inert Markdown inline text: whitespace runs (newlines included) folded to one space, so a name cannot end a
 * heading or a table row; HTML-significant characters as entities; Markdown punctuation backslash-escaped (`|` too, for
 * table cells); and `@` followed by a zero-width space so a label cannot mention (notify) anyone in a comment.
 */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/\s+/g, " ")
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
