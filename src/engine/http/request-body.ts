// Reads an HTTP request body within a size cap, a shared cap on bytes in flight and an idle timeout; an aborted body is a result, never a throw.
import type { IncomingMessage } from "node:http";

/** The bytes of bodies being read (and still held) at once, across requests: see `createByteBudget`. */
export interface ByteBudget {
  /** Bytes held now. */
  readonly used: number;
  /** Starts a hold of `bytes` (0 for a body of unknown length), or undefined when that would pass the cap. */
  hold(bytes: number): BudgetHold | undefined;
}

/** One request's share of a `ByteBudget`. */
export interface BudgetHold {
  /** Raises the hold to `bytes` (no-op when already that high); false, and unchanged, when that would pass the cap. */
  growTo(bytes: number): boolean;
  /** Gives the bytes back; later calls do nothing. */
  release(): void;
}

/**
 * A cap of `max` bytes shared by every body in flight. A body is held from the moment its request is accepted until
 * its answer is sent, since its text, parsed value and written copy live that long, so the cap bounds the memory that
 * many slow or large requests at once can take, where a cap per body alone does not.
 */
export function createByteBudget(max: number): ByteBudget {
  let used = 0;
  return {
    get used() {
      return used;
    },
    hold(bytes) {
      if (used + bytes > max) return undefined;
      used += bytes;
      let held = bytes;
      let released = false;
      return {
        growTo(total) {
          if (released || total <= held) return !released;
          if (used + (total - held) > max) return false;
          used += total - held;
          held = total;
          return true;
        },
        release() {
          if (released) return;
          released = true;
          used -= held;
        },
      };
    },
  };
}

/** What reading a body gave: its bytes, or why not, with the status to answer when the connection is still there. */
export type BodyRead =
  | { ok: true; body: Buffer }
  /** `status` 413 (larger than the cap) or 503 (the budget is spent): answer it; absent: the connection is gone, only say so. */
  | { ok: false; status?: 413 | 503; reason: string };

/** Options of `readRequestBody`. */
export interface ReadBodyOptions {
  /** Largest body, in bytes. */
  maxBytes: number;
  /** The body is dropped when no byte of it arrives for this long, in milliseconds (a client that trickles). */
  idleMs: number;
  /** This request's share of the bytes in flight; grown as chunks of a body of unknown length arrive. */
  hold: BudgetHold;
}

/** A body being read: its outcome, and a way to drop it with a reason (a timeout seen by the server). */
export interface BodyReader {
  done: Promise<BodyRead>;
  /** Destroys the request and settles `done` with `reason`, unless it has settled already. */
  drop(reason: string): void;
}

/**
 * Reads `req`'s body. Unlike `for await` over the request, nothing is thrown when the client resets or closes the
 * connection part way (an async request handler would turn that throw into an unhandled rejection that ends the
 * process): that, a body over `maxBytes` or over the budget, and a body that stops arriving for `idleMs` are each a
 * `BodyRead` saying why.
 */
export function readRequestBody(req: IncomingMessage, options: ReadBodyOptions): BodyReader {
  const declared = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
  const chunks: Buffer[] = [];
  let size = 0;
  let settle: (read: BodyRead) => void = () => {};
  const done = new Promise<BodyRead>((resolve) => (settle = resolve));
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  const finish = (read: BodyRead, destroy: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.off("data", onData);
    chunks.length = 0;
    settle(read);
    if (destroy) req.destroy();
  };
  const of = () => `after ${size}${declared === undefined ? "" : ` of ${declared}`} bytes of the body`;
  const drop = (reason: string) => finish({ ok: false, reason: `${reason} (${of()})` }, true);
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => drop(`no byte arrived for ${options.idleMs / 1000}s: the client sends too slowly`), options.idleMs);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > options.maxBytes) return finish({ ok: false, status: 413, reason: `the body is larger than ${options.maxBytes} bytes` }, false);
    if (!options.hold.growTo(size))
      return finish({ ok: false, status: 503, reason: "too many bytes of bodies are being read at once; send it again later" }, false);
    chunks.push(chunk);
    arm();
  };
  req.on("data", onData);
  req.once("end", () => finish({ ok: true, body: Buffer.concat(chunks, size) }, false));
  // Without a listener an aborted request's error is dropped by Node; with one, it must not escape: it is the result.
  req.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, reason: `the connection failed ${of()} (${error.code ?? error.message})` }, false));
  req.once("close", () => finish({ ok: false, reason: `the client closed the connection ${of()}` }, false));
  arm();
  return { done, drop };
}
