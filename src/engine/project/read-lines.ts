// Splits a stream of bytes into lines, holding one line at a time and none longer than a bound.

/** One line (its bytes, without the line feed; a view into the chunk that held it when it fit in one), or a line over the bound. */
export type ByteLine = { line: number; bytes: Uint8Array } | { line: number; tooLong: number };

const LF = 10;

function join(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The lines of `chunks`, numbered from 1. A line longer than `maxLineBytes` is given as `tooLong` (with its length)
 * and its bytes are dropped as they come, so memory holds at most one chunk and one line of the bound, however long
 * the stream and its lines. A last line without a line feed is a line.
 */
export async function* readByteLines(chunks: AsyncIterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<ByteLine> {
  let parts: Uint8Array[] = [];
  let length = 0;
  let over = false;
  let line = 0;
  const take = (piece: Uint8Array) => {
    length += piece.length;
    if (over) return;
    if (length > maxLineBytes) {
      over = true;
      parts = [];
    } else if (piece.length > 0) parts.push(piece);
  };
  const finish = (): ByteLine => {
    line++;
    const done: ByteLine = over ? { line, tooLong: length } : { line, bytes: join(parts, length) };
    parts = [];
    length = 0;
    over = false;
    return done;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(LF, start); end >= 0; end = chunk.indexOf(LF, start)) {
      take(chunk.subarray(start, end));
      yield finish();
      start = end + 1;
    }
    if (start < chunk.length) take(chunk.subarray(start));
  }
  if (length > 0 || over) yield finish();
}
