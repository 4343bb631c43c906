// The one HTML escaper: file text as HTML or XML text or a quoted attribute value (SVG, report page, Markdown's HTML).

/** Characters XML 1.0 forbids (C0 controls but tab/newline/CR, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` safe as HTML or XML text and as a double- or single-quoted attribute value: `& < > " '` become entities, and
 * characters XML cannot hold become U+FFFD, so an SVG stays well-formed whatever the pathway says.
 */
export function escapeHtml(text: string): string {
  return text.replace(NOT_XML, "\ufffd").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
