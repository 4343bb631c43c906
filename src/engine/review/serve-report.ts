// `pathway report --serve`: the report page over HTTP on 127.0.0.1 only, reloaded in the browser (server-sent events) on each rewrite.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ReportData } from "../../report/report-data.js";
import { getReportCsp, toReportHtml } from "../../report/report-html.js";
import { EngineError } from "../../host/errors.js";
import { createLoopbackGuard } from "../http/loopback-guard.js";

/** The path of the event stream the served page listens to. */
export const RELOAD_EVENTS_PATH = "/events";

/** Browsers listening at once; more get 503 (a page is opened a few times, not thousands). */
const MAX_LISTENERS = 32;

/** Options of `serveReport`; all optional. */
export interface ServeReportOptions {
  /** Port on 127.0.0.1. Default 0: a free one, chosen by the system (see `url`). */
  port?: number;
}

/** A running server: `show` replaces the page and reloads every open copy; `close` stops it. */
export interface ReportServer {
  /** Where the page is, e.g. http://127.0.0.1:43127/. */
  readonly url: string;
  show(data: ReportData): void;
  close(): Promise<void>;
}

/** Headers of every answer: nothing cached, nothing sniffed, no referrer. */
const COMMON_HEADERS = { "cache-control": "no-store", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" };

/**
 * Serves the report page at `/` and its reload events at `/events`, on 127.0.0.1 only. A request whose Host is not
 * this loopback address (a page on another site reaching it through DNS rebinding), or whose Origin is another site's,
 * is refused with 403 (createLoopbackGuard, shared with `calls listen`); anything but
 * GET of those two paths is 404 or 405. Bodies are never read.
 */
export async function serveReport(options: ServeReportOptions = {}): Promise<ReportServer> {
  let html: string | undefined;
  const csp = getReportCsp({ reloadEvents: RELOAD_EVENTS_PATH });
  const listeners = new Set<ServerResponse>();
  let port = 0;
  const guard = createLoopbackGuard(() => port);
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, text: string) =>
      response.writeHead(status, { ...COMMON_HEADERS, "content-type": "text/plain; charset=utf-8" }).end(`${text}\n`);
    const refused = guard.check(request.headers);
    if (refused !== undefined) return send(403, `Forbidden: ${refused}.`);
    const url = (request.url ?? "/").split("?")[0];
    if (url !== "/" && url !== RELOAD_EVENTS_PATH) return send(404, "Not found: the report is at /.");
    if (request.method !== "GET" && request.method !== "HEAD") return send(405, "Method not allowed.");
    if (url === "/") {
      if (html === undefined) return send(503, "The report is being written; reload in a moment.");
      response.writeHead(200, { ...COMMON_HEADERS, "content-type": "text/html; charset=utf-8", "content-security-policy": csp });
      return response.end(request.method === "HEAD" ? undefined : html);
    }
    if (listeners.size >= MAX_LISTENERS) return send(503, `Too many open copies of the report (${MAX_LISTENERS}); close some.`);
    response.writeHead(200, { ...COMMON_HEADERS, "content-type": "text/event-stream" });
    // A comment first, so the browser sees the stream open before the first reload.
    response.write(": connected\n\n");
    listeners.add(response);
    request.on("close", () => listeners.delete(response));
  };
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new EngineError("usage", `Cannot serve the report on 127.0.0.1:${options.port ?? 0} (${error.code ?? error.message}): choose another --port.`)),
    );
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    show(data) {
      html = toReportHtml(data, { reloadEvents: RELOAD_EVENTS_PATH });
      for (const listener of listeners) listener.write("event: reload\ndata: \n\n");
    },
    async close() {
      for (const listener of listeners) listener.end();
      listeners.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
