// English counts: a number with its noun in the right number ("1 finding", "2 findings"), the one way every message writes one.

/** The form of a noun that goes with `n`: `singular` for 1, else `plural` (default: `singular` + "s"; 0 takes the plural). */
export function toNounForm(n: number, singular: string, plural = `${singular}s`): string {
  return n === 1 ? singular : plural;
}

/**
 * `n` and its noun: `toCount(1, "finding")` is "1 finding", `toCount(0, "finding")` "0 findings", and
 * `toCount(3, "request body", "request bodies")` "3 request bodies". Large counts keep their digits as given.
 */
export function toCount(n: number, singular: string, plural?: string): string {
  return `${n} ${toNounForm(n, singular, plural)}`;
}
