// An HTTP(S) proxy on 127.0.0.1 that records every host a process asks it for, and tunnels only to the hosts allowed.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

/** The running proxy. */
export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`, for HTTP_PROXY, HTTPS_PROXY and npm's `proxy` / `https-proxy`. */
  url: string;
  /** Every `host:port` asked for, in order (tunnels and plain requests). */
  hosts: string[];
  close(): Promise<void>;
}

/**
 * Starts the proxy. A CONNECT (https) to an allowed host is a plain TCP tunnel, so TLS stays end to end; a plain
 * http request to an allowed host is forwarded; anything else is answered 403 and only recorded.
 */
export async function startRecordingProxy(allowed: (host: string) => boolean): Promise<RecordingProxy> {
  const hosts: string[] = [];
  const tunnels = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? "", "http://invalid");
    hosts.push(target.host);
    if (!allowed(target.hostname)) {
      res.writeHead(403).end(`refused by the test proxy: ${target.host}\n`);
      return;
    }
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const [host = "", port = "443"] = (req.url ?? "").split(":");
    hosts.push(`${host}:${port}`);
    tunnels.add(socket);
    socket.on("close", () => tunnels.delete(socket));
    if (!allowed(host)) {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = net.connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    socket.on("close", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hosts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
