// A bounded pool for I/O: at most `limit` requests or file operations in flight, results in input order.

/**
 * Runs `work` over `items` with at most `limit` at a time (at least one), keeping results in input order. The first
 * rejection rejects the whole; work already started is not cancelled.
 *
 * Why not p-map or p-limit: this is the one behaviour every caller needs (fetch, log, version markers, scenario file
 * writes), in a dozen lines, where either package is another install and a differing error policy.
 */
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
