// Puts a call's log entries in the order they happened: by v2 `sequence` when every entry has one, else by `created_at`.
import type { LogEntry } from "./record.js";

/**
 * The entries in call order (a new list; the input is left as is). Entries without a time keep their place after the
 * entry before them, so a log whose times are partly missing is never scrambled; equal times keep log order.
 */
export function orderLog(log: readonly LogEntry[]): LogEntry[] {
  if (log.length > 0 && log.every((e) => e.sequence !== undefined)) return [...log].sort((a, b) => a.sequence! - b.sequence! || a.index - b.index);
  let last = -Infinity;
  const keyed = log.map((entry) => {
    const at = Date.parse(entry.createdAt ?? "");
    if (Number.isFinite(at)) last = at;
    return { entry, at: last };
  });
  return keyed.sort((a, b) => a.at - b.at || a.entry.index - b.entry.index).map((k) => k.entry);
}
