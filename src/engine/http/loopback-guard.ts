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
  /**
   * A sentence saying why a request is refused (answer 403), or undefined when it may be answered. `target` is the
   * request line's target (`req.url`): one naming a host (`POST http://elsewhere/ HTTP/1.1`) must name this server.
   */
  check(headers: IncomingHttpHeaders, target?: string): string | undefined;
}

/**
 * A guard for a server listening on 127.0.0.1 at `port()` (a function: the port is known once listening). A page on
 * another site can reach a loopback port by DNS rebinding (its own name resolved to 127.0.0.1): the browser then
 * sends that name as Host, so any Host but `127.0.0.1:<port>`, `localhost:<port>` (and `allowedHosts`) is refused. A
 * page that posts to the loopback address directly sends its own Origin, so a request that carries an Origin whose
 * host is not one of those is refused too; servers and tools that post webhooks send no Origin. A request whose target
 * names a host (absolute form) is addressed to that host whatever its Host header says (RFC 9112, 3.2.2): it is
 * refused unless that host is one of these. On port 80 a client leaves the port out, so the bare names count too.
 */
export function createLoopbackGuard(port: () => number, options: LoopbackGuardOptions = {}): LoopbackGuard {
  const extra = (options.allowedHosts ?? []).map((h) => h.toLowerCase());
  const hosts = () => new Set([`127.0.0.1:${port()}`, `localhost:${port()}`, ...(port() === 80 ? ["127.0.0.1", "localhost"] : []), ...extra]);
  /** The host (name and port as URL writes them) of an http(s) URL, or undefined for anything else. */
  const hostOf = (text: string): string | undefined => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:" ? url.host.toLowerCase() : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    check(headers, target) {
      const allowed = hosts();
      const host = (headers.host ?? "").toLowerCase();
      if (!allowed.has(host))
        return `this server answers only at 127.0.0.1:${port()}${extra.length > 0 ? " and the hosts allowed" : ""}, not at Host ${JSON.stringify(host.slice(0, 100))}`;
      // "/path" is the usual form and "*" names no host (OPTIONS *); anything else names the host it is for.
      if (target !== undefined && !target.startsWith("/") && target !== "*") {
        const named = hostOf(target);
        if (named === undefined || !allowed.has(named)) return `the request is addressed to ${JSON.stringify(target.slice(0, 100))}, not to this server`;
      }
      const origin = headers.origin;
      if (origin === undefined) return undefined;
      // "null" (a sandboxed page, a file) and anything unparsable have no host: not one of ours.
      const originHost = hostOf(origin);
      if (originHost === undefined || !allowed.has(originHost))
        return `a page of another site sent this request (Origin ${JSON.stringify(origin.slice(0, 100))})`;
      return undefined;
    },
  };
}
