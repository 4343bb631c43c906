// The one Graphviz DOT escaper: file text as a quoted DOT string that no data can end or turn into an escape.

/** `text` as a DOT quoted string (quotes included): backslashes and quotes escaped, line breaks as spaces. */
export function toDotString(text: string): string {
  return `"${text
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/[\r\n]/g, " ")}"`;
}
