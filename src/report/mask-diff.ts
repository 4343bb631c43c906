// A diff as every output shows it: old and new values masked as they sit in their documents, text diffs redone on the masked text.
import { resolveDiffOptions, toStringDiff, type DiffOptions, type PathwayChange, type PathwayDiff } from "../diff/index.js";
import { maskSecrets, maskText } from "./mask.js";

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

function maskChange(change: PathwayChange, options: ReturnType<typeof resolveDiffOptions>): PathwayChange {
  const before = change.before === undefined ? undefined : maskSecrets(change.before, change.path);
  const after = change.after === undefined ? undefined : maskSecrets(change.after, change.path);
  if (same(before, change.before) && same(after, change.after)) return change;
  const { words: _words, textDiff: _textDiff, ...rest } = change;
  const out: PathwayChange = { ...rest };
  if (before !== undefined) out.before = before;
  if (after !== undefined) out.after = after;
  // The word and line diffs quote the raw text: redone on the masked text, unless masking made both sides alike
  // (only a hidden value changed; "same JSON" would then be untrue).
  if (!same(before, after)) Object.assign(out, toStringDiff(before, after, options));
  return out;
}

/**
 * `diff` with every old and new value masked by maskSecrets at its path (header values in both forms, secret keys,
 * JSON held in strings, URL credentials and query secrets) and likely-loss messages by maskText. A change only in a
 * hidden value stays a change, shown with the same masked text on both sides. `options` are the ones the diff was
 * made with (for the redone text diffs' context).
 */
export function maskDiff(diff: PathwayDiff, options: DiffOptions = {}): PathwayDiff {
  const config = resolveDiffOptions(options);
  return {
    ...diff,
    changes: diff.changes.map((c) => maskChange(c, config)),
    losses: diff.losses.map((l) => ({ ...l, message: maskText(l.message) })),
  };
}
