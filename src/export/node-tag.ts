// Reads a node's `data.tag` ({name, color} in real exports) into a bounded caption and a colour safe to draw.

/** A node's tag as drawn: its name (one line, at most TAG_NAME_MAX characters) and, when plain, its colour. */
export interface DiagramTag {
  name: string;
  /** A plain `#hex` or `rgb(r, g, b)` colour; anything else in the file is ignored (it would go into an attribute). */
  color?: string;
}

/** Longest tag caption drawn; real exports carry whole sentences as tag names. */
export const TAG_NAME_MAX = 60;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** `value` when it is a plain #hex or rgb() colour with channels 0..255, else undefined. */
export function getPlainColor(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 32) return undefined;
  const color = value.trim();
  if (HEX.test(color)) return color;
  const m = RGB.exec(color);
  return m && [m[1], m[2], m[3]].every((c) => Number(c) <= 255) ? `rgb(${m[1]},${m[2]},${m[3]})` : undefined;
}

/**
 * The tag of a node's `data`, or undefined when it has none with a non-blank name. The name is folded to one line and
 * cut to TAG_NAME_MAX characters; grouping uses it as the key, so two tags equal after that are one group.
 */
export function getNodeTag(data: Record<string, unknown>): DiagramTag | undefined {
  const tag = data["tag"];
  if (typeof tag !== "object" || tag === null || Array.isArray(tag)) return undefined;
  const raw = (tag as Record<string, unknown>)["name"];
  if (typeof raw !== "string") return undefined;
  const folded = raw
    .slice(0, 4 * TAG_NAME_MAX)
    .replace(/\s+/g, " ")
    .trim();
  if (folded === "") return undefined;
  const name = folded.length > TAG_NAME_MAX ? `${folded.slice(0, TAG_NAME_MAX - 1)}…` : folded;
  const color = getPlainColor((tag as Record<string, unknown>)["color"]);
  return color ? { name, color } : { name };
}
