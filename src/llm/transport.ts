// One HTTP exchange with a model provider, as data: what is sent and what came back; the engine's transport sends it with a capped body reader.

/** A request to a model provider, built by the provider's module; `url` is where it goes, the rest is what it says. */
export interface ModelExchange {
  provider: string;
  /** The endpoint below the base URL (`chat/completions`, `v1/messages`): recordings are keyed by it, not by the host. */
  endpoint: string;
  url: string;
  method: "POST";
  headers: Record<string, string>;
  body: string;
}

/** The provider's answer: its status and body text. */
export interface ModelAnswer {
  status: number;
  body: string;
  /** The Retry-After header of a 429 or 503, when sent. */
  retryAfter?: string;
}

/**
 * Sends one exchange and returns the answer; rejects on a network failure, a timeout (`signal`) or an answer over the
 * size cap, with a message that says which. The engine's sends through the host's fetch; recordings replay without one.
 */
export type ModelTransport = (exchange: ModelExchange, signal?: AbortSignal) => Promise<ModelAnswer>;

/** Header names that carry credentials: never part of a recording or its key. */
export function isCredentialHeader(name: string): boolean {
  return /authorization|api[-_]?key|token|secret|cookie|credential/i.test(name);
}
