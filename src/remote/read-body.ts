// Reads an HTTP answer's body with a byte cap, so an endless, huge or decompression-bomb answer stops at the limit.

/** 64 MiB: the largest answer accepted by default, decompressed; far above any real pathway (the corpus's largest is under 1 MB), far below what hurts a CI runner. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The answer is larger than the cap; `message` says by which measure (Content-Length or bytes streamed). */
export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes} bytes`;
}

/**
 * The body of `response` as UTF-8 text (a leading byte-order mark dropped), refusing more than `maxBytes`: see
 * `readCappedBytes`.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(response, maxBytes));
}

/**
 * The bytes of `response`'s body, refusing more than `maxBytes`. The cap is checked twice: on Content-Length before
 * reading (a declared 10 GiB is refused at once), and on the bytes as they stream in, after fetch has undone any
 * content-encoding; so an endless chunked body or a gzip bomb is cut off at the limit, and the stream is cancelled
 * (which also stops the decompressor).
 */
export async function readCappedBytes(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = response.headers.get("content-length");
  // With a content-encoding the header counts compressed bytes; more than the cap compressed is more than the cap.
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(`declares ${mib(Number(declared))} (Content-Length), over the limit of ${mib(maxBytes)}`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(`is over the limit of ${mib(maxBytes)}`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
