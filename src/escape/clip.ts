// Text cut to one line of at most a given length, for a report line that quotes something long (a reason, a transcript turn).

/** `text` with its runs of white space (newlines too) made one space, cut to `max` characters with an ellipsis. */
export function clipToLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
