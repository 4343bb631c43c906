// Limits of a YAML document measured without recursion: how deep its collections nest, and how far its aliases expand.
import { CST, Parser } from "yaml";
import { toPointer } from "../diagnostics/index.js";
import { MAX_NESTING_DEPTH, type DeepNesting } from "./nesting.js";

/** A collection token of the CST and the items it holds. */
type Collection = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;

function isCollection(token: CST.Token | undefined): token is Collection {
  return token !== undefined && (token.type === "block-map" || token.type === "block-seq" || token.type === "flow-collection");
}

function keyText(key: CST.Token | null | undefined): string {
  if (!key) return "";
  const scalar = CST.isScalar(key) ? CST.resolveAsScalar(key) : null;
  return scalar ? scalar.value : "?";
}

/**
 * How deeply the YAML's collections nest when that is over `limit`, read from the concrete syntax tree (whose parser
 * keeps its own stack): the `yaml` composer recurses once per level and overflows the call stack near 800 levels,
 * which would otherwise read as a syntax error. The offset is where the first collection past the limit starts.
 */
export function findDeepYamlNesting(text: string, limit = MAX_NESTING_DEPTH): (DeepNesting & { offset: number }) | undefined {
  let deepest = 0;
  let past: { path: (string | number)[]; offset: number } | undefined;
  for (const doc of new Parser().parse(text)) {
    if (doc.type !== "document") continue;
    const stack: { token: CST.Token; depth: number; path: (string | number)[] }[] = [];
    const root = doc.value;
    if (root) stack.push({ token: root, depth: 1, path: [] });
    while (stack.length > 0) {
      const { token, depth, path } = stack.pop()!;
      if (!isCollection(token)) continue;
      if (depth > deepest) deepest = depth;
      if (depth > limit && !past) past = { path, offset: token.offset };
      const isMap = token.type === "block-map" || (token.type === "flow-collection" && token.start.source === "{");
      token.items.forEach((item, i) => {
        // Only the first segments are shown; a path per level would make the walk quadratic in the depth.
        const segment = isMap ? keyText((item as CST.CollectionItem).key) : i;
        const next = path.length < 7 ? [...path, segment] : path;
        const { key, value } = item as CST.CollectionItem;
        if (isCollection(key ?? undefined)) stack.push({ token: key!, depth: depth + 1, path: next });
        if (isCollection(value)) stack.push({ token: value, depth: depth + 1, path: next });
      });
    }
    break; // One document is read (parseDocument reads the first).
  }
  if (deepest <= limit || !past) return undefined;
  return { depth: deepest, pointer: toPointer(past.path), offset: past.offset };
}

/**
 * Values a YAML document may expand to through its aliases, beyond one per character of its text (which no document
 * without aliases can exceed): a batch of thousands of rows sharing one anchor fits, a "billion laughs" document of 10
 * levels of 10 aliases (10^10 values) does not. Near the limit the cost stays small: with hyperfine, `pathway
 * check-request` of a 15 KB body whose aliases expand to 991,000 values takes 0.47 s user time (0.20 s for a plain
 * body) and 73 MB (54 MB).
 */
export const MAX_ALIAS_EXPANSION = 1_000_000;

/** True when walking `value` (every alias expanded, as every reader of it will) visits more than `budget` values. */
export function expandsBeyond(value: unknown, budget: number): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (++visited > budget) return true;
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
    else for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
  return false;
}
