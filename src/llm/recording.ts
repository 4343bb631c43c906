// Recorded model exchanges: the key of a request (a hash of its canonical JSON, credentials left out), and transports that record answers or replay them with no network.
import { createHash } from "node:crypto";
import { toCanonicalJson } from "../model/canonical.js";
import { isCredentialHeader, type ModelAnswer, type ModelExchange, type ModelTransport } from "./transport.js";

/** A request as a recording keeps it: no URL host (the same recordings replay whichever endpoint made them) and no credentials. */
export interface RecordedRequest {
  provider: string;
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  /** The request body, parsed. */
  body: unknown;
}

/** The answers one request got, in the order it was sent (a repeated scenario sends the same first request each run). */
export interface Recording {
  key: string;
  request: RecordedRequest;
  answers: { status: number; body: unknown }[];
}

/** Where recordings are kept: one entry per key (the engine's is a folder of `<key>.json` files). */
export interface RecordingStore {
  read(key: string): Promise<Recording | undefined>;
  write(recording: Recording): Promise<void>;
}

/** A replayed run asked for a request no recording holds (or more answers to it than were recorded). */
export class RecordingMissError extends Error {
  override readonly name = "RecordingMissError";
  constructor(
    readonly key: string,
    readonly provider: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request as recorded: headers lower-cased without credentials, the body parsed. */
export function toRecordedRequest(exchange: ModelExchange): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.headers)) if (!isCredentialHeader(name)) headers[name.toLowerCase()] = value;
  let body: unknown;
  try {
    body = JSON.parse(exchange.body);
  } catch {
    body = exchange.body;
  }
  return { provider: exchange.provider, endpoint: exchange.endpoint, method: exchange.method, headers, body };
}

/** `sha256:<hex>` of the request's canonical JSON (sorted keys), credentials left out: equal requests, equal keys. */
export function getRecordingKey(exchange: ModelExchange): string {
  return (
    "sha256:" +
    createHash("sha256")
      .update(toCanonicalJson(toRecordedRequest(exchange)))
      .digest("hex")
  );
}

function toStored(answer: ModelAnswer): { status: number; body: unknown } {
  try {
    return { status: answer.status, body: JSON.parse(answer.body) };
  } catch {
    // A body that is not JSON is kept as its text, so a hostile answer replays as it came.
    return { status: answer.status, body: answer.body };
  }
}

function fromStored(stored: { status: number; body: unknown }): ModelAnswer {
  return { status: stored.status, body: typeof stored.body === "string" ? stored.body : JSON.stringify(stored.body) };
}

/**
 * Sends through `inner` and records every answer under its request's key; a request sent again in the same run adds
 * its answer after the first (the first answer of a run replaces what an older recording held).
 */
export function createRecordingTransport(inner: ModelTransport, store: RecordingStore): ModelTransport {
  const made = new Map<string, Recording>();
  // One write at a time per key, so concurrent runs cannot interleave a file.
  const writing = new Map<string, Promise<void>>();
  return async (exchange, signal) => {
    const answer = await inner(exchange, signal);
    const key = getRecordingKey(exchange);
    let recording = made.get(key);
    if (!recording) made.set(key, (recording = { key, request: toRecordedRequest(exchange), answers: [] }));
    recording.answers.push(toStored(answer));
    const snapshot: Recording = { ...recording, answers: [...recording.answers] };
    const done = (writing.get(key) ?? Promise.resolve()).then(() => store.write(snapshot));
    writing.set(
      key,
      done.catch(() => undefined),
    );
    await done;
    return answer;
  };
}

/**
 * Answers from `store` with no network: the n-th time a request is sent in the run it gets the n-th answer recorded
 * for it. A request never recorded (a changed pathway, persona, judge or model changes it) rejects with a
 * RecordingMissError, never with a made-up answer.
 */
export function createReplayTransport(store: RecordingStore): ModelTransport {
  const used = new Map<string, number>();
  return async (exchange) => {
    const key = getRecordingKey(exchange);
    const recording = await store.read(key);
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    const stored = recording?.answers[n];
    if (!recording || !stored) {
      const why = recording ? `it was recorded ${recording.answers.length} time(s) and this run sends it again` : "no recording holds this request";
      throw new RecordingMissError(key, exchange.provider, `${why} (${exchange.provider} ${exchange.endpoint}, key ${key.slice(0, 19)}…)`);
    }
    return fromStored(stored);
  };
}
