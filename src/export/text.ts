// Display text for diagrams: whitespace folded to one line, invisible direction controls made visible, and truncation.

/** Bidirectional control characters (Trojan Source): shown as U+FFFD so a label cannot reorder what reviewers read. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** C0/C1 controls other than whitespace (which is folded first), and lone surrogates. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Folds any run of whitespace (including newlines) to one space, trims, and replaces control characters with U+FFFD. */
export function toDisplayText(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(BIDI_CONTROLS, "\ufffd").replace(CONTROLS, "\ufffd");
}

/** `text` cut to at most `max` code points (ending in an ellipsis), or undefined when it fits or `max` is 0 (no limit). */
export function toTruncated(text: string, max: number): string | undefined {
  if (max <= 0) return undefined;
  const chars = Array.from(text);
  if (chars.length <= max) return undefined;
  return `${chars
    .slice(0, Math.max(1, max - 1))
    .join("")
    .trimEnd()}…`;
}
