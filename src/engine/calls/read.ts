// Streams the call records of files and folders (JSON, lists, list answers, traces, NDJSON line by line) one at a time: one broken file is that file's error.
import { createCallValueSplitter, readCallRecord, readCallValues, readJsonLine, startsNdjson, type CallRecord, type CallValue } from "../../calls/index.js";
import { describeFsError } from "../../host/fs-errors.js";
import { byteSize, DEFAULT_MAX_FILE_BYTES } from "../../host/read-file-bounded.js";
import { requirePathway } from "../project/load-pathway.js";
import { iterateInputs, readInput, type InputRef } from "../project/inputs.js";
import { readByteLines } from "../project/read-lines.js";
import { findEntryByFile, loadManifest } from "../project/manifest.js";
import type { Host } from "../../host/host.js";
import type { Pathway } from "../../model/schema.js";

/** A file, or a part of one, that held no readable call record. */
export interface CallFileProblem {
  path: string;
  line?: number;
  message: string;
}

/** What reading the inputs found, besides the records handed to the callback. */
export interface CallReadSummary {
  files: number;
  records: number;
  /** The first `MAX_LISTED_PROBLEMS` problems; `problemCount` counts them all. */
  problems: CallFileProblem[];
  problemCount: number;
  /** Symbolic links a folder or glob met that lead outside the project: said as warnings, never read, never a failure. */
  skipped: string[];
}

/** Problems listed in full; past this they are only counted, so 100,000 broken files cannot fill memory. */
export const MAX_LISTED_PROBLEMS = 1000;

/** The values of text read whole (stdin, a file the host gives only whole): see readCallValues. */
function* valuesOfBytes(bytes: Uint8Array, ndjson: boolean): Generator<CallValue> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    yield { problem: "not UTF-8 text" };
    return;
  }
  // An empty file is said to hold no record, not called broken JSON ("Unexpected end of JSON input").
  if (text.trim() === "") return;
  yield* readCallValues(text, { ndjson });
}

/** The call values of NDJSON lines, one line at a time (a line over `maxLineBytes` is that line's problem). */
async function* valuesOfLines(chunks: AsyncIterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<CallValue> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const splitter = createCallValueSplitter();
  for await (const item of readByteLines(chunks, maxLineBytes)) {
    if ("tooLong" in item) {
      yield* splitter.add({
        problem: `line ${item.line} is ${byteSize(item.tooLong)}, over the limit of ${byteSize(maxLineBytes)} a line (one record) may have: not read; raise it with --max-file-size or PATHWAYKIT_MAX_FILE_SIZE if a record really is that large`,
        line: item.line,
      });
      continue;
    }
    let text: string;
    try {
      // The decoder takes a byte order mark off the first line only, as it should: the stream is one text.
      text = item.line === 1 ? decoder.decode(item.bytes) : new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(item.bytes);
    } catch {
      yield* splitter.add({ problem: `line ${item.line} is not UTF-8 text`, line: item.line });
      continue;
    }
    for (const value of readJsonLine(text, item.line)) yield* splitter.add(value);
  }
  yield* splitter.end();
}

/** True for a byte that is JSON whitespace. */
const isBlank = (byte: number) => byte === 32 || byte === 9 || byte === 13 || byte === 10;

/**
 * Reads `chunks` until it is known whether a file is NDJSON: its first line, when non-blank text follows it (else the
 * file is one document), or its end, or more than `maxLine` bytes without a line feed. A first line followed by more
 * than `maxLine` bytes in all of blank space is given too: read line by line, blank lines are nothing, so the space is
 * never held. Each chunk is looked at once.
 */
async function peekFirstLine(chunks: AsyncIterator<Uint8Array>, maxLine: number): Promise<{ peeked: Uint8Array[]; ended: boolean; firstLine?: Uint8Array }> {
  const peeked: Uint8Array[] = [];
  let size = 0;
  let lineEnd = -1;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { peeked, ended: true };
    const chunk = next.value;
    peeked.push(chunk);
    let from = 0;
    if (lineEnd < 0) {
      const at = chunk.indexOf(10);
      if (at >= 0) {
        lineEnd = size + at;
        from = at + 1;
      }
    }
    size += chunk.length;
    if (lineEnd >= 0) {
      let more = size > maxLine;
      for (let k = from; k < chunk.length && !more; k++) more = !isBlank(chunk[k]!);
      if (more) return { peeked, ended: false, firstLine: Buffer.concat(peeked, lineEnd) };
    } else if (size > maxLine) return { peeked, ended: false };
  }
}

/**
 * The call values of one input. NDJSON (`.ndjson`, `.jsonl`, or a `.json` file whose first line is a whole JSON object
 * with more after it) is read line by line from the host's chunks, so its size has no limit and memory holds one line;
 * anything else is one JSON document, read whole within the host's file limit. A file the host reads only whole, and
 * stdin, are read whole.
 */
async function* readCallInput(host: Host, ref: InputRef): AsyncGenerator<CallValue | { unreadable: string }> {
  const ndjson = /\.(ndjson|jsonl)$/i.test(ref.path);
  const maxLine = host.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const whole = async function* (): AsyncGenerator<CallValue | { unreadable: string }> {
    const read = await readInput(host, ref);
    if (read.problem || !read.bytes) {
      const message = read.problem?.message ?? `${ref.path}: cannot be read`;
      // A calls file over the limit of a whole read can be read line by line instead, without one.
      yield {
        unreadable:
          /over the limit of .* read whole/.test(message) && ref.file !== undefined
            ? `${message} A calls file of many records can be NDJSON instead (one record per line, *.ndjson), which is read a line at a time whatever its size.`
            : message,
      };
      return;
    }
    yield* valuesOfBytes(read.bytes, ndjson);
  };
  if (ref.file === undefined || !host.readFileChunks) return yield* whole();
  const chunks = host.readFileChunks(ref.file)[Symbol.asyncIterator]();
  let peeked: Uint8Array[] = [];
  if (!ndjson) {
    // Enough of a .json file to tell NDJSON (a whole object on the first line, more after it) from one document.
    let first: Awaited<ReturnType<typeof peekFirstLine>>;
    try {
      first = await peekFirstLine(chunks, maxLine);
    } catch (error) {
      yield { unreadable: describeFsError(error, ref.path) };
      return;
    }
    peeked = first.peeked;
    if (first.firstLine === undefined || !startsNdjson(new TextDecoder().decode(first.firstLine).trim())) {
      await chunks.return?.();
      // The file is in hand when it ended within the limit; else it is read whole, within the host's limit.
      const size = peeked.reduce((n, p) => n + p.length, 0);
      if (first.ended && size <= (host.maxFileBytes ?? Infinity)) return yield* valuesOfBytes(Buffer.concat(peeked), false);
      return yield* whole();
    }
  }
  const rest = async function* (): AsyncGenerator<Uint8Array> {
    // One chunk at a time, so a chunk passed on is not held while the rest are read.
    for (let chunk = peeked.shift(); chunk !== undefined; chunk = peeked.shift()) yield chunk;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  try {
    yield* valuesOfLines(rest(), maxLine);
  } catch (error) {
    // A file that cannot be opened, or fails part way: what was read before counts.
    yield { unreadable: describeFsError(error, ref.path) };
  }
}

/**
 * Calls `onRecord` for every call record in `args` (files, folders searched for *.json, *.ndjson and *.jsonl, globs,
 * `-`), one file at a time and NDJSON one line at a time, so memory holds one record and the names of a folder's files,
 * never the whole set. Nothing is thrown for a bad file.
 */
export async function forEachCallRecord(host: Host, args: readonly string[], onRecord: (record: CallRecord, where: string) => void): Promise<CallReadSummary> {
  const summary: CallReadSummary = { files: 0, records: 0, problems: [], problemCount: 0, skipped: [] };
  const problem = (p: CallFileProblem) => {
    summary.problemCount++;
    // A file error's message starts with the file's path (describeFsError), which the problem's `path` already says.
    const own = `${p.path}: `;
    if (summary.problems.length < MAX_LISTED_PROBLEMS) summary.problems.push(p.message.startsWith(own) ? { ...p, message: p.message.slice(own.length) } : p);
  };
  for await (const ref of iterateInputs(host, "call", args)) {
    if (ref.skipped) {
      if (summary.skipped.length < MAX_LISTED_PROBLEMS) summary.skipped.push(`${ref.path}: ${ref.problem!.message}`);
      continue;
    }
    if (ref.problem) {
      problem({ path: ref.path, message: ref.problem.message });
      continue;
    }
    let unreadable = false;
    let any = false;
    for await (const item of readCallInput(host, ref)) {
      if ("unreadable" in item) {
        problem({ path: ref.path, message: item.unreadable });
        unreadable = true;
        continue;
      }
      any = true;
      const line = item.line === undefined ? {} : { line: item.line };
      if ("problem" in item) {
        problem({ path: ref.path, ...line, message: item.problem });
        continue;
      }
      const result = readCallRecord(item.value);
      if ("problem" in result) {
        problem({ path: ref.path, ...line, message: result.problem });
        continue;
      }
      summary.records++;
      onRecord(result.record, item.line === undefined ? ref.path : `${ref.path}:${item.line}`);
    }
    // A file that could not be opened is not a file read; one that failed part way is. One that held nothing (empty,
    // or NDJSON of blank lines) is said so: a calls file is never counted as no calls in silence.
    if (!unreadable && !any) problem({ path: ref.path, message: "holds no call record: it is empty or blank" });
    if (!unreadable || any) summary.files++;
  }
  return summary;
}

/** The pathway calls are mapped onto, with the remote id that tells its calls from others' (the flag, else the manifest's entry). */
export async function loadCallsPathway(host: Host, arg: string, pathwayId?: string): Promise<{ pathway: Pathway; path: string; pathwayId?: string }> {
  const loaded = await requirePathway(host, arg);
  let id = pathwayId;
  if (id === undefined && arg !== "-") {
    try {
      id = findEntryByFile(await loadManifest(host), host.cwd, arg)?.id;
    } catch {
      // A broken manifest only means calls of other pathways are not told apart here; the commands that own it say why.
    }
  }
  return { pathway: loaded.pathway, path: loaded.path, ...(id === undefined ? {} : { pathwayId: id }) };
}
