// Raw HTTP/1.1 over a loopback socket for hostile-input tests: the bytes go out as written, and every answer is read back however the server ends the connection.
import net from "node:net";

/** What the server answered to one raw exchange. */
export interface RawAnswer {
  /** Final status codes, in order: a pipelined request gets one each (a 100 Continue is in `interim`). */
  statuses: number[];
  /** 1xx status codes, in order. */
  interim: number[];
  /** The first final status line's code, even when its body never ended (an event stream); undefined without one. */
  first?: number;
  /** Everything the server sent, as Latin-1 text (each byte one character). */
  text: string;
  /** How it ended: the server closed the connection, reset it, or the wait ran out (the socket was then destroyed). */
  ended: "closed" | "reset" | "waited";
}

/** Options of `rawExchange`. */
export interface RawOptions {
  /** Complete answers to wait for before hanging up (default 1; 0 waits for the server to close or `waitMs`). */
  answers?: number;
  /** Longest wait, in ms (default 10,000): the absence of a hang, not a timing claim. */
  waitMs?: number;
  /** The request was HEAD: its answers carry no body whatever their headers say. */
  head?: boolean;
  /** Pieces of `bytes` are written this many ms apart (a slow or split client). Default 0: all at once. */
  gapMs?: number;
  /** Also stop once this holds for the text so far (an event stream never completes). */
  until?: (text: string) => boolean;
}

/** The end of one answer that starts at `from` in `text`, or -1 while it is incomplete; also its status. */
function answerEnd(text: string, from: number, head: boolean): { end: number; status: number; toClose?: boolean } | undefined {
  const split = text.indexOf("\r\n\r\n", from);
  if (split === -1) return undefined;
  const lines = text.slice(from, split).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? NaN);
  if (!Number.isInteger(status)) return undefined;
  const header = (name: string) =>
    lines
      .find((l) => l.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim()
      .toLowerCase();
  const bodyStart = split + 4;
  if (head || status < 200 || status === 204 || status === 304) return { end: bodyStart, status };
  const length = header("content-length");
  if (length !== undefined) return { end: text.length >= bodyStart + Number(length) ? bodyStart + Number(length) : -1, status };
  if (header("transfer-encoding") === "chunked") {
    for (let at = bodyStart; ; ) {
      const eol = text.indexOf("\r\n", at);
      if (eol === -1) return { end: -1, status };
      const size = parseInt(text.slice(at, eol), 16);
      if (size === 0) {
        const trailerEnd = text.indexOf("\r\n", eol + 2);
        return { end: trailerEnd === -1 ? -1 : trailerEnd + 2, status };
      }
      at = eol + 2 + size + 2;
      if (at > text.length) return { end: -1, status };
    }
  }
  // No length (an HTTP/1.0 answer): the body runs to the end of the connection.
  return { end: -1, status, toClose: true };
}

/** Parses what arrived so far into complete answers (`closed`: the connection ended, so a body without a length is whole). */
function parseAnswers(text: string, head: boolean, closed = false): { statuses: number[]; interim: number[] } {
  const statuses: number[] = [];
  const interim: number[] = [];
  for (let at = 0; at < text.length; ) {
    const answer = answerEnd(text, at, head);
    if (answer?.toClose && closed) {
      statuses.push(answer.status);
      break;
    }
    if (!answer || answer.end === -1) break;
    (answer.status < 200 ? interim : statuses).push(answer.status);
    at = answer.end;
  }
  return { statuses, interim };
}

/**
 * Opens a connection to 127.0.0.1:`port`, writes `bytes` (pieces `gapMs` apart) and reads until the answers asked
 * for are complete, the server ends the connection, or `waitMs` passes. Never rejects: a refused or reset connection is
 * an outcome.
 */
export function rawExchange(port: number, bytes: string | Buffer | readonly (string | Buffer)[], options: RawOptions = {}): Promise<RawAnswer> {
  const want = options.answers ?? 1;
  const pieces = Array.isArray(bytes) ? (bytes as (string | Buffer)[]) : [bytes as string | Buffer];
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let ended: RawAnswer["ended"] = "closed";
    let done = false;
    const socket = net.connect(port, "127.0.0.1");
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const first = /^HTTP\/1\.[01] ([2-5]\d\d)/m.exec(text)?.[1];
      resolve({ ...parseAnswers(text, options.head === true, true), text, ended, ...(first !== undefined && { first: Number(first) }) });
    };
    const timer = setTimeout(() => ((ended = "waited"), finish()), options.waitMs ?? 10_000);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("latin1");
      if ((want > 0 && parseAnswers(text, options.head === true).statuses.length >= want) || options.until?.(text)) finish();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") ended = "reset";
      finish();
    });
    socket.on("close", finish);
    socket.on("connect", async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0 && options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
        if (done || socket.destroyed) return;
        socket.write(typeof piece === "string" ? Buffer.from(piece, "utf8") : piece);
      }
    });
  });
}

/** A request as text: request line, headers in the order given (a header may repeat), blank line, body. */
export function rawRequest(method: string, target: string, headers: readonly (readonly [string, string])[], body: string | Buffer = ""): Buffer {
  const head = `${method} ${target} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), typeof body === "string" ? Buffer.from(body, "utf8") : body]);
}
