// The one HTML escaper: file text as HTML text or a quoted attribute value.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` as HTML text or a double- or single-quoted attribute value: `& < > " '` as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
