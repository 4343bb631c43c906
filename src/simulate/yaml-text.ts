// JSON values written as block-style YAML that both YAML readers (yaml, js-yaml) read back as exactly the same value.

/**
 * Characters a plain (unquoted) scalar may hold after its first: letters, marks, digits, punctuation, symbols and the
 * ASCII space. Tabs, line breaks, controls, format characters (BOM, zero-width), unpaired surrogates, private-use and
 * non-ASCII spaces are left to quoting, where both readers agree on them.
 */
const PLAIN_BODY = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u;
/**
 * A plain scalar starts with a letter or one of these (no YAML indicator, digit, sign, space or quote), or is a
 * relative path (`./`, `../`: a dot alone could start .inf or .nan).
 */
const PLAIN_START = /^(?:[\p{L}_<($/]|\.\.?\/)/u;
/** Words either reader (YAML 1.2's core schema, or 1.1's, which older tools and js-yaml's default schema still follow) reads as a boolean or null. */
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|nul)$/i;
/** Longest key written plainly before `? key` (readers refuse an implicit key over 1,024 characters). */
const MAX_IMPLICIT_KEY = 1000;

/** True when `text` can be written without quotes and read back as the same string by either reader. */
function isPlainSafe(text: string): boolean {
  return (
    PLAIN_START.test(text) &&
    PLAIN_BODY.test(text) &&
    !text.endsWith(" ") &&
    !text.endsWith(":") &&
    !text.includes(": ") &&
    !text.includes(" #") &&
    !text.startsWith("<<") &&
    !RESERVED.test(text)
  );
}

function hex4(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * A double-quoted scalar: JSON's escapes (which YAML 1.2 shares), plus \u escapes for what YAML readers refuse raw or
 * read as line breaks (C1 controls, U+2028/2029, BOM, U+FFFE/FFFF, unpaired surrogates).
 */
function quote(text: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let escaped: string | undefined;
    if (c === 0x22) escaped = '\\"';
    else if (c === 0x5c) escaped = "\\\\";
    else if (c < 0x20) escaped = c === 0x0a ? "\\n" : c === 0x09 ? "\\t" : c === 0x0d ? "\\r" : hex4(c);
    else if (c < 0x7f) continue;
    else if (c <= 0x9f || c === 0x2028 || c === 0x2029 || c === 0xfeff || c === 0xfffe || c === 0xffff) escaped = hex4(c);
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      escaped = hex4(c);
    } else if (c >= 0xdc00 && c <= 0xdfff) escaped = hex4(c);
    else continue;
    out += text.slice(start, i) + escaped;
    start = i + 1;
  }
  return `${out + text.slice(start)}"`;
}

/**
 * Strings already written, with their scalar: a generated suite repeats the same keys, labels and node names
 * thousands of times, and deciding plain or quoted (two Unicode-class regexes) ran again for every one. Bounded:
 * strings of up to 100 characters, at most 10,000 of them (about a megabyte), then it starts again.
 */
const scalars = new Map<string, string>();
const MAX_CACHED = 10_000;

/** A string as a scalar: plain when that reads back the same, else double-quoted. */
function toYamlString(text: string): string {
  let scalar = scalars.get(text);
  if (scalar === undefined) {
    scalar = isPlainSafe(text) ? text : quote(text);
    if (text.length <= 100) {
      if (scalars.size >= MAX_CACHED) scalars.clear();
      scalars.set(text, scalar);
    }
  }
  return scalar;
}

function toYamlNumber(n: number): string {
  if (Number.isNaN(n)) return ".nan";
  if (!Number.isFinite(n)) return n > 0 ? ".inf" : "-.inf";
  // "-0" reads back as 0 in js-yaml (an integer has no sign of zero); a float keeps it.
  return Object.is(n, -0) ? "-0.0" : String(n);
}

/** A scalar's text, or undefined for a value that is not one (a non-empty array or object). */
function toScalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return toYamlString(value);
  if (typeof value === "number") return toYamlNumber(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "[]" : undefined;
  if (typeof value === "object") return Object.keys(value).some((k) => (value as Record<string, unknown>)[k] !== undefined) ? undefined : "{}";
  return "null";
}

/**
 * Writes a non-empty array or object as block lines at `indent`; the first line starts with `first` instead (the
 * rest of a `- ` line, or the indent).
 */
function writeBlock(out: string[], value: object, indent: string, first: string): void {
  let prefix = first;
  if (Array.isArray(value)) {
    for (const item of value) {
      out.push(prefix, "-");
      writeNested(out, item, `${indent}  `, " ");
      prefix = indent;
    }
    return;
  }
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    const text = toYamlString(key);
    if (text.length > MAX_IMPLICIT_KEY) {
      out.push(prefix, "? ", text, "\n", indent, ":");
      writeNested(out, item, `${indent}  `, " ");
    } else {
      out.push(prefix, text, ":");
      const scalar = toScalar(item);
      if (scalar !== undefined) out.push(" ", scalar, "\n");
      else {
        out.push("\n");
        writeBlock(out, item as object, `${indent}  `, `${indent}  `);
      }
    }
    prefix = indent;
  }
}

/** A value after `- ` or `? k\n:`: a scalar on the same line, or a block whose first entry shares it. */
function writeNested(out: string[], value: unknown, indent: string, first: string): void {
  const scalar = toScalar(value);
  if (scalar !== undefined) out.push(first, scalar, "\n");
  else writeBlock(out, value as object, indent, first);
}

/**
 * A JSON value (objects, arrays, strings, numbers, booleans, null) as block-style YAML: one key per line, sequences
 * indented under their key, strings plain where that reads back the same and double-quoted otherwise, no anchors,
 * no folding. `undefined` object members are left out, as JSON leaves them out.
 *
 * Kept instead of the `yaml` package's `stringify`, which writes `"10:30"` as a plain 10:30 that YAML 1.1 readers take
 * for the number 630 (5 of the 13 example scenarios in pathways/scenarios/ would change bytes) and is 3x slower here
 * (a 2,000-turn scenario: 174 ms against 539 ms, measured with tsx over 10 runs).
 */
export function toBlockYaml(value: unknown): string {
  const out: string[] = [];
  writeNested(out, value, "", "");
  return out.join("");
}
