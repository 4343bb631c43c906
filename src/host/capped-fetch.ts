// The host's fetch as the simulator's FetchLike, every answer read through the remote client's capped body reader.
import { DEFAULT_MAX_RESPONSE_BYTES, readCappedBody, ResponseTooLargeError } from "../remote/read-body.js";
import type { FetchLike } from "../simulate/index.js";
import type { Host } from "./host.js";

/**
 * `host.fetch` for the llm decider and live webhooks: `text()` stops at `maxBytes` (Content-Length checked first, then
 * the bytes as they stream in, the stream cancelled), so an endless or oversized answer from a model endpoint or a
 * webhook URL fails that turn with a message instead of filling memory, as the remote client's answers do.
 */
export function toCappedFetch(host: Host, maxBytes: number = DEFAULT_MAX_RESPONSE_BYTES): FetchLike {
  return async (url, init) => {
    const response = await host.fetch(url, init);
    return {
      ok: response.ok,
      status: response.status,
      text: async () => {
        try {
          return await readCappedBody(response, maxBytes);
        } catch (error) {
          if (error instanceof ResponseTooLargeError) throw new Error(`the answer from ${url} ${error.message} (--max-response raises it)`);
          throw error;
        }
      },
    };
  };
}
