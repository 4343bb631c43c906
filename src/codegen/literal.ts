// JSON values as TypeScript literal text: readable (unquoted keys, template literals for long text) and exact.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const INLINE_WIDTH = 100;

/** Strings at least this long, or with a line break, are written as template literals. */
export const TEMPLATE_MIN_LENGTH = 100;

/** A property key as TypeScript: bare when it is an identifier, quoted otherwise; `__proto__` computed so it stays data. */
export function toPropertyKey(key: string): string {
  if (key === "__proto__") return `["__proto__"]`;
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

/** A template literal whose cooked value is exactly `text` (escapes `\`, backtick, `${`, CR, other controls, lone surrogates). */
export function toTemplateLiteral(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    if (ch === "\\") out += "\\\\";
    else if (ch === "`") out += "\\`";
    else if (ch === "$" && text[i + 1] === "{") out += "\\$";
    else if (ch === "\n") out += "\n";
    else if (ch === "\t") out += "\t";
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += ch + text[i + 1]!;
        i++;
      } else out += `\\u${code.toString(16)}`;
    } else if (code >= 0xdc00 && code <= 0xdfff) out += `\\u${code.toString(16)}`;
    else out += ch;
  }
  return `\`${out}\``;
}

/** A string literal: a template literal for long or multi-line text, else a double-quoted string. */
export function toStringLiteral(text: string): string {
  if (text.length >= TEMPLATE_MIN_LENGTH || text.includes("\n")) return toTemplateLiteral(text);
  const json = JSON.stringify(text);
  // Text full of double quotes (a JSON body template) reads better in single quotes.
  if (text.includes('"') && !text.includes("'")) return `'${json.slice(1, -1).replace(/\\"/g, '"')}'`;
  return json;
}

/** A JSON number as TypeScript (negative zero kept). */
function toNumberLiteral(n: number): string {
  if (Object.is(n, -0)) return "-0";
  return JSON.stringify(n);
}

/**
 * A JSON value as a TypeScript expression. Short objects and arrays stay on one line; longer ones get one member per
 * line (indentation is left to the formatter). Throws on values JSON cannot hold (functions, non-finite numbers).
 */
export function toLiteral(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return toStringLiteral(value);
    case "number":
      if (!Number.isFinite(value)) throw new RangeError(`Cannot write the number ${value} as JSON.`);
      return toNumberLiteral(value);
    case "boolean":
      return String(value);
    case "object":
      break;
    default:
      throw new TypeError(`Cannot write a ${typeof value} as JSON.`);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => toLiteral(item));
    return toWrappedList("[", items, "]");
  }
  const obj = value as Record<string, unknown>;
  const members = Object.keys(obj).map((key) => `${toPropertyKey(key)}: ${toLiteral(obj[key])}`);
  return toWrappedList("{", members, "}");
}

/** Joins members on one line when short, else one per line with a trailing comma. */
export function toWrappedList(open: string, members: readonly string[], close: string): string {
  if (members.length === 0) return open + close;
  const pad = open === "{" ? " " : "";
  const inline = `${open}${pad}${members.join(", ")}${pad}${close}`;
  if (inline.length <= INLINE_WIDTH && !inline.includes("\n")) return inline;
  return `${open}\n${members.map((m) => `${m},`).join("\n")}\n${close}`;
}
