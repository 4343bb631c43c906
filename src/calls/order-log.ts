// Puts a call's log entries in the order they happened: by v2 `sequence` when entries have one, else by `created_at`.
import type { LogEntry } from "./record.js";

/**
 * The entries in call order (a new list; the input is left as is). v2 events are ordered by `sequence`, never by
 * `created_at` (the trace's documentation: two events may share a time, or times may not follow the true order), and
 * gaps in the numbering mean nothing; other entries by `created_at`. An entry without its key (a v2 event without a
 * sequence, an entry without a time) keeps its place after the entry before it, so a log whose keys are partly missing
 * is never scrambled; equal keys keep log order.
 */
export function orderLog(log: readonly LogEntry[]): LogEntry[] {
  const bySequence = log.some((e) => e.sequence !== undefined);
  let last = -Infinity;
  const keyed = log.map((entry) => {
    const at = bySequence ? (entry.sequence ?? NaN) : Date.parse(entry.createdAt ?? "");
    if (Number.isFinite(at)) last = at;
    return { entry, at: last };
  });
  return keyed.sort((a, b) => a.at - b.at || a.entry.index - b.entry.index).map((k) => k.entry);
}
