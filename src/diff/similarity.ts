// Content similarity of two nodes, used to recognise a node whose id changed (a rename) rather than one removed and one added.

/** Tokens of a value: `path=value` for scalars, `path:word` for each word of a string, so small prompt edits keep most tokens. */
export function getContentTokens(value: unknown): Set<string> {
  const tokens = new Set<string>();
  const walk = (v: unknown, path: string) => {
    if (typeof v === "string") {
      const words = v.toLowerCase().split(/\W+/).filter(Boolean);
      if (words.length === 0) tokens.add(`${path}=${JSON.stringify(v)}`);
      // A repeated word counts once per occurrence, so "no no" and "no" differ.
      const seen = new Map<string, number>();
      for (const w of words) {
        const n = (seen.get(w) ?? 0) + 1;
        seen.set(w, n);
        tokens.add(`${path}:${w}#${n}`);
      }
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}/${i}`));
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) walk(item, `${path}/${k}`);
    } else {
      tokens.add(`${path}=${JSON.stringify(v)}`);
    }
  };
  walk(value, "");
  return tokens;
}

/** Dice coefficient of two token sets: 1 for identical content, 0 for nothing in common. */
export function getContentSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let common = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) common++;
  return (2 * common) / (a.size + b.size);
}
