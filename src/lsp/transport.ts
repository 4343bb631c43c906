// The server's end of the stream: vscode-jsonrpc's own reader and writer, with the reader's error and stall events turned into a clean end or a logged skip.
import { constants } from "node:buffer";
import { StreamMessageReader, StreamMessageWriter, type Message, type MessageReader, type MessageWriter } from "vscode-languageserver/node.js";

const MAX_LENGTH = constants.MAX_LENGTH;

/**
 * Longest header block read before its blank line: a real one is two short lines (Content-Length, Content-Type). The
 * reader scans its whole buffer for the blank line on every chunk, so a header that never ends cost time growing with
 * the square of its length (40 MB: 12 s of CPU) and held every byte.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** What `createTransport` reports about the stream. */
export interface TransportEvents {
  /** The framing is broken (a bad Content-Length, a header without one, a body that never completes): nothing after it can be read. Called once. */
  fatal(reason: string): void;
  /**
   * One message arrived whole but its body is not JSON, or acting on it threw: it was skipped, and the next message is
   * read as usual.
   */
  skipped(reason: string): void;
}

/** Options of `createTransport`. */
export interface TransportOptions {
  /**
   * How long a message may stay incomplete, with no byte arriving, before the stream is taken as broken. Default 5000 ms:
   * a client writes each message at once, so a body that stops arriving means a Content-Length larger than what was sent.
   */
  stallMs?: number;
}

/** A message whose frame was read whole but whose body did not decode: the stream is still in step after it. */
class UndecodableBody extends Error {}

/**
 * The default application/json decoder, with its failures marked: vscode-jsonrpc reports a body that is not JSON and a
 * broken header through the same error event, and only the first leaves the stream readable.
 */
function markingJsonDecoder() {
  const decoder = new TextDecoder("utf-8");
  return {
    name: "application/json",
    decode(buffer: Uint8Array): Promise<Message> {
      try {
        return Promise.resolve(JSON.parse(decoder.decode(buffer)) as Message);
      } catch (error) {
        return Promise.reject(new UndecodableBody(error instanceof Error ? error.message : String(error)));
      }
    },
  };
}

/** The part of the reader's private message buffer that parses a header block (vscode-jsonrpc 8). */
interface HeaderParser {
  tryReadHeaders(lowerCaseKeys?: boolean): Map<string, string> | undefined;
  readonly numberOfBytes?: number;
}

/**
 * Makes `reader` refuse a header block past MAX_HEADER_BYTES, and a Content-Length that is not a plain byte count,
 * through its own header parser. The reader passes the length to parseInt and uses what comes back: `-1` is its own
 * "no length read yet" mark, so it takes the bytes after the header as a body without any error and is then out of
 * step with the stream for good; `12abc` reads as 12; 26 digits as 1.2e25 bytes, which it waits for. Thrown here, the
 * error lands in the reader's own catch and comes out of its error event like the errors it finds itself.
 * vscode-jsonrpc has no option for this; should a later version rename the buffer, the check is skipped and the tests
 * of these frames fail.
 */
function checkHeaders(reader: StreamMessageReader): void {
  const buffer = (reader as unknown as { buffer?: HeaderParser }).buffer;
  if (typeof buffer?.tryReadHeaders !== "function") return;
  const parse = buffer.tryReadHeaders.bind(buffer);
  buffer.tryReadHeaders = (lowerCaseKeys) => {
    const headers = parse(lowerCaseKeys);
    // Without the blank line every byte held is header: past the cap no real client is writing.
    if (headers === undefined && (buffer.numberOfBytes ?? 0) > MAX_HEADER_BYTES)
      throw new Error(`a header block of more than ${MAX_HEADER_BYTES / 1024} KiB without the blank line that ends it`);
    const length = headers && [...headers].find(([key]) => key.toLowerCase() === "content-length")?.[1];
    // Larger than a Buffer can hold: no such message can ever be read.
    if (length !== undefined && (!/^\d+$/.test(length) || Number(length) > MAX_LENGTH))
      throw new Error(`Content-Length is "${length.slice(0, 40)}", not a byte count the server can read`);
    return headers;
  };
}

/** The first line of an error's message: the reader appends the raw header block on the lines after it. */
const firstLine = (error: Error) => error.message.split("\n")[0]!.trim();

/**
 * Makes a message whose handling throws in the connection's own dispatch a skipped message, not a broken stream. The
 * reader reports such a throw on its error event, as it reports a broken frame, but the message was read whole and
 * the stream is in step: a `$/cancelRequest` without `params.id` (vscode-jsonrpc reads `params.id` unchecked) ended
 * the server with exit 1.
 */
function skipThrowingMessages(reader: StreamMessageReader, skipped: (reason: string) => void): void {
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) =>
    listen((message) => {
      try {
        callback(message);
      } catch (error) {
        const method = (message as { method?: unknown }).method;
        skipped(
          `a ${typeof method === "string" ? `${method.slice(0, 100)} ` : ""}message the server could not act on (${error instanceof Error ? firstLine(error) : String(error)})`,
        );
      }
    });
}

/**
 * A reader and writer over `input`/`output` for `createProtocolConnection`. vscode-jsonrpc's reader reports a header
 * without a usable Content-Length (`abc`, none at all, a line without a colon, and with checkHeaders `-1` or 26
 * digits) on its error event and then reads on from wherever it stopped, which is mid-message: the connection ignores
 * that event, so the server went silent. A Content-Length larger than what follows raises no error: the reader waits
 * for the bytes, and only its partial-message event, fired after `stallMs` without data, says so. Both end the stream
 * through `events.fatal`. The partial-message event fires only while a body is incomplete: a message sent with no
 * header at all and nothing after it is still waited for, as any header still arriving is.
 */
export function createTransport(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  events: TransportEvents,
  options: TransportOptions = {},
): { reader: MessageReader; writer: MessageWriter } {
  const stallMs = options.stallMs ?? 5000;
  const reader = new StreamMessageReader(input, { contentTypeDecoder: markingJsonDecoder() });
  checkHeaders(reader);
  skipThrowingMessages(reader, events.skipped);
  reader.partialMessageTimeout = stallMs;
  // Counted beside the reader's own listener: both are attached in the server's first synchronous pass, before any chunk.
  let chunks = 0;
  input.on("data", () => chunks++);
  let ended = false;
  const fatal = (reason: string) => {
    if (ended) return;
    ended = true;
    events.fatal(reason);
  };
  reader.onError((error) => {
    if (error instanceof UndecodableBody) events.skipped(`a message whose body is not JSON (${error.message})`);
    else fatal(`the client sent a broken message frame (${firstLine(error)}); the stream cannot be read past it`);
  });
  reader.onPartialMessage(() => {
    const seen = chunks;
    // The timer may fire first thing after the loop was busy for longer than stallMs, with the rest of the message
    // waiting to be read: the poll phase reads it before this immediate runs, and the message goes on.
    setImmediate(() => {
      if (chunks === seen) fatal(`a message announced more bytes than arrived, and none came for ${stallMs / 1000} s (is its Content-Length right?)`);
    });
  });
  const writer = new StreamMessageWriter(output);
  refuseBeforeInitialize(reader, writer);
  return { reader, writer };
}

/** JSON-RPC's ServerNotInitialized, which the LSP specification asks for. */
const SERVER_NOT_INITIALIZED = -32002;

/**
 * Until `initialize` arrives, answers every other request with ServerNotInitialized and drops every notification but
 * `exit`, as the LSP specification asks: vscode-languageserver would act on them (a `textDocument/didOpen` analysed
 * with no settings, a `shutdown` answered) and a client would take the server for ready.
 */
function refuseBeforeInitialize(reader: StreamMessageReader, writer: MessageWriter): void {
  let initialized = false;
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) =>
    listen((message) => {
      // What is not a message at all goes on, to be told apart and skipped by the connection as before.
      if (initialized || typeof message !== "object" || message === null || Array.isArray(message)) return callback(message);
      const { id, method } = message as { id?: unknown; method?: unknown };
      if (method === undefined || method === "exit") return callback(message);
      if (method === "initialize" && id !== undefined) {
        initialized = true;
        return callback(message);
      }
      if (id === undefined) return;
      void writer.write({
        jsonrpc: "2.0",
        id: typeof id === "number" || typeof id === "string" ? id : null,
        error: { code: SERVER_NOT_INITIALIZED, message: "the server has not received initialize yet" },
      } as Message);
    });
}
