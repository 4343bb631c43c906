// The one Host and Origin check of pathwaykit's loopback servers (report --serve, calls listen): DNS rebinding and cross-site pages are refused.
import type { IncomingHttpHeaders } from "node:http";

/** Options of `createLoopbackGuard`. */
export interface LoopbackGuardOptions {
  /**
   * More Host values to answer, exactly as clients send them (lower case compared): the public name of a tunnel that
   * forwards the original Host, e.g. `abc.example-tunnel.app`. Default: none, only the loopback addresses.
   */
  allowedHosts?: readonly string[];
}

/** Checks each request of a server on 127.0.0.1 against the names it answers at. */
export interface LoopbackGuard {
  /** A sentence saying why a request is refused (answer 403), or undefined when it may be answered. */
  check(headers: IncomingHttpHeaders): string | undefined;
}

/**
 * A guard for a server listening on 127.0.0.1 at `port()` (a function: the port is known once listening). A page on
 * another site can reach a loopback port by DNS rebinding (its own name resolved to 127.0.0.1): the browser then
 * sends that name as Host, so any Host but `127.0.0.1:<port>`, `localhost:<port>` (and `allowedHosts`) is refused. A
 * page that posts to the loopback address directly sends its own Origin, so a request that carries an Origin whose
 * host is not one of those is refused too; servers and tools that post webhooks send no Origin.
 */
export function createLoopbackGuard(port: () => number, options: LoopbackGuardOptions = {}): LoopbackGuard {
  const extra = (options.allowedHosts ?? []).map((h) => h.toLowerCase());
  const hosts = () => new Set([`127.0.0.1:${port()}`, `localhost:${port()}`, ...extra]);
  return {
    check(headers) {
      const allowed = hosts();
      const host = (headers.host ?? "").toLowerCase();
      if (!allowed.has(host))
        return `this server answers only at 127.0.0.1:${port()}${extra.length > 0 ? " and the hosts allowed" : ""}, not at Host ${JSON.stringify(host.slice(0, 100))}`;
      const origin = headers.origin;
      if (origin === undefined) return undefined;
      let originHost: string | undefined;
      try {
        const url = new URL(origin);
        originHost = url.protocol === "http:" || url.protocol === "https:" ? url.host.toLowerCase() : undefined;
      } catch {
        // "null" (a sandboxed page, a file) and anything unparsable: not one of ours.
      }
      if (originHost === undefined || !allowed.has(originHost))
        return `a page of another site sent this request (Origin ${JSON.stringify(origin.slice(0, 100))})`;
      return undefined;
    },
  };
}
