// The canonical text of a pathway file: same JSON value, stable key order, 2-space indent, trailing newline.

/** Key order of known objects; keys not listed follow in alphabetical order. Documented in docs/typescript.md ("Canonical form"). */
const PATHWAY_KEYS = ["$schema", "name", "description", "nodes", "edges"];
const NODE_KEYS = ["id", "type", "data", "globalConfig"];
const DATA_KEYS = ["name", "isStart", "isGlobal", "globalLabel", "globalDescription", "enableGlobalAutoReturn", "text", "prompt", "condition"];
const EDGE_KEYS = ["id", "source", "target", "label", "type", "data"];
const EDGE_DATA_KEYS = ["label", "description"];

/** Canonical key order for an object at `path` (a list of keys from the root; array indices as "#"). */
function keyOrder(path: readonly string[]): readonly string[] {
  const p = path.join("/");
  if (p === "") return PATHWAY_KEYS;
  if (p === "nodes/#") return NODE_KEYS;
  if (p === "nodes/#/data") return DATA_KEYS;
  if (p === "edges/#") return EDGE_KEYS;
  if (p === "edges/#/data") return EDGE_DATA_KEYS;
  return [];
}

function sortKeys(keys: string[], first: readonly string[]): string[] {
  const rank = new Map(first.map((k, i) => [k, i]));
  return keys.sort((a, b) => {
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra !== undefined || rb !== undefined) return (ra ?? Infinity) - (rb ?? Infinity);
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Nesting beyond this is refused: real pathways are a dozen levels deep, and the writer recurses. */
export const MAX_CANONICAL_DEPTH = 2000;

/**
 * Serialises a JSON value in canonical form. The value is never rebuilt as objects (so `__proto__` keys stay data),
 * numbers and strings are written exactly as JSON.stringify writes them, and arrays keep their order.
 * Throws a RangeError for values nested deeper than MAX_CANONICAL_DEPTH.
 */
export function toCanonicalJson(value: unknown): string {
  const write = (v: unknown, path: string[], indent: string): string => {
    if (path.length > MAX_CANONICAL_DEPTH) throw new RangeError(`Nested deeper than ${MAX_CANONICAL_DEPTH} levels; cannot write it in canonical form.`);
    if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      const items = v.map((item) => inner + write(item, [...path, "#"], inner));
      return `[\n${items.join(",\n")}\n${indent}]`;
    }
    const obj = v as Record<string, unknown>;
    const keys = sortKeys(
      Object.keys(obj).filter((k) => obj[k] !== undefined),
      keyOrder(path),
    );
    if (keys.length === 0) return "{}";
    const members = keys.map((k) => `${inner}${JSON.stringify(k)}: ${write(obj[k], [...path, k], inner)}`);
    return `{\n${members.join(",\n")}\n${indent}}`;
  };
  return `${write(value, [], "")}\n`;
}
