// Reads an input file with a size cap (or in chunks, for files read by lines), and only if it is a regular file: no FIFO that blocks, no /dev/zero that never ends.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { fsError } from "./fs-errors.js";

/** 256 MiB: far above real pathways (the largest known is a few MB), low enough that a runaway input fails fast. */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;

/** A byte count as limits are said: "512 bytes", "1.5 MiB". */
export function byteSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes} bytes`;
}

function kindOf(stat: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  if (stat.isDirectory()) return "a directory";
  return "not a regular file";
}

/**
 * The fstat of an open descriptor (opened with O_NONBLOCK, which Windows lacks and does not need: opening a pipe by
 * name does not block there), refusing anything but a regular file with EISDIR or ENOTREGULAR.
 */
function regularFileStat(fd: number): Stats {
  const stat = fstatSync(fd);
  if (stat.isFile()) return stat;
  if (stat.isDirectory()) throw fsError("EISDIR", `is a directory`);
  throw fsError("ENOTREGULAR", `is ${kindOf(stat)}, not a regular file; pathwaykit reads only files (pipe data in with - for stdin).`);
}

/**
 * The bytes of `file`, refusing anything but a regular file and anything over `maxBytes`. The file is opened
 * non-blocking (so opening a FIFO does not wait for a writer), checked with fstat on that same descriptor (no race
 * with a rename), and the cap is checked again while reading, so a file that grows while it is read stops at the
 * limit. Refusals are errors with `code` ENOTREGULAR or EFBIG and a message without the path (describeFsError adds
 * it); anything else is the usual errno error (ENOENT, EACCES...).
 *
 * The calls are synchronous, as ESLint reads its files: callers read one file after another, and each asynchronous call
 * is a round trip through libuv's thread pool (five of them cost about 2 ms of a `pathway validate` start), where
 * node:fs/promises would also load readline and the file watchers on first use.
 */
export async function readFileBounded(file: string, maxBytes: number = DEFAULT_MAX_FILE_BYTES): Promise<Uint8Array> {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = regularFileStat(fd);
    if (stat.size > maxBytes) throw tooLarge(stat.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // One byte more than the size left, so a whole file is read in one call, then a small pooled buffer that finds
      // the end: 64 KiB twice per file (the old minimum) cost 12 GB of short-lived memory over 100,000 call records.
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(stat.size - total + 1, 1024), maxBytes + 1 - total, 16 * 1024 * 1024));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(total, maxBytes, true);
      chunks.push(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(bytes: number, maxBytes: number, growing = false): NodeJS.ErrnoException {
  const what = growing ? `grew past ${byteSize(maxBytes)} while being read` : `is ${byteSize(bytes)}`;
  return fsError(
    "EFBIG",
    `${what}, over the limit of ${byteSize(maxBytes)} read whole; raise it with --max-file-size or PATHWAYKIT_MAX_FILE_SIZE if the file really is that large.`,
  );
}

/** Bytes read per chunk by readFileChunks: large enough that reading costs little beside parsing, small beside a record. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of `file` in chunks, refusing anything but a regular file (as readFileBounded) but not its size: for
 * files read a line at a time, which hold one line's bytes at once, not the file's. Reads the file as it was when
 * opened: a file that grows meanwhile stops at its size then, so a log being written is never followed forever.
 */
export async function* readFileChunks(file: string): AsyncGenerator<Uint8Array> {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = regularFileStat(fd);
    for (let total = 0; total < stat.size; ) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, stat.size - total));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A stream of bytes or text, such as standard input. Typed by shape, not as `NodeJS.ReadableStream`: the published
 * types then compile for a user whose project loads no @types/node (`tsc --init` writes `"types": []`).
 */
export type ByteStream = AsyncIterable<Uint8Array | string> & { destroy?: () => void };

/** Reads a stream (stdin) to its end, refusing more than `maxBytes`; the stream is destroyed at the limit. */
export async function readStreamBounded(stream: ByteStream, maxBytes: number = DEFAULT_MAX_FILE_BYTES): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buffer.length;
    if (total > maxBytes) {
      stream.destroy?.();
      throw fsError("EFBIG", `is over the limit of ${byteSize(maxBytes)}; raise it with --max-file-size or PATHWAYKIT_MAX_FILE_SIZE.`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}
