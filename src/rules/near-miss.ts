// Near misses: the edit distance of two names and the known name a typo most likely meant (request fields, node ids, variables).

/** Rows of the distance table, kept between calls: a comparison allocates nothing (all of it is synchronous). */
let rows: Int32Array[] = [new Int32Array(65), new Int32Array(65), new Int32Array(65)];

/**
 * The edit distance of two names (insertions, deletions, substitutions, adjacent swaps), or `max + 1` as soon as it is
 * known to exceed `max`: only a small distance is a typo, so rows stop early and memory is three rows, not a matrix.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
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

/**
 * Full comparisons (the distance table) one matcher makes at most, over all its queries: past them it suggests
 * nothing more. Only names that pass the cheap filters are compared, so real pathways stay far below it; it bounds a
 * file of thousands of unset variables among thousands of names that share their letters (each query would otherwise
 * compare every name: 7,143 x 7,143 took 10 s of a 50,000-node lint).
 */
export const MAX_NAME_COMPARISONS = 1_000_000;

/** The letters of a name as bits (32 buckets of character codes): a name with letters the other lacks needs that many edits. */
function letterBits(name: string): number {
  let bits = 0;
  for (let i = 0; i < name.length; i++) bits |= 1 << (name.charCodeAt(i) & 31);
  return bits;
}

function bitCount(v: number): number {
  let n = 0;
  for (let x = v; x !== 0; x &= x - 1) n++;
  return n;
}

/** How many times each of the 32 buckets of character codes occurs in a name. */
function letterCounts(name: string): Uint8Array {
  const counts = new Uint8Array(32);
  for (let i = 0; i < name.length; i++) counts[name.charCodeAt(i) & 31]!++;
  return counts;
}

/**
 * A lower bound of the edit distance of two names from their letter counts: each letter one has more of than the
 * other must be deleted or replaced, one edit each (a swap moves letters, it never adds one). Only the buckets either
 * name uses (`bits`) are looked at.
 */
function countBound(a: Uint8Array, b: Uint8Array, bits: number): number {
  let more = 0;
  let fewer = 0;
  for (let x = bits; x !== 0; x &= x - 1) {
    const bucket = 31 - Math.clz32(x & -x);
    const d = a[bucket]! - b[bucket]!;
    if (d > 0) more += d;
    else fewer -= d;
  }
  return Math.max(more, fewer);
}

/**
 * A finder of the known name closest to a name, for many names against one list (what `closestName` answers for one):
 * the list is lowercased and bucketed once, a name's exact match (ignoring case) is one lookup, and a name is compared
 * in full only with names of a near length whose letters could be a few edits apart. The answers are closestName's:
 * the first name of `known` at the smallest distance.
 */
export function createNameMatcher(known: readonly string[]): (name: string) => string | undefined {
  const exact = new Map<string, string>();
  const byLength = new Map<number, { index: number; lower: string; bits: number; counts: Uint8Array }[]>();
  known.forEach((k, index) => {
    const lower = k.toLowerCase();
    if (!exact.has(lower)) exact.set(lower, k);
    // No name a query may be near is longer (a query has at most MAX_SUGGESTED_NAME letters, a quarter more apart).
    if (lower.length > MAX_SUGGESTED_NAME * 1.25) return;
    let bucket = byLength.get(lower.length);
    if (!bucket) byLength.set(lower.length, (bucket = []));
    bucket.push({ index, lower, bits: letterBits(lower), counts: letterCounts(lower) });
  });
  let budget = MAX_NAME_COMPARISONS;
  return (name) => {
    if (name.length > MAX_SUGGESTED_NAME) return undefined;
    const lower = name.toLowerCase();
    const same = exact.get(lower);
    if (same !== undefined) return same;
    const allowed = Math.max(1, Math.floor(name.length / 4));
    const bits = letterBits(lower);
    const counts = letterCounts(lower);
    let best = -1;
    let bestDistance = allowed + 1;
    for (let length = lower.length - allowed; length <= lower.length + allowed; length++) {
      if (best >= 0 && Math.abs(length - lower.length) > bestDistance) continue;
      for (const k of byLength.get(length) ?? []) {
        // The farthest a name may be and still be chosen: within `allowed`, then as near as the best (an earlier one wins a tie).
        const limit = best < 0 ? allowed : bestDistance;
        // Letters in one name and not the other each need an edit (a lower bound, whatever the order).
        if (bitCount(bits & ~k.bits) > limit || bitCount(k.bits & ~bits) > limit || countBound(counts, k.counts, bits | k.bits) > limit) continue;
        if (budget <= 0) return undefined;
        budget--;
        const distance = editDistance(lower, k.lower, limit);
        if (distance > limit) continue;
        if (best < 0 || distance < bestDistance || k.index < best) {
          best = k.index;
          bestDistance = distance;
        }
      }
    }
    return best < 0 ? undefined : known[best];
  };
}

/** The known name closest to `name` when it is a likely typo (same letters ignoring case, or a few edits away). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  return createNameMatcher(known)(name);
}
