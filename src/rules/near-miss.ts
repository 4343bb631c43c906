// Near misses: the edit distance of two names and the known name a typo most likely meant (request fields, node ids, variables).

/**
 * The edit distance of two names (insertions, deletions, substitutions, adjacent swaps), or `max + 1` as soon as it is
 * known to exceed `max`: only a small distance is a typo, so rows stop early and memory is three rows, not a matrix.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      current[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // Every later row is at least this row's minimum (swaps look back two rows, but cost one more than the row before).
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** Names longer than this get no suggestion: no documented name is near one, and the comparison would cost time. */
const MAX_SUGGESTED_NAME = 64;

/** The known name closest to `name` when it is a likely typo (same letters ignoring case, or a few edits away). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  if (name.length > MAX_SUGGESTED_NAME) return undefined;
  const lower = name.toLowerCase();
  const allowed = Math.max(1, Math.floor(name.length / 4));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const k of known) {
    const distance = k.toLowerCase() === lower ? 0 : editDistance(lower, k.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = k;
      bestDistance = distance;
    }
  }
  return best;
}
